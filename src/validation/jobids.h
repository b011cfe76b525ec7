// SPDX-License-Identifier: MIT
// New job IDs: the one generator of them. A new job's ID keeps the service's rules (a letter,
// then letters, digits and underscores, at most 128 characters: docs/service.md §1) and names no
// job that exists. Three forms, one numbering:
//   - a fresh job: STEM_YYYYMMDD_HHMMSS, the naming the service's documentation recommends (the
//     wizard's Suggest, `trainyard local train`'s local_MODULE_...);
//   - a run again: STEM_run2, STEM_run3 ... (lr_0_5 runs again as lr_0_5_run2; a run number the
//     ID already ends in is replaced);
//   - a free variant of a taken ID, for an error's example: census_2, census_3 ...
// A number is appended (_2, _3, ...) where the candidate is taken, the ID shortened to keep the
// length limit. Pure: what is taken is asked of `taken` (the store, a set of IDs).
#pragma once

#include <QDateTime>
#include <QString>
#include <functional>

namespace trainyard::validation {

using JobIdTaken = std::function<bool(const QString &jobId)>;

// The stem a new ID starts from: the letters, digits and underscores of `text` from its first
// letter ('.' and '-' become '_'), without a timestamp (and number) an earlier ID carries;
// `fallback` when nothing is left.
QString jobIdStem(const QString &text, const QString &fallback = QStringLiteral("job"));

// `wanted` when it is free (and `from` <= 1), else wanted_N for the first free N >= max(2, from);
// `wanted` shortened so the number fits the length limit. An empty string when no N up to 999 is
// free.
QString freeJobId(const QString &wanted, const JobIdTaken &taken, int from = 1);

// STEM_YYYYMMDD_HHMMSS, numbered as freeJobId() when taken. The stem is shortened so that the
// stamp and a number up to _999 keep the limit.
QString stampedJobId(const QString &stem, const QDateTime &now, const JobIdTaken &taken,
                     int from = 1);

// The ID a run again of `jobId` gets: STEM_run2, STEM_run3, ... the first that is free.
QString rerunJobId(const QString &jobId, const JobIdTaken &taken);

} // namespace trainyard::validation
