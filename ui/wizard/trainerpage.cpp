// SPDX-License-Identifier: MIT
#include "wizard/trainerpage.h"

#include "export/gcloud.h"
#include "wizard/fieldmessage.h"
#include "wizard/listeditors.h"
#include "wizard/wizardfields.h"

#include <QButtonGroup>
#include <QCompleter>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStringListModel>
#include <QTableWidget>
#include <QTimer>

namespace trainyard::ui::wizard {

namespace {

QWidget *withButton(QWidget *parent, QWidget *field, QPushButton *button)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field, 1);
    layout->addWidget(button);
    return row;
}

constexpr int scanDelayMs = 250; // coalesces typing in the directory field into one scan

} // namespace

TrainerPage::TrainerPage(QWidget *parent)
    : WizardPage(parent)
    , m_packageMode(new QRadioButton(tr("&Python package (run a module with python -m)"), body()))
    , m_packageDir(new QLineEdit(body()))
    , m_browsePackage(new QPushButton(tr("Br&owse…"), body()))
    , m_packageNote(new QLabel(body()))
    , m_module(new QLineEdit(body()))
    , m_moduleModel(new QStringListModel(this))
    , m_packageUris(new StringListEditor(body()))
    , m_executableMode(new QRadioButton(tr("&Executable (local runs only)"), body()))
    , m_executable(new QLineEdit(body()))
    , m_browseExecutable(new QPushButton(tr("Bro&wse…"), body()))
    , m_containerMode(new QRadioButton(tr("&Container image"), body()))
    , m_image(new QLineEdit(body()))
    , m_args(new StringListEditor(body()))
    , m_preview(new QLabel(body()))
    , m_env(new TableEditor({tr("Name"), tr("Value"), tr("Secret name (instead of a value)")},
                            body()))
    , m_scanDelay(new QTimer(this))
    , m_scanner(new PackageScanner(this))
{
    setTitle(tr("Trainer"));
    setSubTitle(tr("Choose the code the job runs and the arguments it gets."));

    auto *modes = new QButtonGroup(this);
    modes->addButton(m_packageMode);
    modes->addButton(m_executableMode);
    modes->addButton(m_containerMode);
    m_packageMode->setChecked(true);

    m_packageDir->setPlaceholderText(tr("Directory of the package, e.g. ~/project/trainer"));
    m_packageDir->setToolTip(tr("The local directory of your Python package (it holds "
                                "__init__.py). gcloud uploads it; local runs use it directly."));
    m_packageNote->setTextFormat(Qt::PlainText);
    m_packageNote->setWordWrap(true);
    m_packageNote->hide();
    m_module->setPlaceholderText(tr("e.g. trainer.task"));
    m_module->setToolTip(tr("The module to run, as python -m would get it."));
    auto *completer = new QCompleter(m_moduleModel, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_module->setCompleter(completer);
    m_packageUris->setToolTip(tr("Packages already uploaded to Cloud Storage (gs://...), "
                                 "one per row. Optional."));
    m_executable->setPlaceholderText(tr("Path of a program to run on this machine"));
    m_image->setPlaceholderText(tr("e.g. gcr.io/my-project/trainer:latest"));
    m_image->setToolTip(tr("A custom container image (masterConfig.imageUri). It replaces the "
                           "runtime version."));
    m_args->setToolTip(tr("Each row is one argument, passed exactly as written: no quoting, no "
                          "splitting at spaces."));
    m_preview->setTextFormat(Qt::PlainText);
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setAccessibleName(tr("Command line preview"));
    m_env->setToolTip(tr("Environment variables of the replicas in local runs. Give a value, or "
                         "the name of a secret kept in the system keychain."));

    QFormLayout *form = newForm();
    form->addRow(m_packageMode);
    addRow(form, tr("Package &directory:"), withButton(body(), m_packageDir, m_browsePackage),
           paths::packagePath, m_packageDir);
    form->addRow(QString(), m_packageNote);
    addRow(form, tr("&Module:"), m_module, paths::pythonModule);
    addRow(form, tr("Uploaded packa&ges:"), m_packageUris, paths::packageUris,
           m_packageUris->list());
    form->addRow(m_executableMode);
    addRow(form, tr("Program:"), withButton(body(), m_executable, m_browseExecutable),
           paths::executable, m_executable);
    form->addRow(m_containerMode);
    addRow(form, tr("&Image URI:"), m_image, paths::imageUri);
    addRow(form, tr("&Arguments:"), m_args, paths::args, m_args->list());
    form->addRow(tr("Runs as:"), m_preview);
    addRow(form, tr("En&vironment:"), m_env, paths::env, m_env->table());
    bind(paths::local, nullptr); // trainyardLocal as a whole: listed in the page summary

    registerField(fields::pythonModule, m_module);
    registerField(fields::packageDir, m_packageDir);
    registerField(fields::executable, m_executable);
    registerField(fields::imageUri, m_image);

    m_scanDelay->setSingleShot(true);
    m_scanDelay->setInterval(scanDelayMs);
    connect(m_scanDelay, &QTimer::timeout, this, [this] { m_scanner->scan(scanPath()); });
    connect(m_scanner, &PackageScanner::finished, this, &TrainerPage::showScan);

    for (QRadioButton *b : {m_packageMode, m_executableMode, m_containerMode}) {
        connect(b, &QRadioButton::toggled, this, [this](bool on) {
            if (!on)
                return;
            updateModeWidgets();
            updatePreview();
            Q_EMIT edited();
        });
    }
    connect(m_packageDir, &QLineEdit::textChanged, this, [this] {
        schedulePackageScan();
        Q_EMIT edited();
    });
    connect(m_module, &QLineEdit::textChanged, this, [this] {
        updatePackageNote();
        updatePreview();
        Q_EMIT edited();
    });
    for (QLineEdit *e : {m_executable, m_image}) {
        connect(e, &QLineEdit::textChanged, this, [this] {
            updatePreview();
            Q_EMIT edited();
        });
    }
    connect(m_packageUris, &StringListEditor::changed, this, &TrainerPage::edited);
    connect(m_args, &StringListEditor::changed, this, [this] {
        updatePreview();
        Q_EMIT edited();
    });
    connect(m_env, &TableEditor::changed, this, &TrainerPage::edited);
    // Two Browse buttons on one page: named by what they look for.
    m_browsePackage->setAccessibleName(tr("Browse for the package directory"));
    m_browseExecutable->setAccessibleName(tr("Browse for the program"));
    connect(m_browsePackage, &QPushButton::clicked, this, &TrainerPage::browsePackage);
    connect(m_browseExecutable, &QPushButton::clicked, this, &TrainerPage::browseExecutable);

    updateModeWidgets();
    updatePreview();
}

TrainerPage::Mode TrainerPage::mode() const
{
    if (m_executableMode->isChecked())
        return Mode::Executable;
    if (m_containerMode->isChecked())
        return Mode::Container;
    return Mode::Package;
}

void TrainerPage::setMode(Mode mode)
{
    switch (mode) {
    case Mode::Package:
        m_packageMode->setChecked(true);
        break;
    case Mode::Executable:
        m_executableMode->setChecked(true);
        break;
    case Mode::Container:
        m_containerMode->setChecked(true);
        break;
    }
}

QWidget *TrainerPage::packageUrisFocus() const
{
    return m_packageUris->list();
}

bool TrainerPage::isScanning() const
{
    return m_scanDelay->isActive() || m_scanner->isRunning();
}

void TrainerPage::updateModeWidgets()
{
    const Mode m = mode();
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_packageDir, m_browsePackage, m_module, m_packageUris})
        w->setEnabled(m == Mode::Package);
    m_packageNote->setVisible(m == Mode::Package && !m_packageNote->text().isEmpty());
    m_executable->setEnabled(m == Mode::Executable);
    m_browseExecutable->setEnabled(m == Mode::Executable);
    m_image->setEnabled(m == Mode::Container);
}

