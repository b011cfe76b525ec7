// SPDX-License-Identifier: MIT
#include "settings/localrunspage.h"

#include "exec/environment.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace trainyard::ui {

using exec::LocalRunDefaults;

namespace {

constexpr int versionDelayMs = 300;    // typing pause before the interpreter is run
constexpr int versionTimeoutMs = 5000; // an interpreter that does not answer is killed
constexpr int maxVersionLength = 200;

QLabel *plainLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    return label;
}

// The first non-empty line of a --version answer, without control characters, shortened.
QString firstLine(const QByteArray &output)
{
    const QStringList lines = QString::fromLocal8Bit(output).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        QString text;
        for (const QChar c : line) {
            if (c.category() != QChar::Other_Control)
                text.append(c);
        }
        text = text.trimmed();
        if (!text.isEmpty())
            return text.size() > maxVersionLength ? text.left(maxVersionLength) + QChar(0x2026)
                                                  : text;
    }
    return {};
}

} // namespace

LocalRunsPage::LocalRunsPage(QWidget *parent)
    : QWidget(parent)
    , m_pythonEdit(new QLineEdit(this))
    , m_browseButton(new QPushButton(tr("&Browse…"), this))
    , m_pythonStatus(plainLabel(this, QStringLiteral("pythonStatus")))
    , m_pythonVersion(plainLabel(this, QStringLiteral("pythonVersion")))
    , m_maxRestarts(new QSpinBox(this))
    , m_jobReruns(new QSpinBox(this))
    , m_gracePeriod(new QSpinBox(this))
    , m_maxLocalReplicas(new QSpinBox(this))
    , m_startPort(new QSpinBox(this))
    , m_logCap(new QSpinBox(this))
    , m_restoreButton(new QPushButton(tr("Restore &defaults"), this))
    , m_versionDelay(new QTimer(this))
{
    auto *intro = new QLabel(tr("Defaults for jobs run on this machine, from the job wizard or "
                                "the command line (whose flags override them). A job keeps the "
                                "settings it was started with."),
                             this);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A field with its explanation below it; the label's mnemonic focuses the field.
    const auto addField = [this, form](const QString &labelText, QWidget *field,
                                       const QString &accessibleName, const QString &note,
                                       QLayout *fieldRow = nullptr) {
        auto *label = new QLabel(labelText, this);
        label->setBuddy(field);
        field->setAccessibleName(accessibleName);
        auto *column = new QVBoxLayout;
        column->setSpacing(2);
        if (fieldRow) {
            column->addLayout(fieldRow);
        } else {
            auto *row = new QHBoxLayout;
            row->addWidget(field);
            row->addStretch(1);
            column->addLayout(row);
        }
        if (!note.isEmpty()) {
            QLabel *noteLabel = plainLabel(this, QString());
            noteLabel->setText(note);
            column->addWidget(noteLabel);
            field->setAccessibleDescription(note);
        }
        form->addRow(label, column);
    };

    m_pythonEdit->setObjectName(QStringLiteral("pythonEdit"));
    m_pythonEdit->setPlaceholderText(tr("$TRAINYARD_PYTHON or python3"));
    m_pythonEdit->setClearButtonEnabled(true);
    m_browseButton->setObjectName(QStringLiteral("pythonBrowseButton"));
    m_browseButton->setAccessibleName(tr("Browse for a Python interpreter"));
    m_pythonStatus->setAccessibleName(tr("Interpreter check"));
    m_pythonVersion->setAccessibleName(tr("Interpreter version"));
    m_pythonVersion->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *pythonRow = new QVBoxLayout;
    pythonRow->setSpacing(2);
    auto *editRow = new QHBoxLayout;
    editRow->addWidget(m_pythonEdit, 1);
    editRow->addWidget(m_browseButton);
    pythonRow->addLayout(editRow);
    pythonRow->addWidget(m_pythonStatus);
    pythonRow->addWidget(m_pythonVersion);
    addField(tr("Python &interpreter:"), m_pythonEdit, tr("Python interpreter"), QString(),
             pythonRow);

    m_maxRestarts->setObjectName(QStringLiteral("maxRestartsSpin"));
    m_maxRestarts->setRange(0, LocalRunDefaults::maxRestartsLimit);
    addField(tr("Max &restarts per replica:"), m_maxRestarts, tr("Max restarts per replica"),
             tr("A replica that fails is started again up to this many times before the job "
                "fails, as the cloud service does (5)."));

    m_jobReruns->setObjectName(QStringLiteral("jobRerunsSpin"));
    m_jobReruns->setRange(0, LocalRunDefaults::jobRerunsLimit);
    addField(tr("&Whole-job reruns:"), m_jobReruns, tr("Whole-job reruns"),
             tr("When a replica has used up its restarts, the whole job starts over, up to this "
                "many times. 0 suits this machine; the cloud service reruns a job 3 times, so "
                "set 3 to mimic it."));

    m_gracePeriod->setObjectName(QStringLiteral("gracePeriodSpin"));
    m_gracePeriod->setRange(0, LocalRunDefaults::gracePeriodLimit);
    m_gracePeriod->setSuffix(tr(" s"));
    addField(tr("&Grace period:"), m_gracePeriod, tr("Grace period in seconds"),
             tr("Replicas that are stopped get SIGTERM and this long to exit before SIGKILL."));

    m_maxLocalReplicas->setObjectName(QStringLiteral("maxLocalReplicasSpin"));
    m_maxLocalReplicas->setRange(0, LocalRunDefaults::localReplicasLimit);
    m_maxLocalReplicas->setSpecialValueText(tr("No cap"));
    addField(tr("Local replica &cap:"), m_maxLocalReplicas, tr("Local replica cap"),
             tr("A job that asks for more processes runs a smaller cluster: workers and "
                "parameter servers go first, then evaluators; the primary always runs. "
                "TF_CONFIG describes the smaller cluster."));

    m_startPort->setObjectName(QStringLiteral("startPortSpin"));
    m_startPort->setRange(1, 65535);
    addField(tr("Start &port:"), m_startPort, tr("Start port"),
             tr("Replicas listen on localhost ports from this one up; taken ports are "
                "skipped. gcloud starts at %1.")
                 .arg(service::defaultStartPort));

    m_logCap->setObjectName(QStringLiteral("logCapSpin"));
    m_logCap->setRange(0, LocalRunDefaults::logCapLimitMB);
    m_logCap->setSpecialValueText(tr("No cap"));
    m_logCap->setSuffix(tr(" MB"));
    addField(tr("&Log size cap per replica:"), m_logCap, tr("Log size cap per replica in MB"),
             tr("Past this size the oldest half of a replica's log is dropped and the log "
                "view says so. Off by default."));

    // One width for the numbers, the widest one's.
    int spinWidth = 0;
    for (const QSpinBox *spin :
         {m_maxRestarts, m_jobReruns, m_gracePeriod, m_maxLocalReplicas, m_startPort, m_logCap})
        spinWidth = qMax(spinWidth, spin->sizeHint().width());
    for (QSpinBox *spin :
         {m_maxRestarts, m_jobReruns, m_gracePeriod, m_maxLocalReplicas, m_startPort, m_logCap})
        spin->setMinimumWidth(spinWidth);

    m_restoreButton->setObjectName(QStringLiteral("restoreDefaultsButton"));
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_restoreButton);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addLayout(buttons);

    m_versionDelay->setSingleShot(true);
    m_versionDelay->setInterval(versionDelayMs);
    connect(m_versionDelay, &QTimer::timeout, this, &LocalRunsPage::startVersionCheck);
    connect(m_pythonEdit, &QLineEdit::textChanged, this, [this] {
        checkPython();
        save();
    });
    for (QSpinBox *spin :
         {m_maxRestarts, m_jobReruns, m_gracePeriod, m_maxLocalReplicas, m_startPort, m_logCap})
        connect(spin, &QSpinBox::valueChanged, this, &LocalRunsPage::save);
    connect(m_browseButton, &QPushButton::clicked, this, &LocalRunsPage::browsePython);
    connect(m_restoreButton, &QPushButton::clicked, this, &LocalRunsPage::restoreDefaults);

    reload();
}

