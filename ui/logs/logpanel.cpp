// SPDX-License-Identifier: MIT
#include "logs/logpanel.h"

#include "logs/logmodel.h"
#include "logs/logview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace trainyard::ui::logs {

using trainyard::logs::Severity;

namespace {
constexpr int SearchDelayMs = 150;
} // namespace

void nameClearButton(QLineEdit *edit, const QString &name)
{
    // The button QLineEdit shows while it holds text; unnamed, a screen reader says "button".
    for (QToolButton *button : edit->findChildren<QToolButton *>(Qt::FindDirectChildrenOnly))
        button->setAccessibleName(name);
}

LogPanel::LogPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new LogModel(this))
{
    m_view = new LogView(m_model, this);
    m_replica = new QComboBox(this);
    m_replica->setAccessibleName(tr("Replica"));
    m_replica->addItem(tr("All replicas (by time)"), QString());
    m_replica->setToolTip(
        tr("Show the lines of every replica interleaved by time, or of one replica"));
    m_severity = new QComboBox(this);
    m_severity->setAccessibleName(tr("Lowest severity shown"));
    m_severity->addItem(tr("All severities"), int(Severity::Debug));
    m_severity->addItem(tr("Info and above"), int(Severity::Info));
    m_severity->addItem(tr("Warnings and above"), int(Severity::Warning));
    m_severity->addItem(tr("Errors only"), int(Severity::Error));
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("logSearch"));
    m_search->setProperty("trainyardFind", true); // Ctrl+F on the Logs tab goes here
    m_search->setPlaceholderText(tr("Search…"));
    m_search->setAccessibleName(tr("Search the log"));
    m_search->setClearButtonEnabled(true);
    nameClearButton(m_search, tr("Clear the search"));
    m_regex = new QCheckBox(tr("Regex"), this);
    m_regex->setToolTip(tr("The search text is a Perl-compatible regular expression"));
    m_case = new QCheckBox(tr("Match case"), this);
    m_invert = new QCheckBox(tr("Invert"), this);
    m_invert->setToolTip(tr("Select the lines that do not match (like grep -v)"));
    m_only = new QCheckBox(tr("Show matching lines only"), this);
    m_context = new QSpinBox(this);
    m_context->setRange(0, 20);
    m_context->setSpecialValueText(tr("No context"));
    m_context->setPrefix(tr("Context ±"));
    m_context->setToolTip(tr("Lines shown before and after each matching line (like grep -C)"));
    m_context->setAccessibleName(tr("Context lines"));
    m_context->setEnabled(false);
    m_time = new QLineEdit(this);
    m_time->setPlaceholderText(tr("Go to time (14:02:10)"));
    m_time->setAccessibleName(tr("Go to time"));
    m_time->setClearButtonEnabled(true);
    nameClearButton(m_time, tr("Clear the time"));
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(m_time->placeholderText()) +
                            40);
    auto *firstError = new QToolButton(this);
    firstError->setText(tr("First error"));
    firstError->setToolTip(tr("Show the first line with severity ERROR or CRITICAL"));
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    previous->setAccessibleName(tr("Previous match"));
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    next->setAccessibleName(tr("Next match"));
    next->setShortcut(QKeySequence(Qt::Key_F3));
    m_follow = new QToolButton(this);
    m_follow->setText(tr("Follow"));
    m_follow->setCheckable(true);
    m_follow->setChecked(true);
    m_follow->setToolTip(
        tr("Keep showing the newest lines (scrolling up pauses, the bottom resumes)"));
    m_timestamps = new QCheckBox(tr("Timestamps"), this);
    m_timestamps->setChecked(true);
    auto *copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the selected lines (Ctrl+C)"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("logStatus"));
    m_status->setTextFormat(Qt::PlainText);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_replica);
    bar->addWidget(m_severity);
    bar->addWidget(m_time);
    bar->addWidget(firstError);
    bar->addStretch(1);
    bar->addWidget(m_follow);
    bar->addWidget(m_timestamps);
    bar->addWidget(copy);
    auto *searchBar = new QHBoxLayout;
    searchBar->addWidget(m_search, 1);
    searchBar->addWidget(previous);
    searchBar->addWidget(next);
    searchBar->addWidget(m_regex);
    searchBar->addWidget(m_case);
    searchBar->addWidget(m_invert);
    searchBar->addWidget(m_only);
    searchBar->addWidget(m_context);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(searchBar);
    layout->addWidget(m_view, 1);
    m_view->setAccessibleName(tr("Log lines"));
    layout->addWidget(m_status);

    connect(m_replica, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setReplicaFilter(m_replica->currentData().toString());
        m_model->refresh();
    });
    connect(m_severity, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setMinimumSeverity(Severity(m_severity->currentData().toInt()));
        m_model->refresh();
    });
    m_searchDelay.setSingleShot(true);
    m_searchDelay.setInterval(SearchDelayMs);
    connect(&m_searchDelay, &QTimer::timeout, this, &LogPanel::applySearch);
    connect(m_search, &QLineEdit::textChanged, this, [this] { m_searchDelay.start(); });
    for (QCheckBox *box : {m_regex, m_case, m_invert, m_only})
        connect(box, &QCheckBox::toggled, this, &LogPanel::applySearch);
    connect(m_context, &QSpinBox::valueChanged, this, &LogPanel::applySearch);
    connect(m_model, &LogModel::searchChanged, this, &LogPanel::onSearchChanged);
    connect(m_model, &LogModel::severityRowFound, this, [this](int row) {
        if (row < 0) {
            m_status->setText(tr("No line with severity ERROR or CRITICAL"));
            return;
        }
        m_view->setFollowing(false);
        m_view->showRow(row);
        Q_EMIT jumped(row);
    });
    connect(m_time, &QLineEdit::returnPressed, this, [this] { goToTime(m_time->text()); });
    connect(firstError, &QToolButton::clicked, this, &LogPanel::goToFirstError);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_searchDelay.isActive()) {
            m_searchDelay.stop();
            applySearch();
        }
        findNext();
    });
    connect(next, &QToolButton::clicked, this, &LogPanel::findNext);
    connect(previous, &QToolButton::clicked, this, &LogPanel::findPrevious);
    connect(m_follow, &QToolButton::toggled, m_view, &LogView::setFollowing);
    connect(m_view, &LogView::followingChanged, m_follow, &QToolButton::setChecked);
    connect(m_timestamps, &QCheckBox::toggled, m_view, &LogView::setShowTimestamps);
    connect(copy, &QToolButton::clicked, m_view, [this] { m_view->copy(); });

    m_timer.setInterval(RefreshIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &LogPanel::tick);
}

