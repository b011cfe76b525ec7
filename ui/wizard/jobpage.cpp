// SPDX-License-Identifier: MIT
#include "wizard/jobpage.h"

#include "validation/jobids.h"
#include "wizard/fieldmessage.h"
#include "wizard/listeditors.h"
#include "wizard/wizardfields.h"

#include <QCheckBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>

namespace trainyard::ui::wizard {

JobPage::JobPage(QWidget *parent)
    : WizardPage(parent)
    , m_jobId(new QLineEdit(body()))
    , m_suggest(new QPushButton(tr("S&uggest"), body()))
    , m_labels(new TableEditor({tr("Key"), tr("Value")}, body()))
    , m_labelNote(new QLabel(body()))
    , m_tuning(new QCheckBox(tr("&Tune hyperparameters: run several trials to find the best "
                                "values (adds a page)"),
                             body()))
{
    setTitle(tr("Job"));
    setSubTitle(tr("Name the job. The ID must be unique among your jobs and cannot be changed "
                   "later."));

    m_jobId->setPlaceholderText(tr("e.g. census_20240101_120000"));
    m_jobId->setToolTip(tr("A letter, then letters, digits and underscores; at most 128 "
                           "characters."));
    m_suggest->setToolTip(tr("Propose an ID of the form base_YYYYMMDD_HHMMSS from the current "
                             "ID or the trainer's module name."));
    m_labels->setToolTip(tr("Labels help you organise jobs (key: value pairs)."));
    m_labelNote->setTextFormat(Qt::PlainText);
    m_labelNote->setWordWrap(true);
    m_labelNote->hide();

    auto *idRow = new QWidget(body());
    auto *idLayout = new QHBoxLayout(idRow);
    idLayout->setContentsMargins(0, 0, 0, 0);
    idLayout->addWidget(m_jobId, 1);
    idLayout->addWidget(m_suggest);

    QFormLayout *form = newForm();
    addRow(form, tr("Job &ID:"), idRow, paths::jobId, m_jobId);
    addRow(form, tr("&Labels:"), m_labels, paths::labels, m_labels->table());
    form->addRow(QString(), m_labelNote);
    form->addRow(QString(), m_tuning);

    registerField(fields::jobId, m_jobId);
    registerField(fields::tuning, m_tuning);

    connect(m_jobId, &QLineEdit::textChanged, this, &JobPage::edited);
    connect(m_suggest, &QPushButton::clicked, this, &JobPage::suggestId);
    connect(m_labels, &TableEditor::changed, this, [this] {
        updateLabelNote();
        Q_EMIT edited();
    });
    connect(m_tuning, &QCheckBox::toggled, this, &JobPage::edited);
}

void JobPage::suggestId()
{
    const QString module = field(fields::pythonModule).toString();
    const QString stem = validation::jobIdStem(m_jobId->text(), validation::jobIdStem(module));
    m_jobId->setText(
        validation::stampedJobId(stem, QDateTime::currentDateTime(),
                                 [this](const QString &id) { return m_existing.contains(id); }));
    m_jobId->setFocus();
}

void JobPage::load(const jobspec::Job &job)
{
    m_jobId->setText(job.jobId);
    QList<QStringList> rows;
    for (auto it = job.labels.cbegin(); it != job.labels.cend(); ++it)
        rows.append({it.key(), it.value()});
    m_labels->setRows(rows);
    m_tuning->setChecked(job.trainingInput.hyperparameters.has_value());
}

void JobPage::store(jobspec::Job &job) const
{
    job.jobId = m_jobId->text();
    job.labels.clear();
    const QList<QStringList> rows = m_labels->rows();
    for (const QStringList &row : rows) {
        if (row.value(0).isEmpty() && row.value(1).isEmpty())
            continue; // a row just added and not filled in yet
        job.labels.insert(row.value(0), row.value(1));
    }
}

void JobPage::updateLabelNote()
{
    QSet<QString> seen;
    QStringList twice;
    const QList<QStringList> rows = m_labels->rows();
    for (const QStringList &row : rows) {
        const QString key = row.value(0);
        if (key.isEmpty() && row.value(1).isEmpty())
            continue;
        if (seen.contains(key) && !twice.contains(key))
            twice.append(key);
        seen.insert(key);
    }
    if (twice.isEmpty()) {
        m_labelNote->hide();
        return;
    }
    m_labelNote->setText(tr("Label keys appear more than once (%1): a job keeps one value per "
                            "key, the last one.")
                             .arg(twice.join(QLatin1String(", "))));
    QPalette p = m_labelNote->palette();
    p.setColor(QPalette::WindowText, warningColor(palette()));
    m_labelNote->setPalette(p);
    m_labelNote->show();
}

} // namespace trainyard::ui::wizard
