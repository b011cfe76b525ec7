// SPDX-License-Identifier: MIT
// The median the benchmarks quote (the machine is shared and noisy: medians, not single runs).
#pragma once

#include <algorithm>

namespace trainyard::bench {

// The middle value of `values` (the upper one of an even count); 0 when there is none.
template<typename Container>
double median(Container values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return double(values[values.size() / 2]);
}

} // namespace trainyard::bench
