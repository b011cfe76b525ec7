// SPDX-License-Identifier: MIT
#include "charts/unparsednotice.h"

#include "settings/metricpatternspage.h"
#include "settings/settingsdialog.h"
#include "threads/offthread.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>

namespace trainyard::ui::charts {

UnparsedNotice::UnparsedNotice(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_button(new QPushButton(tr("Make a &Pattern…"), this))
{
    setObjectName(QStringLiteral("unparsedNotice"));
    setFrameShape(QFrame::StyledPanel);
    setAccessibleName(tr("Lines that look like metrics"));
    m_label->setObjectName(QStringLiteral("unparsedText"));
    m_label->setTextFormat(Qt::PlainText); // the line is the trainer's
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_button->setObjectName(QStringLiteral("makePatternButton"));
    m_button->setToolTip(tr("Opens Settings > Metrics with this line and a pattern that reads it"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_button, 0, Qt::AlignTop);
    hide();

    connect(m_button, &QPushButton::clicked, this, &UnparsedNotice::makePattern);
    m_timer.setInterval(RefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &UnparsedNotice::refresh);
}

void UnparsedNotice::setStoreDir(const QString &dir)
{
    m_dir = dir;
    ++m_generation; // a late answer for the previous job is ignored
    show({});
    if (dir.isEmpty()) {
        m_timer.stop();
        return;
    }
    m_timer.start();
    refresh();
}

void UnparsedNotice::refresh()
{
    if (m_dir.isEmpty() || m_running >= 0)
        return;
    m_running = m_generation;
    threads::offThread(
        this, [dir = m_dir] { return metrics::unparsedNotices(dir); },
        [this](const QList<metrics::UnparsedNotice> &notices) {
            const bool current = m_running == m_generation;
            m_running = -1;
            if (current)
                show(notices);
        });
}

QString UnparsedNotice::text() const
{
    return isHidden() ? QString() : m_label->text();
}

void UnparsedNotice::show(const QList<metrics::UnparsedNotice> &notices)
{
    if (notices.isEmpty()) {
        m_sample.clear();
        hide();
        return;
    }
    const metrics::UnparsedNotice &first = notices.first();
    m_sample = first.sample;
    QString text = metrics::describeNotice(first);
    if (notices.size() > 1)
        text += QLatin1Char(' ') + tr("(%n more replica(s) too)", nullptr, int(notices.size() - 1));
    m_label->setText(text);
    const bool wasHidden = isHidden();
    setVisible(true);
    if (wasHidden)
        Q_EMIT shown();
}

void UnparsedNotice::makePattern()
{
    SettingsDialog *dialog = SettingsDialog::showFor(window());
    if (!dialog)
        return;
    if (auto *page = dialog->findChild<MetricPatternsPage *>()) {
        dialog->tabs()->setCurrentWidget(page);
        page->startFromLine(m_sample);
    }
}

} // namespace trainyard::ui::charts
