// SPDX-License-Identifier: MIT
#include "store/fdwrite.h"

#include <cerrno>
#include <unistd.h>

namespace trainyard::store {

int writeFully(int fd, const char *data, std::size_t size, std::size_t *written)
{
    std::size_t done = 0;
    int error = 0;
    while (done < size) {
        const ssize_t n = ::write(fd, data + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) { // 0: never for a file or a pipe; do not loop forever
            error = n < 0 ? errno : EIO;
            break;
        }
        done += std::size_t(n);
    }
    if (written)
        *written = done;
    return error;
}

} // namespace trainyard::store
