// SPDX-License-Identifier: MIT
// Help > Keyboard shortcuts (F1): every shortcut of the menus, read from the menu bar's actions
// (so the list cannot go stale), and the keys the views take (the log view, the charts, the
// Compare window, the wizard), in a table a screen reader reads row by row.
#pragma once

#include <QDialog>

class QMenuBar;
class QTreeWidget;

namespace trainyard::ui {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    struct Key
    {
        QString keys;
        QString what;
    };
    struct Group
    {
        QString where;
        QList<Key> keys;
    };

    ShortcutsDialog(const QMenuBar *menus, QWidget *parent = nullptr);
    QTreeWidget *tree() const { return m_tree; }

    // The menus' shortcuts ("Job › Cancel job…"), then the views' keys.
    static QList<Group> groups(const QMenuBar *menus);

private:
    QTreeWidget *m_tree;
};

} // namespace trainyard::ui
