// SPDX-License-Identifier: MIT
// libFuzzer target for config.yaml import (build with -DTRAINYARD_FUZZ=ON and clang).
// Any input must give a result without crashing; an accepted job must survive export and
// re-import unchanged, and every diagnostic must say something.
#include "jobspec/yamlio.h"

#include <cstdint>
#include <cstdlib>

using namespace trainyard::jobspec;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const ImportResult first = importJob(bytes, QStringLiteral("fuzz.yaml"));
    for (const Diagnostic &d : first.diagnostics) {
        if (d.message.isEmpty())
            std::abort();
    }
    if (!first.ok())
        return 0;
    const QByteArray exported = exportYaml(first.job, ExportScope::WithLocal);
    const ImportResult second = importJob(exported, QStringLiteral("export.yaml"));
    if (!second.ok() || !second.diagnostics.isEmpty())
        std::abort();
    // Compared as text so that NaN values (never equal to themselves) do not count.
    if (exportYaml(second.job, ExportScope::WithLocal) != exported)
        std::abort();
    return 0;
}
