// SPDX-License-Identifier: MIT
// Shared helpers of the spec tests: the job of the reference's full example, fixture reading
// and readable dumps of diagnostics.
#pragma once

#include "common/referencejob.h"
#include "jobspec/yamlio.h"

#include <QFile>
#include <QString>

namespace trainyard::jobspec::test {

inline QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(TRAINYARD_FIXTURES_DIR "/jobspec/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

inline QString fixturePath(const char *name)
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/jobspec/") + QLatin1String(name);
}

inline QString dump(const Diagnostics &diags)
{
    QString out;
    for (const Diagnostic &d : diags) {
        out += QStringLiteral("%1 %2:%3 %4: %5\n")
                   .arg(d.isError() ? QStringLiteral("error") : QStringLiteral("warning"))
                   .arg(d.pos.line)
                   .arg(d.pos.column)
                   .arg(d.field, d.message);
    }
    return out;
}

using trainyard::test::fullExampleJob;

} // namespace trainyard::jobspec::test
