// SPDX-License-Identifier: MIT
// The user's metric patterns as edited on Settings > Metrics: one row per pattern, in the order
// they are applied, with whether it is usable and why not. Unusable patterns stay in the list
// (nothing the user typed is lost); extraction skips them.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace trainyard::ui {

class MetricPatternModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { PatternColumn, StatusColumn, NUM_COLUMNS };
    enum Roles {
        ProblemRole = Qt::UserRole, // QString: why the pattern is unusable, empty when usable
        UsableRole,                 // bool
    };

    explicit MetricPatternModel(QObject *parent = nullptr);
    ~MetricPatternModel() override;

    // Every row's pattern, in order, unusable and empty ones included.
    QStringList patterns() const;
    // Replaces the list (a load, e.g. from the settings): a model reset.
    void setPatterns(const QStringList &patterns);
    // Appends a row; returns its row number.
    int appendPattern(const QString &pattern);

    QString pattern(int row) const;
    // Empty when the pattern is usable, else why not (also for an empty pattern).
    QString problem(int row) const;
    // What the status column says: the problem, or the metrics the pattern defines.
    QString status(int row) const;
    bool isUsable(int row) const { return problem(row).isEmpty(); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    bool removeRows(int row, int count, const QModelIndex &parent = QModelIndex()) override;
    bool moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
                  const QModelIndex &destinationParent, int destinationChild) override;

private:
    struct Entry
    {
        QString text;
        QString problem;
        QString status;
    };
    static Entry makeEntry(const QString &text);

    QList<Entry> m_entries;
};

} // namespace trainyard::ui
