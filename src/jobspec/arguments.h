// SPDX-License-Identifier: MIT
// A job's arguments as named values, for showing runs side by side: "--lr=0.1" and "--lr 0.1"
// give lr = 0.1, a flag alone ("--fast", followed by another option or nothing) gives
// fast = true, "-x 3" gives x = 3, and positional arguments are named "arg 1", "arg 2", ...
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace trainyard::jobspec {

QMap<QString, QString> argumentMap(const QStringList &args);

} // namespace trainyard::jobspec
