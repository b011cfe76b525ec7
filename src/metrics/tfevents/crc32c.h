// SPDX-License-Identifier: MIT
// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) and the masking TFRecord files use for
// their length and data checksums: masked = ((crc >> 15) | (crc << 17)) + 0xa282ead8, all mod
// 2^32 (tensorflow/tsl/lib/hash/crc32c.h: Mask/Unmask; TensorBoard's pure-Python copy in
// tensorboard/compat/tensorflow_stub/pywrap_tensorflow.py: masked_crc32c).
#pragma once

#include <cstddef>
#include <cstdint>

namespace trainyard::metrics::tfevents {

// CRC-32C of data[0, size), continuing from crc (0 for a fresh checksum).
// Uses the SSE 4.2 CRC32 instruction where the CPU has it, else crc32cPortable().
std::uint32_t crc32c(const void *data, std::size_t size, std::uint32_t crc = 0);
// Table-driven (slicing-by-8), for any CPU; the same results.
std::uint32_t crc32cPortable(const void *data, std::size_t size, std::uint32_t crc = 0);

constexpr std::uint32_t MaskDelta = 0xa282ead8u;

constexpr std::uint32_t maskCrc(std::uint32_t crc)
{
    return ((crc >> 15) | (crc << 17)) + MaskDelta;
}

constexpr std::uint32_t unmaskCrc(std::uint32_t masked)
{
    const std::uint32_t rot = masked - MaskDelta;
    return (rot >> 17) | (rot << 15);
}

inline std::uint32_t maskedCrc32c(const void *data, std::size_t size)
{
    return maskCrc(crc32c(data, size));
}

} // namespace trainyard::metrics::tfevents