LogPanel::~LogPanel() = default;

void LogPanel::setLogsDir(const QString &dir)
{
    m_pendingJump = 0;
    m_model->setLogsDir(dir);
    m_knownReplicas.clear();
    m_replica->blockSignals(true);
    while (m_replica->count() > 1)
        m_replica->removeItem(1);
    m_replica->setCurrentIndex(0);
    m_replica->blockSignals(false);
    m_model->setReplicaFilter(QString());
    m_view->setFollowing(true);
    if (dir.isEmpty()) {
        m_timer.stop();
    } else {
        tick();
        m_timer.start();
    }
}

void LogPanel::setReplica(const QString &replica)
{
    updateReplicaChoices();
    const int i = m_replica->findData(replica);
    if (i >= 0)
        m_replica->setCurrentIndex(i);
}

void LogPanel::tick()
{
    m_model->refresh();
    updateReplicaChoices();
    updateStatus();
}

void LogPanel::updateReplicaChoices()
{
    const QStringList names = m_model->replicas();
    if (names == m_knownReplicas)
        return;
    m_knownReplicas = names;
    m_replica->blockSignals(true);
    const QString current = m_replica->currentData().toString();
    while (m_replica->count() > 1)
        m_replica->removeItem(1);
    for (const QString &name : names)
        m_replica->addItem(name, name);
    m_replica->setCurrentIndex(std::max(0, m_replica->findData(current)));
    m_replica->blockSignals(false);
}

QString LogPanel::statusText() const
{
    QString text = tr("%n line(s)", nullptr, m_model->rowCount());
    if (!m_model->isCaughtUp())
        text = tr("%1, reading…").arg(text);
    if (!m_model->searchError().isEmpty())
        return tr("%1; %2").arg(text, m_model->searchError());
    if (m_model->isSearchActive()) {
        const QString matches =
            m_invert->isChecked()
                ? tr("%n line(s) without a match", nullptr, int(m_model->matchCount()))
                : tr("%n matching line(s)", nullptr, int(m_model->matchCount()));
        text = tr("%1; %2").arg(text, matches);
        if (m_model->isSearchRunning())
            text = tr("%1; searching %2%…").arg(text).arg(int(m_model->searchProgress() * 100));
        if (m_lastMatch >= 0 && m_lastMatch < m_model->rowCount())
            text = tr("%1; %2").arg(text, matchText(m_lastMatch));
    }
    return text;
}

QString LogPanel::matchText(int row) const
{
    const auto [place, total] = m_model->matchPosition(row);
    if (place == 0)
        return tr("line %1").arg(row + 1);
    return m_model->isSearchRunning()
               ? tr("match %1 of %2 so far, line %3").arg(place).arg(total).arg(row + 1)
               : tr("match %1 of %2, line %3").arg(place).arg(total).arg(row + 1);
}

void LogPanel::announce(const QString &text)
{
    m_announcement = text;
    // Screen readers speak a description change of the object that has the focus.
    m_search->setAccessibleDescription(text);
    m_view->setAccessibleDescription(text);
}

void LogPanel::updateStatus()
{
    m_status->setText(statusText());
}

QRegularExpression LogPanel::pattern() const
{
    const QString text = m_search->text();
    if (text.isEmpty() || m_invert->isChecked())
        return {};
    QRegularExpression::PatternOptions options = QRegularExpression::NoPatternOption;
    if (!m_case->isChecked())
        options |= QRegularExpression::CaseInsensitiveOption;
    return QRegularExpression(m_regex->isChecked() ? text : QRegularExpression::escape(text),
                              options);
}