LocalRunsPage::~LocalRunsPage()
{
    stopVersionProcess();
}

void LocalRunsPage::showEvent(QShowEvent *event)
{
    reload();
    QWidget::showEvent(event);
}

void LocalRunsPage::reload()
{
    const LocalRunDefaults d = exec::readLocalRunDefaults();
    if (d == shownDefaults() && !m_pythonStatus->text().isEmpty())
        return;
    m_loading = true;
    m_pythonEdit->setText(d.python);
    m_maxRestarts->setValue(d.maxRestarts);
    m_jobReruns->setValue(d.jobReruns);
    m_gracePeriod->setValue(d.gracePeriodSeconds);
    m_maxLocalReplicas->setValue(d.maxLocalReplicas);
    m_startPort->setValue(d.startPort);
    m_logCap->setValue(d.logCapMB);
    m_loading = false;
    checkPython();
}

LocalRunDefaults LocalRunsPage::shownDefaults() const
{
    LocalRunDefaults d;
    d.python = m_pythonEdit->text();
    d.maxRestarts = m_maxRestarts->value();
    d.jobReruns = m_jobReruns->value();
    d.gracePeriodSeconds = m_gracePeriod->value();
    d.maxLocalReplicas = m_maxLocalReplicas->value();
    d.startPort = quint16(m_startPort->value());
    d.logCapMB = m_logCap->value();
    return d;
}

void LocalRunsPage::save()
{
    if (m_loading)
        return;
    QSettings settings;
    exec::writeLocalRunDefaults(settings, shownDefaults());
}

void LocalRunsPage::restoreDefaults()
{
    {
        QSettings settings;
        exec::writeLocalRunDefaults(settings, LocalRunDefaults());
    }
    reload();
    m_pythonEdit->setFocus();
}

