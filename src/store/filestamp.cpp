// SPDX-License-Identifier: MIT
#include "store/filestamp.h"

#include <QFile>
#include <sys/stat.h>

namespace trainyard::store {

std::optional<FileStamp> fileStamp(const QString &path)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return std::nullopt;
    FileStamp stamp;
    stamp.device = quint64(st.st_dev);
    stamp.inode = quint64(st.st_ino);
    stamp.size = qint64(st.st_size);
    stamp.mtimeNs = qint64(st.st_mtim.tv_sec) * 1000000000 + qint64(st.st_mtim.tv_nsec);
    return stamp;
}

} // namespace trainyard::store