void LogPanel::applySearch()
{
    m_searchDelay.stop();
    trainyard::logs::SearchOptions options;
    options.pattern = m_search->text();
    options.regex = m_regex->isChecked();
    options.caseSensitive = m_case->isChecked();
    options.invert = m_invert->isChecked();
    options.context = m_only->isChecked() ? m_context->value() : 0;
    m_context->setEnabled(m_only->isChecked());
    m_model->setTextSearch(options, m_only->isChecked());
    m_view->setHighlight(m_model->searchError().isEmpty() ? pattern() : QRegularExpression());
    m_lastMatch = -1;
    updateStatus();
}

void LogPanel::setSearch(const QString &text, bool regex)
{
    m_regex->blockSignals(true);
    m_regex->setChecked(regex);
    m_regex->blockSignals(false);
    m_search->setText(text);
    applySearch();
}

void LogPanel::setSearchOptions(bool caseSensitive, bool invert, int context)
{
    for (QCheckBox *box : {m_case, m_invert})
        box->blockSignals(true);
    m_case->setChecked(caseSensitive);
    m_invert->setChecked(invert);
    m_context->blockSignals(true);
    m_context->setValue(context);
    m_context->blockSignals(false);
    for (QCheckBox *box : {m_case, m_invert})
        box->blockSignals(false);
    applySearch();
}

void LogPanel::setFilterRows(bool only)
{
    m_only->setChecked(only); // applies the search when it changes
    if (m_model->isFilteringRows() != (only && m_model->isSearchActive()))
        applySearch();
}

bool LogPanel::isSearching() const
{
    return m_model->isSearchRunning();
}

void LogPanel::findNext()
{
    startSearch(true);
}

void LogPanel::findPrevious()
{
    startSearch(false);
}

void LogPanel::startSearch(bool forward)
{
    if (!m_model->isSearchActive() || m_model->rowCount() == 0) {
        if (!m_model->searchError().isEmpty())
            m_status->setText(statusText());
        Q_EMIT searchFinished(false);
        return;
    }
    int from = m_view->currentRow() >= 0 ? m_view->currentRow() : m_view->firstVisibleRow() - 1;
    if (!forward && m_view->currentRow() < 0)
        from = m_view->firstVisibleRow() + m_view->visibleRowCount();
    const int row = m_model->nextMatchRow(from, forward);
    if (row < 0) {
        if (m_model->isSearchRunning()) {
            m_pendingJump = forward ? 1 : -1; // the first match found is shown
            return;
        }
        m_status->setText(tr("No match for “%1”").arg(m_search->text()));
        announce(m_status->text());
        Q_EMIT searchFinished(false);
        return;
    }
    m_pendingJump = 0;
    m_lastMatch = row;
    m_view->setFollowing(false);
    m_view->showRow(row);
    updateStatus();
    announce(tr("%1: %2").arg(matchText(row), m_view->cellText(row, LogModel::MessageColumn)));
    Q_EMIT searchFinished(true);
}

void LogPanel::onSearchChanged()
{
    updateStatus();
    if (m_pendingJump != 0 && (m_model->matchCount() > 0 || !m_model->isSearchRunning())) {
        const bool forward = m_pendingJump > 0;
        m_pendingJump = 0;
        startSearch(forward);
    }
}

bool LogPanel::goToTime(const QString &text)
{
    const QString t = text.trimmed();
    QDateTime when;
    for (const QString &format :
         {QStringLiteral("yyyy-MM-dd HH:mm:ss"), QStringLiteral("yyyy-MM-dd HH:mm"),
          QStringLiteral("yyyy-MM-ddTHH:mm:ss")}) {
        when = QDateTime::fromString(t, format);
        if (when.isValid())
            break;
    }
    if (!when.isValid()) {
        QTime time = QTime::fromString(t, QStringLiteral("HH:mm:ss"));
        if (!time.isValid())
            time = QTime::fromString(t, QStringLiteral("H:mm"));
        if (!time.isValid() || m_model->rowCount() == 0) {
            m_status->setText(
                tr("“%1” is not a time: write 14:02:10 or 2026-11-22 14:02:10").arg(t));
            return false;
        }
        const int shown =
            m_view->currentRow() >= 0 ? m_view->currentRow() : m_view->firstVisibleRow();
        const QDate day =
            QDateTime::fromMSecsSinceEpoch(m_model->line(std::max(0, shown)).timestamp)
                .toLocalTime()
                .date();
        when = QDateTime(day, time);
    }
    const int row = std::min(m_model->rowAtTime(when.toMSecsSinceEpoch()), m_model->rowCount() - 1);
    if (row < 0)
        return false;
    m_view->setFollowing(false);
    m_view->showRow(row);
    Q_EMIT jumped(row);
    return true;
}

void LogPanel::goToFirstError()
{
    m_model->findFirstSeverity(Severity::Error);
}

} // namespace trainyard::ui::logs
