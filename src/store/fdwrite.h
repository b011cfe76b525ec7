// SPDX-License-Identifier: MIT
// All of a buffer written to a descriptor with write(2): again after EINTR and after a short
// write, and the errno of the write that failed (a log batch, an atomic file's content, a helper
// process's answer on its standard output).
#pragma once

#include <cstddef>

namespace trainyard::store {

// Writes the `size` bytes at `data` to `fd`. Returns 0, or the failing write's errno (EIO for a
// write that wrote nothing). *written, when given, says how much went out either way.
int writeFully(int fd, const char *data, std::size_t size, std::size_t *written = nullptr);

} // namespace trainyard::store
