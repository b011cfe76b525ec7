// SPDX-License-Identifier: MIT
// Job ID rules (docs/service.md §1): required, a letter first, then letters, digits and
// underscores, at most 128 characters, and not the name of a job that already exists.
#include "validation/jobids.h"
#include "validation/limits.h"
#include "validation/rules.h"

namespace trainyard::validation {

namespace {

bool isAsciiLetter(char32_t c)
{
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
}

bool isJobIdChar(char32_t c)
{
    return isAsciiLetter(c) || (c >= U'0' && c <= U'9') || c == U'_';
}

jobspec::Diagnostic jobIdError(const QString &message)
{
    jobspec::Diagnostic d;
    d.severity = jobspec::Severity::Error;
    d.field = QStringLiteral("jobId");
    d.message = message;
    return d;
}

} // namespace

jobspec::Diagnostics validateJobId(const QString &jobId, const QSet<QString> &existingJobIds)
{
    jobspec::Diagnostics out;
    if (jobId.isEmpty()) {
        out.append(jobIdError(QCoreApplication::translate(
            "trainyard::Validation", "jobId is required: use a letter followed by "
                                     "letters, digits and underscores, e.g. "
                                     "census_20240101_120000")));
        return out;
    }

    const qsizetype length = detail::forEachCodePoint(jobId, [&](qsizetype pos, char32_t c) {
        if (pos == 1) {
            if (!isAsciiLetter(c)) {
                out.append(
                    jobIdError(QCoreApplication::translate("trainyard::Validation",
                                                           "jobId must start with a letter (A–Z or "
                                                           "a–z), not %1")
                                   .arg(detail::quoted(detail::codePointText(c)))));
            }
            return true;
        }
        if (isJobIdChar(c))
            return true;
        const QString position = QString::number(pos);
        const QString ch = detail::quoted(detail::codePointText(c));
        QString message;
        if (c == U'-') {
            message = QCoreApplication::translate(
                          "trainyard::Validation",
                          "character %1 %2 is not allowed: use letters, digits and "
                          "underscores (hyphens are not allowed)")
                          .arg(position, ch);
        } else if (QChar::isLetter(c)) {
            message = QCoreApplication::translate(
                          "trainyard::Validation",
                          "character %1 %2 is not allowed: use only the letters A–Z "
                          "and a–z, digits and underscores")
                          .arg(position, ch);
        } else {
            message = QCoreApplication::translate(
                          "trainyard::Validation",
                          "character %1 %2 is not allowed: use letters, digits and "
                          "underscores")
                          .arg(position, ch);
        }
        out.append(jobIdError(message));
        return false; // one character is enough to point the user at the problem
    });

    if (length > limits::jobIdMaxLength) {
        out.append(
            jobIdError(QCoreApplication::translate("trainyard::Validation",
                                                   "jobId is %1 characters long; the maximum is %2")
                           .arg(length)
                           .arg(limits::jobIdMaxLength)));
    }

    if (existingJobIds.contains(jobId)) {
        const QString alternative = freeJobId(
            jobId, [&existingJobIds](const QString &id) { return existingJobIds.contains(id); }, 2);
        out.append(
            jobIdError(QCoreApplication::translate("trainyard::Validation",
                                                   "a job named %1 already exists: choose another "
                                                   "jobId, e.g. %2")
                           .arg(jobId, alternative)));
    }
    return out;
}

namespace detail {

void checkJobId(Context &ctx)
{
    const jobspec::Diagnostics diags = validateJobId(ctx.job.jobId, ctx.options.existingJobIds);
    for (const jobspec::Diagnostic &d : diags)
        ctx.report(d.severity, d.field, d.message);
}

} // namespace detail
} // namespace trainyard::validation
