// SPDX-License-Identifier: MIT
#include "settings/metricpatternspage.h"

#include "metrics/extract.h"
#include "metrics/unparsed.h"
#include "metrics/userpatterns.h"
#include "settings/metricpatternmodel.h"

#include <QAction>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace trainyard::ui {

namespace {

QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    return label;
}

QStringList withoutEmpty(QStringList patterns)
{
    patterns.removeAll(QString());
    return patterns;
}

} // namespace

MetricPatternsPage::MetricPatternsPage(QWidget *parent)
    : QWidget(parent)
    , m_model(new MetricPatternModel(this))
    , m_view(new QTableView(this))
    , m_addButton(new QPushButton(tr("&Add"), this))
    , m_removeButton(new QPushButton(tr("&Remove"), this))
    , m_upButton(new QPushButton(tr("Move &Up"), this))
    , m_downButton(new QPushButton(tr("Move &Down"), this))
    , m_patternEdit(new QLineEdit(this))
    , m_problemLabel(plainLabel(QString(), this))
    , m_sampleEdit(new QLineEdit(this))
    , m_resultLabel(plainLabel(QString(), this))
{
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    auto *intro = plainLabel(
        tr("Your own regular expressions for metrics that key=value pairs, Keras progress lines "
           "and the hypertune file do not catch. Each named group that matches a number becomes "
           "a metric of that name; a group named step gives the x position."),
        this);
    auto *exampleCaption = new QLabel(tr("Example:"), this);
    auto *example = new QLabel(examplePattern(), this);
    example->setObjectName(QStringLiteral("exampleLabel"));
    example->setTextFormat(Qt::PlainText);
    example->setFont(fixed);
    example->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    example->setAccessibleName(tr("Example pattern"));
    auto *exampleButton = new QPushButton(tr("Add E&xample"), this);
    exampleButton->setObjectName(QStringLiteral("addExampleButton"));
    exampleButton->setToolTip(tr("Adds the example pattern to the list"));
    auto *exampleRow = new QHBoxLayout;
    exampleRow->addWidget(exampleCaption);
    exampleRow->addWidget(example, 1);
    exampleRow->addWidget(exampleButton);

    auto *listLabel = new QLabel(
        tr("&Patterns, applied in this order (when two find the same metric, the lower one "
           "wins):"),
        this);
    listLabel->setWordWrap(true);
    listLabel->setBuddy(m_view);
    m_view->setObjectName(QStringLiteral("patternView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    m_view->setTabKeyNavigation(false);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setSectionResizeMode(MetricPatternModel::PatternColumn,
                                                     QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(MetricPatternModel::PatternColumn, 260);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setAccessibleName(tr("Metric patterns"));
    m_view->setAccessibleDescription(
        tr("One regular expression per row, with whether it is usable and why not. F2 edits "
           "the selected pattern, Delete removes it."));
    auto *removeAction = new QAction(tr("Remove Pattern"), m_view);
    removeAction->setShortcut(QKeySequence::Delete);
    removeAction->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(removeAction);

    m_addButton->setObjectName(QStringLiteral("addButton"));
    m_addButton->setToolTip(tr("Adds an empty pattern to type into"));
    m_removeButton->setObjectName(QStringLiteral("removeButton"));
    m_upButton->setObjectName(QStringLiteral("upButton"));
    m_downButton->setObjectName(QStringLiteral("downButton"));
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_addButton);
    buttons->addWidget(m_removeButton);
    buttons->addWidget(m_upButton);
    buttons->addWidget(m_downButton);
    buttons->addStretch(1);
    auto *listRow = new QHBoxLayout;
    listRow->addWidget(m_view, 1);
    listRow->addLayout(buttons);

    m_patternEdit->setObjectName(QStringLiteral("patternEdit"));
    m_patternEdit->setFont(fixed);
    m_patternEdit->setClearButtonEnabled(true);
    m_patternEdit->setAccessibleName(tr("Selected pattern"));
    m_problemLabel->setObjectName(QStringLiteral("problemLabel"));
    m_problemLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *patternLabel = new QLabel(tr("S&elected pattern:"), this);
    patternLabel->setBuddy(m_patternEdit);

    m_sampleEdit->setObjectName(QStringLiteral("sampleEdit"));
    m_sampleEdit->setFont(fixed);
    m_sampleEdit->setClearButtonEnabled(true);
    m_sampleEdit->setPlaceholderText(tr("Paste a line of a trainer's log"));
    m_sampleEdit->setAccessibleName(tr("Sample log line"));
    m_sampleEdit->setAccessibleDescription(
        tr("The metrics that key=value pairs, Keras progress and your usable patterns find in "
           "this line are shown below it."));
    m_resultLabel->setObjectName(QStringLiteral("resultLabel"));
    m_resultLabel->setTextInteractionFlags(Qt::TextSelectableByMouse |
                                           Qt::TextSelectableByKeyboard);
    m_resultLabel->setAccessibleName(tr("Metrics found in the sample line"));
    // Room for a step, two metrics and the patterns that match without squeezing the rest; the
    // window cannot be made smaller than that.
    m_resultLabel->setMinimumHeight(4 * m_resultLabel->fontMetrics().lineSpacing());
    m_resultLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto *sampleLabel = new QLabel(tr("&Try it on a log line:"), this);
    sampleLabel->setBuddy(m_sampleEdit);

    // A grid, not a QFormLayout: that gives a word-wrapped label more height than it needs.
    auto *form = new QGridLayout;
    form->addWidget(patternLabel, 0, 0);
    form->addWidget(m_patternEdit, 0, 1);
    form->addWidget(m_problemLabel, 1, 1);
    form->setRowMinimumHeight(2, 6);
    form->addWidget(sampleLabel, 3, 0);
    form->addWidget(m_sampleEdit, 3, 1);
    form->addWidget(m_resultLabel, 4, 1);
    form->setColumnStretch(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(exampleRow);
    layout->addWidget(listLabel);
    layout->addLayout(listRow, 1);
    layout->addLayout(form);

    // Keyboard order: example, list, its buttons, the selected pattern, the sample line.
    setTabOrder(exampleButton, m_view);
    setTabOrder(m_view, m_addButton);
    setTabOrder(m_addButton, m_removeButton);
    setTabOrder(m_removeButton, m_upButton);
    setTabOrder(m_upButton, m_downButton);
    setTabOrder(m_downButton, m_patternEdit);
    setTabOrder(m_patternEdit, m_sampleEdit);

    connect(m_addButton, &QPushButton::clicked, this, &MetricPatternsPage::add);
    connect(exampleButton, &QPushButton::clicked, this, &MetricPatternsPage::addExample);
    connect(m_removeButton, &QPushButton::clicked, this, &MetricPatternsPage::removeCurrent);
    connect(removeAction, &QAction::triggered, this, &MetricPatternsPage::removeCurrent);
    connect(m_upButton, &QPushButton::clicked, this, [this] { moveCurrent(-1); });
    connect(m_downButton, &QPushButton::clicked, this, [this] { moveCurrent(+1); });
    connect(m_patternEdit, &QLineEdit::textEdited, this, &MetricPatternsPage::onPatternEdited);
    connect(m_sampleEdit, &QLineEdit::textChanged, this, &MetricPatternsPage::updateTryIt);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MetricPatternsPage::onCurrentChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &MetricPatternsPage::onModelChanged);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &MetricPatternsPage::onModelChanged);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &MetricPatternsPage::onModelChanged);
    connect(m_model, &QAbstractItemModel::rowsMoved, this, &MetricPatternsPage::onModelChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MetricPatternsPage::onModelChanged);
    connect(metrics::UserPatternStore::instance(), &metrics::UserPatternStore::changed, this,
            &MetricPatternsPage::onStoreChanged);

    m_loading = true;
    m_model->setPatterns(metrics::UserPatternStore::instance()->patterns());
    m_loading = false;
    setCurrentRow(m_model->rowCount() > 0 ? 0 : -1);
    updateCurrent();
    updateTryIt();
}

