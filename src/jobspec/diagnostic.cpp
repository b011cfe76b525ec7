// SPDX-License-Identifier: MIT
#include "jobspec/diagnostic.h"

#include <algorithm>

namespace trainyard::jobspec {

SourcePos SourceMap::at(const QString &field) const
{
    QString path = field;
    while (!path.isEmpty()) {
        const auto it = positions.constFind(path);
        if (it != positions.constEnd())
            return *it;
        const qsizetype cut =
            std::max(path.lastIndexOf(QLatin1Char('.')), path.lastIndexOf(QLatin1Char('[')));
        if (cut <= 0)
            break;
        path.truncate(cut);
    }
    return {};
}

void SourceMap::locate(Diagnostic &diag) const
{
    if (!diag.origin.isEmpty())
        return;
    QString path = diag.field;
    while (!path.isEmpty()) {
        const auto flag = flags.constFind(path);
        if (flag != flags.constEnd()) {
            diag.origin = *flag;
            diag.pos = {};
            return;
        }
        const qsizetype cut =
            std::max(path.lastIndexOf(QLatin1Char('.')), path.lastIndexOf(QLatin1Char('[')));
        if (cut <= 0)
            break;
        path.truncate(cut);
    }
    diag.origin = fileName;
    if (!diag.pos.isValid())
        diag.pos = at(diag.field);
}

} // namespace trainyard::jobspec
