// SPDX-License-Identifier: MIT
#include "wizard/listeditors.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace trainyard::ui::wizard {

namespace {

QListWidgetItem *newListItem(const QString &text)
{
    auto *item = new QListWidgetItem(text);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    return item;
}

// Names a button by the editor's subject (the list's accessible name, which the page set).
void nameButton(QPushButton *button, const QString &pattern, const QWidget *list)
{
    const QString subject = list->accessibleName();
    if (!subject.isEmpty())
        button->setAccessibleName(pattern.arg(subject));
}

} // namespace

void StringListEditor::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    nameButton(m_add, tr("Add to %1"), m_list);
    nameButton(m_remove, tr("Remove from %1"), m_list);
    nameButton(m_up, tr("Move up in %1"), m_list);
    nameButton(m_down, tr("Move down in %1"), m_list);
}

void TableEditor::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    nameButton(m_add, tr("Add to %1"), m_table);
    nameButton(m_remove, tr("Remove from %1"), m_table);
}

StringListEditor::StringListEditor(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_add(new QPushButton(tr("Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_up(new QPushButton(tr("Up"), this))
    , m_down(new QPushButton(tr("Down"), this))
{
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    // Room for a handful of rows; the list scrolls beyond that (the height follows the font, so
    // it scales with the display).
    m_list->setMinimumHeight(m_list->fontMetrics().height() * 4);
    m_list->setMaximumHeight(m_list->fontMetrics().height() * 7);
    setFocusProxy(m_list);

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_add, &QPushButton::clicked, this, &StringListEditor::addRow);
    connect(m_remove, &QPushButton::clicked, this, &StringListEditor::removeRow);
    connect(m_up, &QPushButton::clicked, this, [this] { moveRow(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveRow(1); });
    connect(m_list, &QListWidget::itemChanged, this, &StringListEditor::changed);
    connect(m_list, &QListWidget::currentRowChanged, this, &StringListEditor::updateButtons);
    updateButtons();
}

void StringListEditor::setValues(const QStringList &values)
{
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const QString &v : values)
        m_list->addItem(newListItem(v));
    updateButtons();
    Q_EMIT changed();
}

QStringList StringListEditor::values() const
{
    QStringList out;
    out.reserve(m_list->count());
    for (int i = 0; i < m_list->count(); ++i)
        out.append(m_list->item(i)->text());
    return out;
}

void StringListEditor::addRow()
{
    QListWidgetItem *item = newListItem(QString());
    {
        const QSignalBlocker blocker(m_list);
        m_list->addItem(item);
    }
    m_list->setCurrentItem(item);
    m_list->setFocus();
    m_list->editItem(item);
    updateButtons();
    Q_EMIT changed();
}

void StringListEditor::removeRow()
{
    const int row = m_list->currentRow();
    if (row < 0)
        return;
    delete m_list->takeItem(row);
    updateButtons();
    Q_EMIT changed();
}

void StringListEditor::moveRow(int delta)
{
    const int row = m_list->currentRow();
    const int target = row + delta;
    if (row < 0 || target < 0 || target >= m_list->count())
        return;
    {
        const QSignalBlocker blocker(m_list);
        QListWidgetItem *item = m_list->takeItem(row);
        m_list->insertItem(target, item);
    }
    m_list->setCurrentRow(target);
    updateButtons();
    Q_EMIT changed();
}

void StringListEditor::updateButtons()
{
    const int row = m_list->currentRow();
    m_remove->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < m_list->count());
}

TableEditor::TableEditor(const QStringList &headers, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, int(headers.size()), this))
    , m_add(new QPushButton(tr("Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
{
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_table->setMinimumHeight(m_table->fontMetrics().height() * 5);
    m_table->setMaximumHeight(m_table->fontMetrics().height() * 9);
    setFocusProxy(m_table);

    QPushButton *add = m_add;
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_remove);

    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, [this] {
        const int row = appendRow({});
        m_table->setCurrentCell(row, 0);
        m_table->setFocus();
        m_table->editItem(m_table->item(row, 0));
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row < 0)
            return;
        m_table->removeRow(row);
        Q_EMIT changed();
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (!m_filling)
            Q_EMIT changed();
    });
    connect(m_table, &QTableWidget::currentCellChanged, this,
            [this](int row) { m_remove->setEnabled(row >= 0); });
    m_remove->setEnabled(false);
}

int TableEditor::appendRow(const QStringList &cells)
{
    m_filling = true;
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setItem(row, c, new QTableWidgetItem(cells.value(c)));
    m_filling = false;
    Q_EMIT changed();
    return row;
}

void TableEditor::setRows(const QList<QStringList> &rows)
{
    m_filling = true;
    m_table->setRowCount(0);
    m_filling = false;
    for (const QStringList &r : rows)
        appendRow(r);
    Q_EMIT changed();
}

QList<QStringList> TableEditor::rows() const
{
    QList<QStringList> out;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m_table->columnCount(); ++c) {
            const QTableWidgetItem *item = m_table->item(r, c);
            cells.append(item ? item->text() : QString());
        }
        out.append(cells);
    }
    return out;
}

} // namespace trainyard::ui::wizard