MetricPatternsPage::~MetricPatternsPage()
{
    // An editor still open in the list commits while the widgets go; this page is gone by then.
    disconnect(m_model, nullptr, this, nullptr);
}

QString MetricPatternsPage::examplePattern()
{
    return QStringLiteral("eval (?<eval_auc>[0-9.]+) at (?<step>\\d+)");
}

int MetricPatternsPage::currentRow() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.row() : -1;
}

QString MetricPatternsPage::currentProblemText() const
{
    return m_problemLabel->text();
}

QString MetricPatternsPage::tryItText() const
{
    return m_resultLabel->text();
}

void MetricPatternsPage::setCurrentRow(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        m_view->setCurrentIndex(QModelIndex());
        return;
    }
    m_view->setCurrentIndex(m_model->index(row, MetricPatternModel::PatternColumn));
}

void MetricPatternsPage::add()
{
    // One empty row is enough to type into.
    int row = int(m_model->patterns().indexOf(QString()));
    if (row < 0)
        row = m_model->appendPattern(QString());
    setCurrentRow(row);
    m_patternEdit->setFocus(Qt::OtherFocusReason);
}

void MetricPatternsPage::addExample()
{
    int row = int(m_model->patterns().indexOf(examplePattern()));
    if (row < 0)
        row = m_model->appendPattern(examplePattern());
    setCurrentRow(row);
}

void MetricPatternsPage::startFromLine(const QString &line)
{
    m_sampleEdit->setText(line);
    const QString pattern = metrics::suggestPattern(line);
    if (pattern.isEmpty()) {
        add();
        return;
    }
    int row = int(m_model->patterns().indexOf(pattern));
    if (row < 0)
        row = m_model->appendPattern(pattern);
    setCurrentRow(row);
    m_patternEdit->setFocus(Qt::OtherFocusReason);
}