void TrainerPage::load(const jobspec::Job &job)
{
    const jobspec::TrainingInput &in = job.trainingInput;
    if (!in.master.config.imageUri.isEmpty())
        setMode(Mode::Container);
    else if (!job.local.executable.isEmpty())
        setMode(Mode::Executable);
    else
        setMode(Mode::Package);
    // Relative to the config file that named it (as gcloud resolves --package-path against
    // the command's working directory); shown and kept absolute from here on.
    QString packageDir = job.local.packagePath;
    if (!packageDir.isEmpty() && !QDir::isAbsolutePath(packageDir) && !m_baseDirectory.isEmpty())
        packageDir = QDir::cleanPath(QDir(m_baseDirectory).filePath(packageDir));
    m_packageDir->setText(QDir::toNativeSeparators(packageDir));
    m_module->setText(in.pythonModule);
    m_packageUris->setValues(in.packageUris);
    m_executable->setText(job.local.executable);
    m_image->setText(in.master.config.imageUri);
    m_args->setValues(in.args);
    QList<QStringList> rows;
    for (const jobspec::EnvVar &v : job.local.env)
        rows.append({v.name, v.value, v.secret});
    m_env->setRows(rows);
    updateModeWidgets();
    updatePreview();
}

void TrainerPage::store(jobspec::Job &job) const
{
    jobspec::TrainingInput &in = job.trainingInput;
    const Mode m = mode();
    job.local.packagePath = m == Mode::Package ? scanPath() : QString();
    in.pythonModule = m == Mode::Package ? m_module->text() : QString();
    in.packageUris = m == Mode::Package ? m_packageUris->values() : QStringList();
    job.local.executable = m == Mode::Executable ? m_executable->text() : QString();
    in.master.config.imageUri = m == Mode::Container ? m_image->text() : QString();
    in.args = m_args->values();
    job.local.env.clear();
    const QList<QStringList> rows = m_env->rows();
    for (const QStringList &row : rows) {
        jobspec::EnvVar v{row.value(0), row.value(1), row.value(2)};
        if (v.name.isEmpty() && v.value.isEmpty() && v.secret.isEmpty())
            continue; // a row just added and not filled in yet
        job.local.env.append(v);
    }
}

