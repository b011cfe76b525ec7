// SPDX-License-Identifier: MIT
// Settings > Metrics: the user's own metric patterns (regular expressions whose named groups
// become metrics, a group named "step" the x value), checked as they are typed, with a "Try it"
// line that shows what every extractor (key=value pairs, Keras progress and these patterns as
// edited) finds in a pasted log line.
//
// The list is saved to the settings as it is edited (metrics::UserPatternStore); open Metrics
// tabs pick the change up. Unusable patterns stay in the list, marked, and are not used for
// extraction; empty rows are not saved. Patterns apply in list order, and when two find the
// same metric on a line the later one wins, so the order can be changed.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace trainyard::metrics {
struct ExtractedLine;
}

namespace trainyard::ui {

class MetricPatternModel;

class MetricPatternsPage : public QWidget
{
    Q_OBJECT
public:
    explicit MetricPatternsPage(QWidget *parent = nullptr);
    ~MetricPatternsPage() override;

    MetricPatternModel *model() const { return m_model; }
    // The current row (-1: none) and what the page says about it, as shown.
    int currentRow() const;
    QString currentProblemText() const;
    // What "Try it" shows for the sample line, as shown.
    QString tryItText() const;

    // A pattern made from a log line (the Metrics tab's notice of lines that gave no chart): the
    // line goes into "Try it" and a pattern that reads it (metrics::suggestPattern) is added and
    // selected, to be adjusted.
    void startFromLine(const QString &line);

    // The example pattern the page explains (also offered by "Add Example").
    static QString examplePattern();
    // "Try it"'s text for what was extracted from a line (metric names are the line's own).
    static QString describe(const metrics::ExtractedLine &line);

private:
    void add();
    void addExample();
    void removeCurrent();
    void moveCurrent(int delta);
    void setCurrentRow(int row);
    void onCurrentChanged();
    void onPatternEdited(const QString &text);
    void onModelChanged();
    void onStoreChanged();
    void save();
    void updateCurrent();
    void updateTryIt();

    MetricPatternModel *m_model;
    QTableView *m_view;
    QPushButton *m_addButton;
    QPushButton *m_removeButton;
    QPushButton *m_upButton;
    QPushButton *m_downButton;
    QLineEdit *m_patternEdit;
    QLabel *m_problemLabel;
    QLineEdit *m_sampleEdit;
    QLabel *m_resultLabel;
    bool m_loading = false; // the model is being loaded from the settings, not edited
};

} // namespace trainyard::ui
