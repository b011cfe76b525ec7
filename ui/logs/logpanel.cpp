// SPDX-License-Identifier: MIT
#include "logs/logpanel.h"

#include "logs/logmodel.h"
#include "logs/logview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace trainyard::ui::logs {

using trainyard::logs::Severity;

namespace {
constexpr int SearchChunkRows = 4096;
constexpr int SearchBudgetMs = 25;
} // namespace

LogPanel::LogPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new LogModel(this))
{
    m_view = new LogView(m_model, this);
    m_replica = new QComboBox(this);
    m_replica->addItem(tr("All replicas (by time)"), QString());
    m_replica->setToolTip(tr("Show the lines of every replica interleaved by time, or of one replica"));
    m_severity = new QComboBox(this);
    m_severity->addItem(tr("All severities"), int(Severity::Debug));
    m_severity->addItem(tr("Info and above"), int(Severity::Info));
    m_severity->addItem(tr("Warnings and above"), int(Severity::Warning));
    m_severity->addItem(tr("Errors only"), int(Severity::Error));
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search…"));
    m_search->setClearButtonEnabled(true);
    m_regex = new QCheckBox(tr("Regex"), this);
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    next->setShortcut(QKeySequence(Qt::Key_F3));
    m_follow = new QToolButton(this);
    m_follow->setText(tr("Follow"));
    m_follow->setCheckable(true);
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Keep showing the newest lines (scrolling up pauses, the bottom resumes)"));
    m_timestamps = new QCheckBox(tr("Timestamps"), this);
    m_timestamps->setChecked(true);
    auto *copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the selected lines (Ctrl+C)"));
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_replica);
    bar->addWidget(m_severity);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_regex);
    bar->addWidget(previous);
    bar->addWidget(next);
    bar->addWidget(m_follow);
    bar->addWidget(m_timestamps);
    bar->addWidget(copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);

    connect(m_replica, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setReplicaFilter(m_replica->currentData().toString());
        m_model->refresh();
    });
    connect(m_severity, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setMinimumSeverity(Severity(m_severity->currentData().toInt()));
        m_model->refresh();
    });
    connect(m_search, &QLineEdit::textChanged, this, [this] { m_view->setHighlight(pattern()); });
    connect(m_regex, &QCheckBox::toggled, this, [this] { m_view->setHighlight(pattern()); });
    connect(m_search, &QLineEdit::returnPressed, this, &LogPanel::findNext);
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
    ++m_generation; // a running search ends
    m_searching = false;
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

void LogPanel::updateStatus()
{
    QString text = tr("%n line(s)", nullptr, m_model->rowCount());
    if (!m_model->isCaughtUp())
        text = tr("%1, reading…").arg(text);
    if (m_searching)
        text = tr("%1; searching at line %2…").arg(text).arg(m_searchRow + 1);
    m_status->setText(text);
}

QRegularExpression LogPanel::pattern() const
{
    const QString text = m_search->text();
    if (text.isEmpty())
        return {};
    return QRegularExpression(m_regex->isChecked() ? text : QRegularExpression::escape(text),
                              QRegularExpression::CaseInsensitiveOption);
}

void LogPanel::setSearch(const QString &text, bool regex)
{
    m_regex->setChecked(regex);
    m_search->setText(text);
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
    m_pattern = pattern();
    const int rows = m_model->rowCount();
    if (m_pattern.pattern().isEmpty() || !m_pattern.isValid() || rows == 0) {
        if (!m_pattern.isValid())
            m_status->setText(tr("The pattern is not valid: %1").arg(m_pattern.errorString()));
        Q_EMIT searchFinished(false);
        return;
    }
    m_forward = forward;
    int from = m_view->currentRow() >= 0 ? m_view->currentRow() : m_view->firstVisibleRow();
    from += forward ? 1 : -1;
    if (from >= rows)
        from = 0;
    if (from < 0)
        from = rows - 1;
    m_searchRow = m_searchStart = from;
    m_wrapped = false;
    m_searching = true;
    m_view->setFollowing(false);
    const int generation = ++m_generation;
    continueSearch(generation);
}

void LogPanel::continueSearch(int generation)
{
    if (generation != m_generation || !m_searching)
        return;
    QElapsedTimer timer;
    timer.start();
    const int rows = m_model->rowCount();
    while (timer.elapsed() < SearchBudgetMs) {
        int first;
        int count;
        if (m_forward) {
            first = m_searchRow;
            count = std::min(SearchChunkRows, rows - first);
            if (m_wrapped)
                count = std::min(count, m_searchStart - first);
        } else {
            count = std::min(SearchChunkRows, m_searchRow + 1);
            if (m_wrapped)
                count = std::min(count, m_searchRow - m_searchStart);
            first = m_searchRow - count + 1;
        }
        if (count > 0) {
            const QStringList text = m_model->fullText(first, count);
            for (int k = 0; k < text.size(); ++k) {
                const int i = m_forward ? k : int(text.size()) - 1 - k;
                if (m_pattern.match(text.at(i)).hasMatch()) {
                    m_searching = false;
                    m_lastMatch = first + i;
                    m_view->showRow(m_lastMatch);
                    updateStatus();
                    Q_EMIT searchFinished(true);
                    return;
                }
            }
            m_searchRow = m_forward ? first + count : first - 1;
        }
        const bool atEnd = m_forward ? m_searchRow >= rows : m_searchRow < 0;
        if (m_wrapped && (count <= 0 || (m_forward ? m_searchRow >= m_searchStart
                                                   : m_searchRow <= m_searchStart))) {
            m_searching = false;
            m_status->setText(tr("No match for “%1”").arg(m_search->text()));
            Q_EMIT searchFinished(false);
            return;
        }
        if (atEnd) {
            m_wrapped = true;
            m_searchRow = m_forward ? 0 : rows - 1;
        }
    }
    updateStatus();
    QTimer::singleShot(0, this, [this, generation] { continueSearch(generation); });
}

} // namespace trainyard::ui::logs
