// SPDX-License-Identifier: MIT
#include "jobspec/arguments.h"

namespace trainyard::jobspec {

namespace {

// "-1", "-0.5", "-1e-3": a negative number is a value, not an option.
bool isOption(const QString &arg)
{
    if (!arg.startsWith(QLatin1Char('-')) || arg.size() < 2)
        return false;
    bool number = false;
    arg.toDouble(&number);
    return !number;
}

} // namespace

QMap<QString, QString> argumentMap(const QStringList &args)
{
    QMap<QString, QString> map;
    int positional = 0;
    for (int i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("--")) {
            for (++i; i < args.size(); ++i)
                map.insert(QStringLiteral("arg %1").arg(++positional), args.at(i));
            break;
        }
        if (!isOption(arg)) {
            map.insert(QStringLiteral("arg %1").arg(++positional), arg);
            continue;
        }
        QString name = arg.mid(arg.startsWith(QLatin1String("--")) ? 2 : 1);
        const qsizetype eq = name.indexOf(QLatin1Char('='));
        if (eq >= 0) {
            map.insert(name.left(eq), name.mid(eq + 1));
        } else if (i + 1 < args.size() && !isOption(args.at(i + 1))) {
            map.insert(name, args.at(++i));
        } else {
            map.insert(name, QStringLiteral("true"));
        }
    }
    return map;
}

} // namespace trainyard::jobspec
