// SPDX-License-Identifier: MIT
#include "metrics/tfevents/crc32c.h"

#include <array>

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

} // namespace

std::uint32_t crc32c(const void *data, std::size_t size, std::uint32_t crc)
{
    const auto &t = tables().t;
    const auto *p = static_cast<const unsigned char *>(data);
    std::uint32_t c = ~crc;
    while (size >= 8) {
        const std::uint32_t lo = c ^ (std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8
                                      | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24);
        const std::uint32_t hi = std::uint32_t(p[4]) | std::uint32_t(p[5]) << 8
                                 | std::uint32_t(p[6]) << 16 | std::uint32_t(p[7]) << 24;
        c = t[7][lo & 0xffu] ^ t[6][(lo >> 8) & 0xffu] ^ t[5][(lo >> 16) & 0xffu]
            ^ t[4][lo >> 24] ^ t[3][hi & 0xffu] ^ t[2][(hi >> 8) & 0xffu]
            ^ t[1][(hi >> 16) & 0xffu] ^ t[0][hi >> 24];
        p += 8;
        size -= 8;
    }
    while (size--)
        c = (c >> 8) ^ t[0][(c ^ *p++) & 0xffu];
    return ~c;
}

} // namespace trainyard::metrics::tfevents
