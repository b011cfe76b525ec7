// SPDX-License-Identifier: MIT
#include "wizard/pastecommanddialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace trainyard::ui::wizard {

PasteCommandDialog::PasteCommandDialog(const catalog::Catalog &catalog, QWidget *parent)
    : QDialog(parent)
    , m_catalog(catalog)
    , m_editor(new QPlainTextEdit(this))
    , m_directory(new QLineEdit(this))
    , m_summary(new QListWidget(this))
    , m_import(nullptr)
    , m_timer(new QTimer(this))
{
    setWindowTitle(tr("Paste gcloud command"));
    resize(760, 560);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Paste a gcloud ai-platform (or ml-engine) jobs submit training command, as it is in "
           "your script: continuation lines, VAR=value lines before it and $VARIABLES may stay "
           "as they are."),
        this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    layout->addWidget(intro);

    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(QStringLiteral(
        "gcloud ai-platform jobs submit training my_job_1 \\\n  --region us-central1 \\\n"
        "  --config config.yaml \\\n  -- --epochs 10"));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setAccessibleName(tr("gcloud command"));
    layout->addWidget(m_editor, 3);

    auto *dirRow = new QHBoxLayout;
    auto *dirLabel = new QLabel(tr("Files named in the command are in:"), this);
    dirLabel->setBuddy(m_directory);
    dirRow->addWidget(dirLabel);
    m_directory->setText(QDir::toNativeSeparators(QDir::currentPath()));
    dirRow->addWidget(m_directory, 1);
    auto *browse = new QPushButton(tr("Browse…"), this);
    dirRow->addWidget(browse);
    layout->addLayout(dirRow);

    auto *summaryLabel = new QLabel(tr("What the command gives, and what is ignored:"), this);
    summaryLabel->setBuddy(m_summary);
    layout->addWidget(summaryLabel);
    m_summary->setAccessibleName(tr("Import summary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary, 2);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_import = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    m_import->setEnabled(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // Reading the paste is quick but may read the config file: once per typing pause.
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    connect(m_timer, &QTimer::timeout, this, &PasteCommandDialog::refresh);
    connect(m_editor, &QPlainTextEdit::textChanged, m_timer, qOverload<>(&QTimer::start));
    connect(m_directory, &QLineEdit::textChanged, m_timer, qOverload<>(&QTimer::start));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this,
                                                              tr("Directory of the "
                                                                 "command"),
                                                              baseDirectory());
        if (!dir.isEmpty())
            setBaseDirectory(dir);
    });
    refresh();
}

void PasteCommandDialog::setText(const QString &text)
{
    m_editor->setPlainText(text);
    m_timer->stop();
    refresh();
}

void PasteCommandDialog::setBaseDirectory(const QString &directory)
{
    m_directory->setText(QDir::toNativeSeparators(directory));
    m_timer->stop();
    refresh();
}

QString PasteCommandDialog::baseDirectory() const
{
    return QDir::fromNativeSeparators(m_directory->text().trimmed());
}

void PasteCommandDialog::refresh()
{
    m_summary->clear();
    const QString text = m_editor->toPlainText();
    if (text.trimmed().isEmpty()) {
        m_result = {};
        m_import->setEnabled(false);
        return;
    }
    m_result = exporters::importGcloudCommand(text, m_catalog, baseDirectory());
    const exporters::GcloudCommandLine &cmd = m_result.command;
    auto add = [this](QStyle::StandardPixmap icon, const QString &line) {
        auto *item = new QListWidgetItem(style()->standardIcon(icon), line, m_summary);
        item->setToolTip(line);
    };
    if (cmd.isCommand) {
        if (cmd.localTrain)
            add(QStyle::SP_MessageBoxInformation, tr("gcloud local train command"));
        else
            add(QStyle::SP_MessageBoxInformation, tr("Job ID: %1").arg(cmd.jobId));
        if (!cmd.configFile.isEmpty()) {
            add(m_result.configUnreadable ? QStyle::SP_MessageBoxCritical
                                          : QStyle::SP_MessageBoxInformation,
                m_result.configUnreadable
                    ? tr("Config file %1 cannot be read; choose the directory it is in")
                          .arg(cmd.configFile)
                    : tr("Config file: %1").arg(m_result.import.sources.fileName));
        }
        add(QStyle::SP_MessageBoxInformation,
            tr("%n job flag(s) applied", nullptr, int(cmd.flags.flags.size())));
        if (cmd.flags.hasUserArgs) {
            add(QStyle::SP_MessageBoxInformation,
                tr("App arguments: %1").arg(cmd.flags.userArgs.join(QLatin1Char(' '))));
        }
    }
    QStringList ignoredOrigins;
    for (const exporters::IgnoredFlag &f : cmd.ignored) {
        add(QStyle::SP_MessageBoxWarning, tr("Ignored: %1 (gcloud client only)").arg(f.text()));
        ignoredOrigins << QStringLiteral("--") + f.name;
    }
    for (const jobspec::Diagnostic &d : m_result.import.diagnostics) {
        if (!d.isError() && d.field.isEmpty() && ignoredOrigins.contains(d.origin))
            continue; // listed above as ignored
        const QString where = d.field.isEmpty() ? d.origin : d.field;
        add(d.isError() ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning,
            where.isEmpty() ? d.message : tr("%1: %2").arg(where, d.message));
    }
    m_import->setEnabled(cmd.isCommand);
}

} // namespace trainyard::ui::wizard
