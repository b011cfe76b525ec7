// SPDX-License-Identifier: MIT
#include "metrics/tfevents/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define TRAINYARD_CRC32C_SSE42 1
#endif

namespace trainyard::metrics::tfevents {

namespace {

// Slicing-by-8 tables for the reflected Castagnoli polynomial: eight bytes per step.
struct Tables
{
    std::array<std::array<std::uint32_t, 256>, 8> t{};

    Tables()
    {
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k)
                c = (c & 1u) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
            t[0][i] = c;
        }
        for (std::size_t s = 1; s < 8; ++s) {
            for (std::size_t i = 0; i < 256; ++i)
                t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xffu];
        }
    }
};

const Tables &tables()
{
    static const Tables instance;
    return instance;
}

#ifdef TRAINYARD_CRC32C_SSE42
// The CRC32 instruction of SSE 4.2 computes exactly CRC-32C, eight bytes per instruction.
__attribute__((target("sse4.2"))) std::uint32_t crc32cSse42(const void *data, std::size_t size,
                                                            std::uint32_t crc)
{
    const auto *p = static_cast<const unsigned char *>(data);
    std::uint64_t c = ~crc;
    while (size >= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        c = _mm_crc32_u64(c, v);
        p += 8;
        size -= 8;
    }
    auto c32 = std::uint32_t(c);
    while (size--)
        c32 = _mm_crc32_u8(c32, *p++);
    return ~c32;
}

const bool hasSse42 = __builtin_cpu_supports("sse4.2");
#endif

} // namespace

std::uint32_t crc32c(const void *data, std::size_t size, std::uint32_t crc)
{
#ifdef TRAINYARD_CRC32C_SSE42
    if (hasSse42)
        return crc32cSse42(data, size, crc);
#endif
    return crc32cPortable(data, size, crc);
}

std::uint32_t crc32cPortable(const void *data, std::size_t size, std::uint32_t crc)
{
    const auto &t = tables().t;
    const auto *p = static_cast<const unsigned char *>(data);
    std::uint32_t c = ~crc;
    while (size >= 8) {
        const std::uint32_t lo = c ^ (std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 |
                                      std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24);
        const std::uint32_t hi = std::uint32_t(p[4]) | std::uint32_t(p[5]) << 8 |
                                 std::uint32_t(p[6]) << 16 | std::uint32_t(p[7]) << 24;
        c = t[7][lo & 0xffu] ^ t[6][(lo >> 8) & 0xffu] ^ t[5][(lo >> 16) & 0xffu] ^ t[4][lo >> 24] ^
            t[3][hi & 0xffu] ^ t[2][(hi >> 8) & 0xffu] ^ t[1][(hi >> 16) & 0xffu] ^ t[0][hi >> 24];
        p += 8;
        size -= 8;
    }
    while (size--)
        c = (c >> 8) ^ t[0][(c ^ *p++) & 0xffu];
    return ~c;
}

} // namespace trainyard::metrics::tfevents
