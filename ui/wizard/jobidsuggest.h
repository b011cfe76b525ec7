// SPDX-License-Identifier: MIT
// The job ID the wizard's "Suggest" button proposes: base_YYYYMMDD_HHMMSS, the naming the
// service's documentation recommends, made unique against the jobs that already exist.
#pragma once

#include <QDateTime>
#include <QSet>
#include <QString>

namespace trainyard::ui::wizard {

// The base name a suggestion starts from: the letters, digits and underscores of `currentId`
// (without a timestamp suffix it already carries), else the module name's, else "job".
QString suggestionBase(const QString &currentId, const QString &pythonModule);

// base_YYYYMMDD_HHMMSS (the base shortened to fit the length limit), with _2, _3, ... appended
// when that name is taken.
QString suggestJobId(const QString &base, const QDateTime &now, const QSet<QString> &existing);

} // namespace trainyard::ui::wizard
