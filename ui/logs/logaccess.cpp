// SPDX-License-Identifier: MIT
#include "logs/logaccess.h"

#include "logs/logmodel.h"
#include "logs/logview.h"

#include <QAccessibleWidget>
#include <QHash>
#include <QPointer>
#include <QScrollBar>
#include <QWindow>

namespace trainyard::ui::logs {

namespace {

class LogTableAccessible;

// A cell at (row, column) of the table, or a column header (row -1). Reads the view when asked.
class LogCellAccessible : public QAccessibleInterface, public QAccessibleTableCellInterface
{
public:
    LogCellAccessible(LogView *view, int row, int column)
        : m_view(view)
        , m_row(row)
        , m_column(column)
    {}

    bool isValid() const override
    {
        return m_view && m_column >= 0 && m_column < int(m_view->shownColumns().size()) &&
               m_row >= -1 && m_row < m_view->model()->rowCount();
    }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface *parent() const override
    {
        return QAccessible::queryAccessibleInterface(m_view);
    }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }

    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        const int column = m_view->shownColumns().at(m_column);
        if (m_row < 0)
            return t == QAccessible::Name ? m_view->columnTitle(column) : QString();
        if (t == QAccessible::Name)
            return m_view->cellText(m_row, column);
        if (t == QAccessible::Description && column == LogModel::MessageColumn)
            return m_view->lineContext(m_row); // "chief-0, INFO, 14:02:10": what else the row says
        return {};
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override
    {
        if (!isValid() || m_row < 0)
            return {};
        const QRect r = m_view->cellRect(m_row, m_view->shownColumns().at(m_column));
        return r.isEmpty() ? QRect()
                           : QRect(m_view->viewport()->mapToGlobal(r.topLeft()), r.size());
    }
    QAccessible::Role role() const override
    {
        return m_row < 0 ? QAccessible::ColumnHeader : QAccessible::Cell;
    }
    QAccessible::State state() const override
    {
        QAccessible::State s;
        if (!isValid())
            return s;
        if (m_row < 0) {
            s.readOnly = true;
            return s;
        }
        s.selectable = true;
        s.focusable = true;
        s.readOnly = true;
        s.selected = isSelected();
        s.focused = m_view->hasFocus() && m_view->currentRow() == m_row;
        if (m_view->cellRect(m_row, m_view->shownColumns().at(m_column)).isEmpty())
            s.offscreen = true;
        return s;
    }
    void *interface_cast(QAccessible::InterfaceType t) override
    {
        return t == QAccessible::TableCellInterface
                   ? static_cast<QAccessibleTableCellInterface *>(this)
                   : nullptr;
    }

    bool isSelected() const override
    {
        const QPair<int, int> sel = m_view ? m_view->selection() : QPair<int, int>(-1, -1);
        return m_row >= 0 && sel.first >= 0 && m_row >= sel.first && m_row <= sel.second;
    }
    QList<QAccessibleInterface *> columnHeaderCells() const override;
    QList<QAccessibleInterface *> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override { return parent(); }

private:
    QPointer<LogView> m_view;
    int m_row;
    int m_column;
};

class LogTableAccessible : public QAccessibleWidget, public QAccessibleTableInterface
{
public:
    // Cells kept for a reader; beyond this many the oldest are let go.
    static constexpr int MaxCells = 4096;

    explicit LogTableAccessible(LogView *view)
        : QAccessibleWidget(view, QAccessible::Table)
    {}
    ~LogTableAccessible() override { clearCells(); }

    void *interface_cast(QAccessible::InterfaceType t) override
    {
        if (t == QAccessible::TableInterface)
            return static_cast<QAccessibleTableInterface *>(this);
        return QAccessibleWidget::interface_cast(t);
    }

    QString text(QAccessible::Text t) const override
    {
        QString s = QAccessibleWidget::text(t);
        if (t == QAccessible::Description && s.isEmpty())
            s = LogView::tr("%n line(s)", nullptr, view()->model()->rowCount());
        return s;
    }

