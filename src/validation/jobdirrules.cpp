// SPDX-License-Identifier: MIT
// jobDir rules (docs/service.md §11, gcloud's client-side check): gs://bucket/object or
// gs://bucket/;
// bucket 3–222 characters of a–z 0–9 - _ ., each dot-separated part at most 63, starting and
// ending with a letter or digit, not an IPv4 address; object at most 1024 UTF-8 bytes without
// CR or LF. Local directories are fine for local runs only.
#include "validation/limits.h"
#include "validation/rules.h"

#include <algorithm>

namespace trainyard::validation::detail {

namespace {

bool isLowerAlnum(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
}

bool isBucketChar(QChar c)
{
    return isLowerAlnum(c) || c == QLatin1Char('-') || c == QLatin1Char('_') ||
           c == QLatin1Char('.');
}

bool isDigits(QStringView s, qsizetype min, qsizetype max)
{
    if (s.size() < min || s.size() > max)
        return false;
    for (QChar c : s) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return true;
}

bool looksLikeIpv4(QStringView bucket)
{
    int parts = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= bucket.size(); ++i) {
        if (i < bucket.size() && bucket.at(i) != QLatin1Char('.'))
            continue;
        if (!isDigits(bucket.mid(start, i - start), 1, 3))
            return false;
        ++parts;
        start = i + 1;
    }
    return parts == 4;
}

qsizetype longestPart(QStringView bucket)
{
    qsizetype longest = 0;
    qsizetype current = 0;
    for (QChar c : bucket) {
        current = c == QLatin1Char('.') ? 0 : current + 1;
        longest = std::max(longest, current);
    }
    return longest;
}

// Returns the first problem of a bucket name, or an empty string.
QString bucketProblem(QStringView bucket)
{
    const auto name = [bucket] { return quoted(bucket.toString()); };
    if (bucket.size() < limits::bucketMinLength || bucket.size() > limits::bucketMaxLength) {
        return QCoreApplication::translate(
                   "trainyard::Validation",
                   "the bucket name %1 is %2 characters long; bucket names have %3 to "
                   "%4 characters")
            .arg(name(), QString::number(bucket.size()), QString::number(limits::bucketMinLength),
                 QString::number(limits::bucketMaxLength));
    }
    for (qsizetype i = 0; i < bucket.size(); ++i) {
        if (!isBucketChar(bucket.at(i))) {
            return QCoreApplication::translate(
                       "trainyard::Validation",
                       "the bucket name %1 contains %2: bucket names use only lowercase "
                       "letters, digits, '-', '_' and '.'")
                .arg(name(), quoted(QString(bucket.at(i))));
        }
    }
    if (!isLowerAlnum(bucket.front()) || !isLowerAlnum(bucket.back())) {
        return QCoreApplication::translate(
                   "trainyard::Validation",
                   "the bucket name %1 must start and end with a lowercase letter or a "
                   "digit")
            .arg(name());
    }
    if (const qsizetype longest = longestPart(bucket); longest > limits::bucketPartMaxLength) {
        return QCoreApplication::translate(
                   "trainyard::Validation",
                   "the bucket name %1 has a dot-separated part of %2 characters; "
                   "each part may have at most %3")
            .arg(name(), QString::number(longest), QString::number(limits::bucketPartMaxLength));
    }
    if (looksLikeIpv4(bucket)) {
        return QCoreApplication::translate(
                   "trainyard::Validation",
                   "the bucket name %1 is an IP address; use a bucket name such as "
                   "my-bucket")
            .arg(name());
    }
    return {};
}

} // namespace

void checkJobDir(Context &ctx)
{
    const QString &dir = ctx.input.jobDir;
    if (dir.isEmpty())
        return;
    const QString field = QStringLiteral("trainingInput.jobDir");
    if (dir.trimmed().isEmpty()) {
        ctx.error(field, QCoreApplication::translate(
                             "trainyard::Validation",
                             "jobDir is blank: give a directory (gs://bucket/path for "
                             "the service) or remove jobDir"));
        return;
    }
    if (!dir.startsWith(limits::latin1(limits::gcsScheme))) {
        if (!ctx.isLocal()) {
            ctx.error(field, QCoreApplication::translate(
                                 "trainyard::Validation",
                                 "jobDir must be a gs:// path for the service; local "
                                 "directories work only for local runs"));
        }
        return;
    }

    const QStringView rest = QStringView(dir).mid(qsizetype(limits::gcsScheme.size()));
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    const QStringView bucket = slash < 0 ? rest : rest.left(slash);
    const QStringView object = slash < 0 ? QStringView() : rest.mid(slash + 1);

    const QString problem = bucketProblem(bucket);
    if (!problem.isEmpty()) {
        ctx.error(field, QCoreApplication::translate("trainyard::Validation", "jobDir %1: %2")
                             .arg(quoted(dir), problem));
        return;
    }
    if (object.contains(QLatin1Char('\n')) || object.contains(QLatin1Char('\r'))) {
        ctx.error(field, QCoreApplication::translate(
                             "trainyard::Validation",
                             "jobDir contains a line break; object names cannot contain "
                             "carriage returns or line feeds"));
    }
    // UTF-8 length without converting: 1, 2 or 3 bytes per UTF-16 unit, 4 per surrogate pair.
    qsizetype bytes = 0;
    for (QChar c : object) {
        const char16_t u = c.unicode();
        bytes += u < 0x80 ? 1 : u < 0x800 ? 2 : QChar::isSurrogate(u) ? 2 : 3;
    }
    if (bytes > limits::objectMaxBytes) {
        ctx.error(field, QCoreApplication::translate(
                             "trainyard::Validation",
                             "the object path of jobDir is %1 bytes long (UTF-8); the "
                             "maximum is %2")
                             .arg(QString::number(bytes), QString::number(limits::objectMaxBytes)));
    }
}

} // namespace trainyard::validation::detail
