// SPDX-License-Identifier: MIT
#include "exec/companion.h"

#include <climits>
#include <unistd.h>

namespace trainyard::exec {

std::string programBeside(const char *name)
{
    char self[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    std::string path;
    if (n > 0) {
        path.assign(self, size_t(n));
        path.erase(path.rfind('/') + 1);
    }
    return path + name;
}

} // namespace trainyard::exec
