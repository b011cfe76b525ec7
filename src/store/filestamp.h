// SPDX-License-Identifier: MIT
// What a path names now, as far as a reader that polls needs to know: a file replaced
// atomically (a new inode), grown, shrunk or touched gets another stamp.
#pragma once

#include <QString>
#include <optional>

namespace trainyard::store {

struct FileStamp
{
    quint64 device = 0;
    quint64 inode = 0;
    qint64 size = -1;
    qint64 mtimeNs = 0;

    bool operator==(const FileStamp &o) const
    {
        return device == o.device && inode == o.inode && size == o.size && mtimeNs == o.mtimeNs;
    }
    bool operator!=(const FileStamp &o) const { return !(*this == o); }
};

// stat(2) of `path`; nothing when it cannot be stat'ed.
std::optional<FileStamp> fileStamp(const QString &path);

} // namespace trainyard::store
