// SPDX-License-Identifier: MIT
// Reading a window as a screen reader's bridge reads it: the QAccessible tree from a widget,
// the objects a user operates (focusable, or with an action), their names, and the names that
// two of them share.
#pragma once

#include <QAccessible>
#include <QHash>
#include <QStringList>
#include <QWidget>

namespace trainyard::test {

// Every shown object under `iface`, depth first. Tables, lists and trees are not entered: their
// cells are data (a log has millions of lines), read through the table interface.
inline void collectAccessible(QAccessibleInterface *iface, QList<QAccessibleInterface *> &out,
                              int depth = 0)
{
    if (!iface || !iface->isValid() || depth > 40 || iface->state().invisible)
        return;
    out.append(iface);
    const QAccessible::Role role = iface->role();
    if (role == QAccessible::Table || role == QAccessible::List || role == QAccessible::Tree)
        return;
    for (int i = 0; i < iface->childCount(); ++i)
        collectAccessible(iface->child(i), out, depth + 1);
}

// What a user operates: focusable objects and those with an action (press, toggle, ...), but
// scroll bars (named by their orientation by the screen reader itself) and tab lists: Qt 6.4
// names a tab list by its current tab whatever its accessible name (QAccessibleTabBar), and a
// reader announces the two as one; the tabs themselves are checked.
inline bool isOperable(QAccessibleInterface *iface)
{
    const QAccessible::Role role = iface->role();
    if (role == QAccessible::ScrollBar || role == QAccessible::Client ||
        role == QAccessible::Window || role == QAccessible::Dialog ||
        role == QAccessible::PageTabList)
        return false;
    if (iface->state().focusable)
        return true;
    QAccessibleActionInterface *actions = iface->actionInterface();
    if (!actions)
        return false;
    QStringList names = actions->actionNames();
    names.removeAll(QAccessibleActionInterface::setFocusAction());
    return !names.isEmpty();
}

inline QString describe(QAccessibleInterface *iface)
{
    QObject *o = iface->object();
    return QStringLiteral("%1 '%2' (%3 %4)")
        .arg(QString::number(int(iface->role()), 16), iface->text(QAccessible::Name),
             o ? QString::fromLatin1(o->metaObject()->className()) : QStringLiteral("-"),
             o ? o->objectName() : QString());
}

struct NameCheck
{
    QStringList unnamed;    // operable objects without a name
    QStringList duplicates; // names two operable objects share
    QList<QAccessibleInterface *> operable;
};

inline NameCheck checkNames(QWidget *root)
{
    NameCheck check;
    QList<QAccessibleInterface *> all;
    collectAccessible(QAccessible::queryAccessibleInterface(root), all);
    QHash<QString, QAccessibleInterface *> seen;
    for (QAccessibleInterface *iface : std::as_const(all)) {
        if (!isOperable(iface))
            continue;
        check.operable.append(iface);
        const QString name = iface->text(QAccessible::Name).trimmed();
        if (name.isEmpty()) {
            check.unnamed.append(describe(iface));
            continue;
        }
        if (QAccessibleInterface *first = seen.value(name))
            check.duplicates.append(describe(first) + QStringLiteral(" and ") + describe(iface));
        else
            seen.insert(name, iface);
    }
    return check;
}

// The operable object named `name` under root (nullptr: none).
inline QAccessibleInterface *findNamed(QWidget *root, const QString &name)
{
    QList<QAccessibleInterface *> all;
    collectAccessible(QAccessible::queryAccessibleInterface(root), all);
    for (QAccessibleInterface *iface : std::as_const(all)) {
        if (iface->text(QAccessible::Name) == name)
            return iface;
    }
    return nullptr;
}

} // namespace trainyard::test
