// SPDX-License-Identifier: MIT
// Small editors the wizard's pages share: a list of strings (one row per element, shown exactly
// as stored) and a table of rows of strings, each with Add/Remove buttons. The buttons are named
// for assistive technology by what the editor holds ("Add to Arguments": the accessible name the
// page gave the list), so a page with several editors has no two controls of one name.
#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QPushButton;
class QTableWidget;

namespace trainyard::ui::wizard {

class StringListEditor : public QWidget
{
    Q_OBJECT
public:
    explicit StringListEditor(QWidget *parent = nullptr);

    void setValues(const QStringList &values);
    QStringList values() const;
    QListWidget *list() const { return m_list; }

Q_SIGNALS:
    void changed();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void addRow();
    void removeRow();
    void moveRow(int delta);
    void updateButtons();

    QListWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_up;
    QPushButton *m_down;
};

class TableEditor : public QWidget
{
    Q_OBJECT
public:
    TableEditor(const QStringList &headers, QWidget *parent = nullptr);

    void setRows(const QList<QStringList> &rows);
    QList<QStringList> rows() const;
    QTableWidget *table() const { return m_table; }
    // Appends a row (for tests and the Add button); returns its index.
    int appendRow(const QStringList &cells);

Q_SIGNALS:
    void changed();

protected:
    void showEvent(QShowEvent *event) override;

private:
    QTableWidget *m_table;
    QPushButton *m_add;
    QPushButton *m_remove;
    bool m_filling = false;
};

} // namespace trainyard::ui::wizard