void LocalRunsPage::browsePython()
{
    QString start = QFileInfo(m_foundInterpreter).absolutePath();
    if (m_foundInterpreter.isEmpty())
        start = QStringLiteral("/usr/bin");
    // Window-modal and asynchronous (open(), not exec()): no nested event loop.
    auto *dialog = new QFileDialog(this, tr("Choose a Python Interpreter"), start);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this,
            [this](const QString &file) { m_pythonEdit->setText(QDir::cleanPath(file)); });
    dialog->open();
}

void LocalRunsPage::checkPython()
{
    ++m_generation;
    stopVersionProcess();
    m_versionDelay->stop();
    m_foundInterpreter.clear();
    m_pythonVersion->clear();

    const QString text = m_pythonEdit->text();
    // The same choice the job's owner makes (exec::pythonInterpreter), with this process's
    // environment, which the owner inherits.
    exec::EnvironmentOptions options;
    QStringList sentences;
    if (text.isEmpty()) {
        const QString fromEnv = options.baseEnvironment.value(QStringLiteral("TRAINYARD_PYTHON"));
        sentences << (fromEnv.isEmpty()
                          ? tr("Empty: new runs use python3, as $TRAINYARD_PYTHON is not set.")
                          : tr("Empty: new runs use $TRAINYARD_PYTHON, which is %1.").arg(fromEnv));
    } else if (!LocalRunDefaults::isAcceptablePython(text)) {
        sentences << tr("Give a program name to look up on PATH or an absolute path. This text "
                        "is not saved; new runs use $TRAINYARD_PYTHON or python3.");
    }
    if (sentences.isEmpty() || text.isEmpty()) {
        options.python = text;
        const QString program = exec::pythonInterpreter(options);
        const exec::ProgramLookup found = exec::lookUpProgram(program, options.baseEnvironment);
        switch (found.status) {
        case exec::ProgramLookup::Found:
            sentences << tr("Found: %1").arg(found.path);
            m_foundInterpreter = found.path;
            break;
        case exec::ProgramLookup::DoesNotExist:
            sentences << tr("Not found: %1 does not exist.").arg(program);
            break;
        case exec::ProgramLookup::NotExecutable:
            sentences << tr("Not usable: %1 is not an executable file.").arg(program);
            break;
        case exec::ProgramLookup::NotOnPath:
            sentences << tr("Not found: there is no %1 on PATH.").arg(program);
            break;
        }
    }
    const QString status = sentences.join(QLatin1Char(' '));
    m_pythonStatus->setText(status);
    m_pythonEdit->setAccessibleDescription(status);
    m_pythonVersion->setVisible(!m_foundInterpreter.isEmpty());
    if (m_foundInterpreter.isEmpty()) {
        Q_EMIT pythonChecked();
        return;
    }
    m_pythonVersion->setText(tr("Asking for its version…"));
    m_versionDelay->start();
}

void LocalRunsPage::startVersionCheck()
{
    stopVersionProcess();
    if (m_foundInterpreter.isEmpty())
        return;
    const quint64 generation = m_generation;
    auto *process = new QProcess(this);
    m_versionProcess = process;
    process->setProcessChannelMode(QProcess::MergedChannels); // Python 2 answers on stderr
    process->setStandardInputFile(QProcess::nullDevice());
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
    connect(
        process, &QProcess::finished, this,
        [this, process, generation](int exitCode, QProcess::ExitStatus status) {
            const QString output = firstLine(process->readAll());
            if (process->property("timedOut").toBool())
                finishVersionCheck(
                    generation,
                    tr("No answer to --version within %1 seconds.").arg(versionTimeoutMs / 1000));
            else if (status == QProcess::NormalExit && exitCode == 0 && !output.isEmpty())
                finishVersionCheck(generation, output);
            else
                finishVersionCheck(generation, tr("It did not tell its version (--version "
                                                  "failed)."));
        });
    connect(process, &QProcess::errorOccurred, this,
            [this, process, generation](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart)
                    return; // finished() follows
                finishVersionCheck(generation,
                                   tr("It could not be started: %1").arg(process->errorString()));
                process->deleteLater();
            });
    QTimer::singleShot(versionTimeoutMs, process, [process] {
        process->setProperty("timedOut", true);
        process->kill();
    });
    process->start(m_foundInterpreter, {QStringLiteral("--version")});
}

void LocalRunsPage::finishVersionCheck(quint64 generation, const QString &text)
{
    if (generation != m_generation)
        return; // the text changed since: a stale answer
    m_versionProcess.clear();
    m_pythonVersion->setText(text);
    Q_EMIT pythonChecked();
}

void LocalRunsPage::stopVersionProcess()
{
    QProcess *process = m_versionProcess;
    m_versionProcess.clear();
    if (!process)
        return;
    // Its answer is of no interest any more; it deletes itself once it has ended.
    disconnect(process, nullptr, this, nullptr);
    if (process->state() != QProcess::NotRunning)
        process->kill();
    else
        process->deleteLater();
}

} // namespace trainyard::ui
