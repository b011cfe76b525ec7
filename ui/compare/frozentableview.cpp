// SPDX-License-Identifier: MIT
#include "compare/frozentableview.h"

#include <QHeaderView>
#include <QScrollBar>

namespace trainyard::ui::compare {

FrozenColumnTableView::FrozenColumnTableView(QWidget *parent)
    : QTableView(parent)
    , m_frozen(new QTableView(this))
{
    m_frozen->setObjectName(QStringLiteral("frozenColumn"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollMode(ScrollPerPixel);
    m_frozen->setEditTriggers(NoEditTriggers);
    m_frozen->setSelectionBehavior(SelectRows);
    m_frozen->setStyleSheet(QStringLiteral("QTableView { border: none; }"));
    setHorizontalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);
    viewport()->stackUnder(m_frozen);

    connect(horizontalHeader(), &QHeaderView::sectionResized, this,
            [this](int logical, int, int size) {
                if (logical == 0) {
                    m_frozen->setColumnWidth(0, size);
                    updateFrozenGeometry();
                }
            });
    connect(verticalHeader(), &QHeaderView::sectionResized, this,
            [this](int logical, int, int size) { m_frozen->setRowHeight(logical, size); });
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(),
            &QAbstractSlider::setValue);
    // Sorting by the frozen column's header sorts the table.
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        if (isSortingEnabled())
            horizontalHeader()->setSortIndicator(
                logical, horizontalHeader()->sortIndicatorSection() == logical &&
                                 horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder
                             ? Qt::DescendingOrder
                             : Qt::AscendingOrder);
    });
}

void FrozenColumnTableView::setModel(QAbstractItemModel *model)
{
    QTableView::setModel(model);
    m_frozen->setModel(model);
    m_frozen->setSelectionModel(selectionModel());
    for (auto signal : {&QAbstractItemModel::columnsInserted, &QAbstractItemModel::columnsRemoved})
        connect(model, signal, this, &FrozenColumnTableView::syncColumns);
    connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumnTableView::syncColumns);
    connect(model, &QAbstractItemModel::layoutChanged, this, &FrozenColumnTableView::syncColumns);
    syncColumns();
}

void FrozenColumnTableView::syncColumns()
{
    if (!model())
        return;
    for (int c = 1; c < model()->columnCount(); ++c)
        m_frozen->setColumnHidden(c, true);
    m_frozen->setColumnHidden(0, false);
    m_frozen->setColumnWidth(0, columnWidth(0));
    m_frozen->show();
    updateFrozenGeometry();
}

void FrozenColumnTableView::resizeEvent(QResizeEvent *event)
{
    QTableView::resizeEvent(event);
    updateFrozenGeometry();
}

QModelIndex FrozenColumnTableView::moveCursor(CursorAction cursorAction,
                                              Qt::KeyboardModifiers modifiers)
{
    QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    // Keep the cell the cursor moves to out from under the frozen column.
    if (cursorAction == MoveLeft && current.column() > 0 &&
        visualRect(current).topLeft().x() < m_frozen->columnWidth(0)) {
        const int newValue = horizontalScrollBar()->value() + visualRect(current).topLeft().x() -
                             m_frozen->columnWidth(0);
        horizontalScrollBar()->setValue(newValue);
    }
    return current;
}

void FrozenColumnTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    if (index.column() > 0)
        QTableView::scrollTo(index, hint);
}

void FrozenColumnTableView::updateFrozenGeometry()
{
    m_frozen->setGeometry(verticalHeader()->width() + frameWidth(), frameWidth(), columnWidth(0),
                          viewport()->height() + horizontalHeader()->height());
}

} // namespace trainyard::ui::compare