void TrainerPage::setBaseDirectory(const QString &dir)
{
    m_baseDirectory = dir;
    schedulePackageScan();
}

QString TrainerPage::scanPath() const
{
    const QString dir = QDir::fromNativeSeparators(m_packageDir->text().trimmed());
    if (dir.isEmpty() || QDir::isAbsolutePath(dir))
        return dir;
    return QDir::cleanPath(
        QDir(m_baseDirectory.isEmpty() ? QDir::currentPath() : m_baseDirectory).filePath(dir));
}

void TrainerPage::schedulePackageScan()
{
    m_scanDelay->start();
}

void TrainerPage::showScan(const PackageScan &scan)
{
    m_scan = scan;
    m_moduleModel->setStringList(scan.modules);
    updatePackageNote();
    Q_EMIT packageScanned();
}

void TrainerPage::updatePackageNote()
{
    const QString dir = scanPath();
    QString note;
    bool problem = true;
    if (m_packageDir->text().trimmed().isEmpty() || m_scan.directory != dir) {
        note.clear();
    } else if (!m_scan.exists) {
        note = tr("This directory does not exist on this machine.");
    } else if (!m_scan.isDirectory) {
        note = tr("This is a file, not a directory: choose the package's directory.");
    } else if (!m_scan.isPackage) {
        note = tr("This directory is not a Python package: it has no __init__.py.");
    } else {
        const QString module = m_module->text().trimmed();
        if (!module.isEmpty() && !m_scan.modules.contains(module) && !m_scan.truncated) {
            note = tr("The package has no module %1; it has: %2")
                       .arg(module, m_scan.modules.join(QLatin1String(", ")));
        } else {
            problem = false;
            note =
                m_scan.truncated
                    ? tr("Python package with at least %n module(s) (the search stopped "
                         "early: the package is very large).",
                         nullptr, int(m_scan.modules.size()))
                    : tr("Python package with %n module(s).", nullptr, int(m_scan.modules.size()));
        }
    }
    m_packageNote->setText(note);
    QPalette p = m_packageNote->palette();
    p.setColor(QPalette::WindowText,
               problem ? warningColor(palette()) : palette().color(QPalette::WindowText));
    m_packageNote->setPalette(p);
    m_packageNote->setVisible(!note.isEmpty() && mode() == Mode::Package);
    m_packageDir->setAccessibleDescription(note);
}

void TrainerPage::updatePreview()
{
    QStringList words;
    switch (mode()) {
    case Mode::Package:
        words << QStringLiteral("python") << QStringLiteral("-m")
              << (m_module->text().trimmed().isEmpty() ? tr("MODULE") : m_module->text().trimmed());
        break;
    case Mode::Executable:
        words << (m_executable->text().trimmed().isEmpty()
                      ? tr("PROGRAM")
                      : exporters::shellQuote(m_executable->text().trimmed()));
        break;
    case Mode::Container:
        words << tr("(the image's entrypoint)");
        break;
    }
    QStringList quoted = words;
    const QStringList args = m_args->values();
    for (const QString &a : args)
        quoted.append(exporters::shellQuote(a));
    m_preview->setText(quoted.join(QLatin1Char(' ')));
}

void TrainerPage::browsePackage()
{
    QString start = m_packageDir->text().trimmed();
    if (start.isEmpty())
        start = QSettings().value(settings::packageDir).toString();
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Choose the package directory"), start);
    if (!dir.isEmpty())
        m_packageDir->setText(QDir::toNativeSeparators(dir));
}

void TrainerPage::browseExecutable()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Choose the program to run"),
                                                      m_executable->text().trimmed());
    if (!file.isEmpty())
        m_executable->setText(QDir::toNativeSeparators(file));
}

} // namespace trainyard::ui::wizard