void MetricPatternsPage::removeCurrent()
{
    const int row = currentRow();
    if (row < 0)
        return;
    m_model->removeRow(row);
    setCurrentRow(std::min(row, m_model->rowCount() - 1));
}

void MetricPatternsPage::moveCurrent(int delta)
{
    const int row = currentRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= m_model->rowCount())
        return;
    // moveRow() takes the row to insert before, counted before the move.
    if (m_model->moveRow(QModelIndex(), row, QModelIndex(), delta < 0 ? to : to + 1))
        setCurrentRow(to);
}

void MetricPatternsPage::onCurrentChanged()
{
    const QString text = m_model->pattern(currentRow());
    if (m_patternEdit->text() != text)
        m_patternEdit->setText(text);
    updateCurrent();
}

void MetricPatternsPage::onPatternEdited(const QString &text)
{
    const int row = currentRow();
    if (row < 0)
        return;
    m_model->setData(m_model->index(row, MetricPatternModel::PatternColumn), text);
}

void MetricPatternsPage::onModelChanged()
{
    // An edit in place in the list reaches the line edit (an edit there is already in it).
    const QString text = m_model->pattern(currentRow());
    if (m_patternEdit->text() != text)
        m_patternEdit->setText(text);
    updateCurrent();
    updateTryIt();
    if (!m_loading)
        save();
}

void MetricPatternsPage::save()
{
    metrics::UserPatternStore::instance()->setPatterns(withoutEmpty(m_model->patterns()));
}

void MetricPatternsPage::onStoreChanged()
{
    // Another settings window saved: show its list. Our own saves match what we have.
    const QStringList stored = metrics::UserPatternStore::instance()->patterns();
    if (stored == withoutEmpty(m_model->patterns()))
        return;
    const int row = currentRow();
    m_loading = true;
    m_model->setPatterns(stored);
    m_loading = false;
    setCurrentRow(std::min(row, m_model->rowCount() - 1));
}

void MetricPatternsPage::updateCurrent()
{
    const int row = currentRow();
    const bool selected = row >= 0;
    m_removeButton->setEnabled(selected);
    m_upButton->setEnabled(selected && row > 0);
    m_downButton->setEnabled(selected && row + 1 < m_model->rowCount());
    m_patternEdit->setEnabled(selected);
    m_patternEdit->setPlaceholderText(selected ? tr("e.g. %1").arg(examplePattern())
                                               : tr("Add a pattern to edit it here"));
    const QString status = selected ? m_model->status(row) : QString();
    m_problemLabel->setText(status);
    m_problemLabel->setVisible(selected);
    m_patternEdit->setAccessibleDescription(status);
}

QString MetricPatternsPage::describe(const metrics::ExtractedLine &line)
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator); // 1200 as in the log, not 1,200
    const auto number = [&locale](double v) {
        return locale.toString(v, 'g', QLocale::FloatingPointShortest);
    };
    QStringList lines;
    if (line.step) {
        //: %1: the step (x value) found in the sample log line
        lines.append(tr("Step: %1").arg(number(*line.step)));
    }
    for (const metrics::MetricValue &v : line.values) {
        //: %1: a metric name as found in the log line, %2: its value
        lines.append(tr("%1 = %2").arg(v.name, number(v.value)));
    }
    if (line.values.isEmpty())
        lines.append(tr("No metrics in this line."));
    else if (!line.step)
        lines.append(tr("No step in this line: its points go at the replica's last step."));
    return lines.join(QLatin1Char('\n'));
}

void MetricPatternsPage::updateTryIt()
{
    const QString sample = m_sampleEdit->text();
    if (sample.isEmpty()) {
        m_resultLabel->setText(tr("The metrics found in the line appear here."));
        return;
    }
    // Every extractor, with the usable patterns as they are now in the list.
    const QStringList patterns = m_model->patterns();
    const metrics::MetricExtractor extractor(metrics::UserPatternStore::usable(patterns));
    QString text = describe(extractor.extract(sample.toUtf8()));
    QStringList matching;
    bool anyUsable = false;
    for (int row = 0; row < patterns.size(); ++row) {
        if (!m_model->isUsable(row))
            continue;
        anyUsable = true;
        if (metrics::UserPattern::fromString(patterns.at(row)).regex.match(sample).hasMatch())
            matching.append(QString::number(row + 1)); // as the list numbers its rows
    }
    if (!matching.isEmpty()) {
        //: %1: the numbers of the list rows whose pattern matches, e.g. "1, 3"
        text += QLatin1Char('\n') +
                tr("Your patterns that match: %1").arg(matching.join(QLatin1String(", ")));
    } else if (anyUsable) {
        text += QLatin1Char('\n') + tr("None of your usable patterns matches this line.");
    }
    m_resultLabel->setText(text);
}

} // namespace trainyard::ui
