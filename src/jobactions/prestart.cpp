// SPDX-License-Identifier: MIT
#include "jobactions/prestart.h"

namespace trainyard::jobactions {

bool PreStartReport::refused() const
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(),
                       [](const PreStartDiagnostic &d) { return d.isError(); });
}

QList<Remedy> PreStartReport::remedies() const
{
    QList<Remedy> all;
    for (const PreStartDiagnostic &d : diagnostics) {
        if (!d.isError())
            continue;
        for (Remedy r : d.remedies) {
            if (!all.contains(r))
                all.append(r);
        }
    }
    return all;
}

QList<PreStartDiagnostic> PreStartReport::errors() const
{
    QList<PreStartDiagnostic> out;
    for (const PreStartDiagnostic &d : diagnostics) {
        if (d.isError())
            out.append(d);
    }
    return out;
}

QList<PreStartDiagnostic> PreStartReport::of(const QString &check) const
{
    QList<PreStartDiagnostic> out;
    for (const PreStartDiagnostic &d : diagnostics) {
        if (d.check == check)
            out.append(d);
    }
    return out;
}

} // namespace trainyard::jobactions
