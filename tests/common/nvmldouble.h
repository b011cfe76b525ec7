// SPDX-License-Identifier: MIT
// The NVML double's description (tests/nvmlfake): what its GPUs report, in a file named by
// NVMLFAKE_DESCRIPTION.
#pragma once

#include <QByteArray>
#include <QSaveFile>
#include <QString>

namespace trainyard::test {

// Writes `text` as the description at `path` by a rename, so the double (which rereads the file
// when it is a new one) never sees it half written. False when it could not be written.
[[nodiscard]] inline bool describeNvmlDouble(const QString &path, const QByteArray &text)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(text);
    return f.commit();
}

} // namespace trainyard::test
