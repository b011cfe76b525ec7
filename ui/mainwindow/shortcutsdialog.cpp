// SPDX-License-Identifier: MIT
#include "mainwindow/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace trainyard::ui {

namespace {

QString plainText(QString text)
{
    text.remove(QLatin1Char('&'));
    return text.remove(QStringLiteral("…"));
}

void addMenu(const QMenu *menu, const QString &path, QList<ShortcutsDialog::Key> &keys)
{
    for (const QAction *action : menu->actions()) {
        if (action->menu()) {
            addMenu(action->menu(), path + QStringLiteral(" › ") + plainText(action->text()), keys);
            continue;
        }
        if (action->isSeparator() || action->shortcut().isEmpty())
            continue;
        keys.append({action->shortcut().toString(QKeySequence::NativeText),
                     path + QStringLiteral(" › ") + plainText(action->text())});
    }
}

QString keys(const QKeySequence &sequence)
{
    return sequence.toString(QKeySequence::NativeText);
}

} // namespace

QList<ShortcutsDialog::Group> ShortcutsDialog::groups(const QMenuBar *menus)
{
    QList<Group> list;
    Group menuKeys{tr("Menus"), {}};
    for (const QAction *action : menus->actions()) {
        if (action->menu())
            addMenu(action->menu(), plainText(action->text()), menuKeys.keys);
    }
    list.append(menuKeys);
    list.append({tr("Job list and detail"),
                 {{keys(QKeySequence::Find), tr("Go to the filter of the tab in front (the job "
                                                "filter, the log search)")},
                  {tr("Shift+F10, Menu"), tr("The context menu of the job or replica")},
                  {tr("Alt+O, Alt+L, Alt+M, Alt+C"), tr("Overview, Logs, Metrics, Config tab")},
                  {tr("Shift+F1"), tr("What's This: why a menu item is disabled")}}});
    list.append({tr("Logs"),
                 {{tr("F3, Enter in the search"), tr("Next match")},
                  {tr("Shift+F3"), tr("Previous match")},
                  {tr("Up, Down, Page Up, Page Down"), tr("Move between lines (Shift: select)")},
                  {tr("Ctrl+Home, Ctrl+End"), tr("First line; last line and follow")},
                  {keys(QKeySequence::Copy), tr("Copy the selected lines")},
                  {keys(QKeySequence::SelectAll), tr("Select every line")}}});
    list.append({tr("Charts"),
                 {{tr("Tab"), tr("The next chart, its Table and Export buttons")},
                  {tr("T"), tr("The chart's points as a table")},
                  {tr("Left, Right, Up, Down"), tr("Pan")},
                  {tr("+, -"), tr("Zoom in, zoom out")},
                  {tr("Home"), tr("Reset the zoom")},
                  {tr("Shift+F10, Menu"), tr("Reset zoom, table, step axes, export")}}});
    list.append({tr("Compare and wizard windows"),
                 {{tr("Escape, %1").arg(keys(QKeySequence::Close)), tr("Close the window")}}});
    return list;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menus, QWidget *parent)
    : QDialog(parent)
    , m_tree(new QTreeWidget(this))
{
    setWindowTitle(tr("Keyboard shortcuts"));
    m_tree->setObjectName(QStringLiteral("shortcuts"));
    m_tree->setAccessibleName(tr("Keyboard shortcuts"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Keys"), tr("Action")});
    m_tree->setRootIsDecorated(false);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (const Group &group : groups(menus)) {
        auto *top = new QTreeWidgetItem(m_tree, {group.where});
        QFont bold = top->font(0);
        bold.setBold(true);
        top->setFont(0, bold);
        top->setFirstColumnSpanned(true);
        for (const Key &key : group.keys)
            new QTreeWidgetItem(top, {key.keys, key.what});
    }
    m_tree->expandAll();
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    resize(640, 560);
    m_tree->setFocus();
}

} // namespace trainyard::ui
