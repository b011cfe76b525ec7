// SPDX-License-Identifier: MIT
// A table whose first column stays in view while the others scroll sideways: a second view over
// the same model and selection shows only column 0 on top of the table's left edge, its rows
// scrolled with the table's (the frozen column pattern of Qt's own examples).
#pragma once

#include <QTableView>

namespace trainyard::ui::compare {

class FrozenColumnTableView : public QTableView
{
    Q_OBJECT
public:
    explicit FrozenColumnTableView(QWidget *parent = nullptr);
    void setModel(QAbstractItemModel *model) override;
    // The view that shows the frozen column.
    QTableView *frozenView() const { return m_frozen; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

private:
    void updateFrozenGeometry();
    void syncColumns();

    QTableView *m_frozen;
};

} // namespace trainyard::ui::compare