    // Children: the cells, row by row.
    int childCount() const override { return rowCount() * columnCount(); }
    QAccessibleInterface *child(int index) const override
    {
        const int columns = columnCount();
        if (index < 0 || columns == 0 || index >= childCount())
            return nullptr;
        return cellAt(index / columns, index % columns);
    }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        if (!child || child->parent() == nullptr || child->parent()->object() != view())
            return -1;
        QAccessibleTableCellInterface *cell =
            const_cast<QAccessibleInterface *>(child)->tableCellInterface();
        if (!cell || cell->rowIndex() < 0)
            return -1;
        return cell->rowIndex() * columnCount() + cell->columnIndex();
    }
    QAccessibleInterface *childAt(int x, int y) const override
    {
        const QPoint p = view()->viewport()->mapFromGlobal(QPoint(x, y));
        const QList<int> shown = view()->shownColumns();
        for (int row = view()->firstVisibleRow();
             row < std::min(view()->model()->rowCount(),
                            view()->firstVisibleRow() + view()->visibleRowCount() + 1);
             ++row) {
            for (int c = 0; c < shown.size(); ++c) {
                if (view()->cellRect(row, shown.at(c)).contains(p))
                    return cellAt(row, c);
            }
        }
        return nullptr;
    }
    QAccessibleInterface *focusChild() const override
    {
        const int row = view()->currentRow();
        if (row < 0 || row >= rowCount())
            return nullptr;
        return cellAt(row, columnCount() - 1); // the message: what a line says
    }

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override
    {
        if (row < -1 || row >= rowCount() || column < 0 || column >= columnCount())
            return nullptr;
        const qint64 key = (qint64(row) + 1) * 8 + column;
        if (const auto it = m_cells.constFind(key); it != m_cells.cend()) {
            if (QAccessibleInterface *cell = QAccessible::accessibleInterface(*it))
                return cell;
        }
        if (m_cells.size() >= MaxCells)
            clearCells();
        auto *cell = new LogCellAccessible(view(), row, column);
        m_cells.insert(key, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }
    int selectedCellCount() const override { return selectedRowCount() * columnCount(); }
    QList<QAccessibleInterface *> selectedCells() const override
    {
        QList<QAccessibleInterface *> cells;
        for (int row : selectedRows()) {
            for (int c = 0; c < columnCount(); ++c)
                cells.append(cellAt(row, c));
        }
        return cells;
    }
    QString columnDescription(int column) const override
    {
        const QList<int> shown = view()->shownColumns();
        return column >= 0 && column < shown.size() ? view()->columnTitle(shown.at(column))
                                                    : QString();
    }
    QString rowDescription(int) const override { return {}; }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override
    {
        const QPair<int, int> sel = view()->selection();
        return sel.first < 0 ? 0 : sel.second - sel.first + 1;
    }
    int columnCount() const override { return int(view()->shownColumns().size()); }
    int rowCount() const override { return view()->model()->rowCount(); }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override
    {
        // A selection of a million lines is not listed row by row: its first rows are.
        QList<int> rows;
        const QPair<int, int> sel = view()->selection();
        for (int row = sel.first; sel.first >= 0 && row <= sel.second && rows.size() < 1000; ++row)
            rows.append(row);
        return rows;
    }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int row) const override
    {
        const QPair<int, int> sel = view()->selection();
        return sel.first >= 0 && row >= sel.first && row <= sel.second;
    }
    bool selectRow(int row) override
    {
        if (row < 0 || row >= rowCount())
            return false;
        view()->showRow(row);
        return true;
    }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int row) override
    {
        if (!isRowSelected(row))
            return false;
        view()->selectRows(-1, -1);
        return true;
    }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *event) override
    {
        if (event->modelChangeType() == QAccessibleTableModelChangeEvent::ModelReset)
            clearCells();
    }

    QAccessibleInterface *headerCell(int column) const { return cellAt(-1, column); }

private:
    LogView *view() const { return static_cast<LogView *>(widget()); }
    void clearCells() const
    {
        const QHash<qint64, QAccessible::Id> cells = std::exchange(m_cells, {});
        for (QAccessible::Id id : cells)
            QAccessible::deleteAccessibleInterface(id);
    }

    mutable QHash<qint64, QAccessible::Id> m_cells; // (row + 1) * 8 + column -> cell
};

QList<QAccessibleInterface *> LogCellAccessible::columnHeaderCells() const
{
    if (m_row < 0 || !m_view)
        return {};
    auto *table =
        dynamic_cast<LogTableAccessible *>(QAccessible::queryAccessibleInterface(m_view.data()));
    QAccessibleInterface *header = table ? table->headerCell(m_column) : nullptr;
    return header ? QList<QAccessibleInterface *>{header} : QList<QAccessibleInterface *>{};
}

QAccessibleInterface *logViewFactory(const QString &className, QObject *object)
{
    if (className != QLatin1String(LogView::staticMetaObject.className()) || !object ||
        !object->isWidgetType())
        return nullptr;
    auto *view = qobject_cast<LogView *>(object);
    return view ? new LogTableAccessible(view) : nullptr;
}

} // namespace

void installLogViewAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(logViewFactory);
        return true;
    }();
    Q_UNUSED(installed);
}

} // namespace trainyard::ui::logs
