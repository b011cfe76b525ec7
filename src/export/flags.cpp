// SPDX-License-Identifier: MIT
// gcloud's job flags (docs/service.md §11) applied as overrides to a spec: a given flag replaces
// the file's value (lists and maps are replaced, not appended), and the field remembers the flag so
// that later diagnostics on it name the flag instead of a file position.
#include "export/gcloud.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace trainyard::exporters {

using namespace trainyard::jobspec;
namespace {

class GcloudFlags
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::GcloudFlags)
};

struct FlagDef
{
    const char *name;
    const char *valueName; // nullptr: a switch
    const char *help;
};

// Help order follows gcloud's own help; the texts are translated on use.
const FlagDef flagDefs[] = {
    {"job-id", "JOB_ID", QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Job ID (gcloud's JOB)")},
    {"labels", "KEY=VALUE,...",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Labels of the job (replace the file's)")},
    {"region", "REGION", QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Region to run the job in")},
    {"scale-tier", "TIER",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags",
                       "basic, standard-1, premium-1, basic-gpu, basic-tpu or custom")},
    {"master-machine-type", "TYPE",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Machine type of the master")},
    {"master-accelerator", "count=N,type=T",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Accelerators of the master")},
    {"master-image-uri", "URI",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Container image of the master")},
    {"worker-count", "COUNT",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags",
                       "Number of workers (together with --worker-machine-type)")},
    {"worker-machine-type", "TYPE",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags",
                       "Machine type of the workers (together with --worker-count)")},
    {"worker-accelerator", "count=N,type=T",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Accelerators of each worker")},
    {"worker-image-uri", "URI",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Container image of the workers")},
    {"parameter-server-count", "COUNT",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags",
                       "Number of parameter servers (with --parameter-server-machine-type)")},
    {"parameter-server-machine-type", "TYPE",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags",
                       "Machine type of the parameter servers (with --parameter-server-count)")},
    {"parameter-server-accelerator", "count=N,type=T",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Accelerators of each parameter server")},
    {"parameter-server-image-uri", "URI",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Container image of the parameter servers")},
    {"tpu-tf-version", "VERSION",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "TensorFlow version of a TPU worker")},
    {"use-chief-in-tf-config", nullptr,
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Name the primary 'chief' in TF_CONFIG")},
    {"module-name", "MODULE", QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Python module to run")},
    {"packages", "URI,...",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags",
                       "Python packages to install: gs:// URIs or local archives")},
    {"package-path", "DIR",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Local Python package directory")},
    {"job-dir", "PATH",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Output directory, passed to the app")},
    {"runtime-version", "VERSION",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "AI Platform runtime version")},
    {"python-version", "VERSION", QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Python version")},
    {"network", "NETWORK", QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "VPC network to peer with")},
    {"service-account", "EMAIL",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Service account to run as")},
    {"kms-key", "KEY",
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Cloud KMS key to encrypt the job with")},
    {"enable-web-access", nullptr,
     QT_TRANSLATE_NOOP("trainyard::GcloudFlags", "Allow interactive shells on the replicas")},
};

QString dashed(const QString &name)
{
    return QStringLiteral("--") + name;
}

Diagnostic flagError(const QString &flag, const QString &field, const QString &message)
{
    Diagnostic d;
    d.severity = Severity::Error;
    d.field = field;
    d.message = message;
    d.origin = dashed(flag);
    return d;
}

// Marks `field` as set by `flag` and forgets the file positions of the old value and its
// children, so that diagnostics on the new value point at the flag.
void record(SourceMap &sources, const QString &field, const QString &origin)
{
    sources.flags.insert(field, origin);
    for (auto it = sources.positions.begin(); it != sources.positions.end();) {
        const QString &key = it.key();
        const bool under =
            key == field || (key.startsWith(field) && (key.at(field.size()) == QLatin1Char('.') ||
                                                       key.at(field.size()) == QLatin1Char('[')));
        if (under)
            it = sources.positions.erase(it);
        else
            ++it;
    }
}

// A non-negative count. Empty optional and a diagnostic message when the text is not one.
std::optional<qint64> parseCount(const QString &text, bool positive, QString *error)
{
    static const QRegularExpression integer(QStringLiteral("^[+-]?[0-9]+$"));
    if (!integer.match(text).hasMatch()) {
        *error = GcloudFlags::tr("expected an integer, got '%1'").arg(text);
        return std::nullopt;
    }
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok) {
        *error = GcloudFlags::tr("%1 is out of range").arg(text);
        return std::nullopt;
    }
    if (positive && value <= 0) {
        *error = GcloudFlags::tr("expected a number greater than 0, got %1").arg(text);
        return std::nullopt;
    }
    if (value < 0) {
        *error = GcloudFlags::tr("expected a number of 0 or more, got %1").arg(text);
        return std::nullopt;
    }
    return value;
}

QString acceleratorEnumName(const QString &choice)
{
    QString name = choice;
    return name.replace(QLatin1Char('-'), QLatin1Char('_')).toUpper();
}

QString acceleratorTypeList(const catalog::Catalog &catalog)
{
    QStringList names;
    for (const catalog::AcceleratorType &a : catalog.accelerators) {
        if (!a.gcloudName.isEmpty())
            names << a.gcloudName;
    }
    return names.join(QStringLiteral(", "));
}

// gcloud's `count=N,type=T` (both keys required, count > 0, type in gcloud spelling).
std::optional<AcceleratorConfig> parseAccelerator(const QString &text,
                                                  const catalog::Catalog &catalog, QString *error)
{
    QString countText;
    QString typeText;
    bool haveCount = false;
    bool haveType = false;
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString &part : parts) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        const QString key = eq < 0 ? part : part.left(eq);
        const QString value = eq < 0 ? QString() : part.mid(eq + 1);
        if (key == QLatin1String("count") && eq >= 0) {
            countText = value;
            haveCount = true;
        } else if (key == QLatin1String("type") && eq >= 0) {
            typeText = value;
            haveType = true;
        } else {
            *error = GcloudFlags::tr("unknown key '%1'; expected count=N,type=T with T one of: %2")
                         .arg(part, acceleratorTypeList(catalog));
            return std::nullopt;
        }
    }
    if (!haveCount || !haveType) {
        *error = GcloudFlags::tr("both count and type are required, e.g. "
                                 "count=1,type=nvidia-tesla-t4; got '%1'")
                     .arg(text);
        return std::nullopt;
    }
    QString countError;
    const std::optional<qint64> count = parseCount(countText, true, &countError);
    if (!count) {
        *error = GcloudFlags::tr("count: %1").arg(countError);
        return std::nullopt;
    }
    // gcloud converts the typed choice to the enum name (arg_utils.ChoiceToEnum: '-' -> '_',
    // upper case), so nvidia-tesla-t4, NVIDIA_TESLA_T4 and Nvidia-Tesla-T4 are one type.
    const catalog::AcceleratorType *type = catalog.accelerator(acceleratorEnumName(typeText));
    if (!type || type->gcloudName.isEmpty()) {
        *error = GcloudFlags::tr("unknown accelerator type '%1'; valid types: %2")
                     .arg(typeText, acceleratorTypeList(catalog));
        return std::nullopt;
    }
    AcceleratorConfig config;
    config.count = *count;
    config.type = type->type;
    return config;
}

std::optional<QMap<QString, QString>> parseLabels(const QString &text, QString *error)
{
    QMap<QString, QString> labels;
    if (text.isEmpty())
        return labels;
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString &part : parts) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            *error =
                GcloudFlags::tr("expected KEY=VALUE pairs separated by commas, got '%1'").arg(part);
            return std::nullopt;
        }
        labels.insert(part.left(eq), part.mid(eq + 1));
    }
    return labels;
}

// calliope's normalisation of a choice flag's value (base._ChoiceValueType).
QString choiceValue(const QString &typed)
{
    QString value = typed;
    return value.replace(QLatin1Char('_'), QLatin1Char('-')).toLower();
}

std::optional<bool> parseSwitch(const QString &text, QString *error)
{
    if (text.isEmpty() || text == QLatin1String("true"))
        return true;
    if (text == QLatin1String("false"))
        return false;
    *error = GcloudFlags::tr("a switch takes no value (or true/false), got '%1'").arg(text);
    return std::nullopt;
}

struct Context
{
    Job &job;
    SourceMap &sources;
    const catalog::Catalog &catalog;
    Diagnostics &diags;
    QMap<QString, QString> labelsFromFlags; // repeated --labels merge with each other
};

// A flag that sets one string field.
struct StringFlag
{
    const char *name;
    const char *field;
    QString &(*target)(Job &);
};

const StringFlag stringFlags[] = {
    {"job-id", "jobId", [](Job &j) -> QString & { return j.jobId; }},
    {"region", "trainingInput.region", [](Job &j) -> QString & { return j.trainingInput.region; }},
    {"master-machine-type", "trainingInput.masterType",
     [](Job &j) -> QString & { return j.trainingInput.master.type; }},
    {"master-image-uri", "trainingInput.masterConfig.imageUri",
     [](Job &j) -> QString & { return j.trainingInput.master.config.imageUri; }},
    {"worker-machine-type", "trainingInput.workerType",
     [](Job &j) -> QString & { return j.trainingInput.worker.type; }},
    {"worker-image-uri", "trainingInput.workerConfig.imageUri",
     [](Job &j) -> QString & { return j.trainingInput.worker.config.imageUri; }},
    {"parameter-server-machine-type", "trainingInput.parameterServerType",
     [](Job &j) -> QString & { return j.trainingInput.parameterServer.type; }},
    {"parameter-server-image-uri", "trainingInput.parameterServerConfig.imageUri",
     [](Job &j) -> QString & { return j.trainingInput.parameterServer.config.imageUri; }},
    {"tpu-tf-version", "trainingInput.workerConfig.tpuTfVersion",
     [](Job &j) -> QString & { return j.trainingInput.worker.config.tpuTfVersion; }},
    {"module-name", "trainingInput.pythonModule",
     [](Job &j) -> QString & { return j.trainingInput.pythonModule; }},
    {"package-path", "trainyardLocal.packagePath",
     [](Job &j) -> QString & { return j.local.packagePath; }},
    {"job-dir", "trainingInput.jobDir", [](Job &j) -> QString & { return j.trainingInput.jobDir; }},
    {"runtime-version", "trainingInput.runtimeVersion",
     [](Job &j) -> QString & { return j.trainingInput.runtimeVersion; }},
    {"python-version", "trainingInput.pythonVersion",
     [](Job &j) -> QString & { return j.trainingInput.pythonVersion; }},
    {"network", "trainingInput.network",
     [](Job &j) -> QString & { return j.trainingInput.network; }},
    {"service-account", "trainingInput.serviceAccount",
     [](Job &j) -> QString & { return j.trainingInput.serviceAccount; }},
    {"kms-key", "trainingInput.encryptionConfig.kmsKeyName",
     [](Job &j) -> QString & { return j.trainingInput.kmsKeyName; }},
};

bool applyString(Context &c, const QString &name, const QString &value)
{
    for (const StringFlag &f : stringFlags) {
        if (name != QLatin1String(f.name))
            continue;
        const QString field = QLatin1String(f.field);
        if (value.isEmpty()) {
            c.diags << flagError(name, field, GcloudFlags::tr("expected a value"));
            return true;
        }
        f.target(c.job) = value;
        record(c.sources, field, dashed(name));
        return true;
    }
    return false;
}

// --<role>-count, --<role>-accelerator for the worker and parameter-server roles and the master.
bool applyRoleFlag(Context &c, const QString &name, const QString &value)
{
    for (Role role : {Role::Master, Role::Worker, Role::ParameterServer}) {
        const QString prefix = roleFlag(role) + QLatin1Char('-');
        if (!name.startsWith(prefix))
            continue;
        const QString rest = name.mid(prefix.size());
        RoleSpec &spec = c.job.trainingInput.role(role);
        QString error;
        if (rest == QLatin1String("count") && role != Role::Master) {
            const QString field =
                QStringLiteral("trainingInput.") + roleKey(role) + QStringLiteral("Count");
            const std::optional<qint64> count = parseCount(value, false, &error);
            if (!count) {
                c.diags << flagError(name, field, error);
                return true;
            }
            spec.count = count;
            record(c.sources, field, dashed(name));
            return true;
        }
        if (rest == QLatin1String("accelerator")) {
            const QString field = QStringLiteral("trainingInput.") + roleKey(role) +
                                  QStringLiteral("Config.acceleratorConfig");
            const std::optional<AcceleratorConfig> acc = parseAccelerator(value, c.catalog, &error);
            if (!acc) {
                c.diags << flagError(name, field, error);
                return true;
            }
            spec.config.acceleratorConfig = acc;
            record(c.sources, field, dashed(name));
            return true;
        }
    }
    return false;
}

bool applyOther(Context &c, const QString &name, const QString &value)
{
    TrainingInput &ti = c.job.trainingInput;
    QString error;
    if (name == QLatin1String("labels")) {
        const auto labels = parseLabels(value, &error);
        if (!labels) {
            c.diags << flagError(name, QStringLiteral("labels"), error);
            return true;
        }
        for (auto it = labels->cbegin(); it != labels->cend(); ++it)
            c.labelsFromFlags.insert(it.key(), it.value());
        c.job.labels = c.labelsFromFlags;
        record(c.sources, QStringLiteral("labels"), dashed(name));
        return true;
    }
    if (name == QLatin1String("scale-tier")) {
        const QString field = QStringLiteral("trainingInput.scaleTier");
        // calliope's ChoiceArgument normalises a typed choice to lower case with '-' for '_'
        // (base._ChoiceValueType), so STANDARD_1, standard_1 and Standard-1 are one tier.
        const catalog::ScaleTier *tier = c.catalog.scaleTierByGcloudName(choiceValue(value));
        if (!tier) {
            QStringList names;
            for (const catalog::ScaleTier &t : c.catalog.scaleTiers)
                names << t.gcloudName;
            c.diags << flagError(name, field,
                                 GcloudFlags::tr("unknown scale tier '%1'; valid tiers: %2")
                                     .arg(value, names.join(QStringLiteral(", "))));
            return true;
        }
        ti.scaleTier = tier->name;
        record(c.sources, field, dashed(name));
        return true;
    }
    if (name == QLatin1String("packages")) {
        const QString field = QStringLiteral("trainingInput.packageUris");
        // gs:// URIs or local archives (absolute or relative paths), which gcloud uploads to
        // the staging bucket when it submits the job.
        QStringList uris = value.split(QLatin1Char(','));
        if (value.isEmpty() || uris.contains(QString())) {
            c.diags << flagError(name, field,
                                 GcloudFlags::tr("expected URIs separated by commas (gs:// "
                                                 "URIs or local archives), got '%1'")
                                     .arg(value));
            return true;
        }
        ti.packageUris = uris;
        record(c.sources, field, dashed(name));
        return true;
    }
    const bool chief = name == QLatin1String("use-chief-in-tf-config");
    if (chief || name == QLatin1String("enable-web-access")) {
        const QString field = chief ? QStringLiteral("trainingInput.useChiefInTfConfig")
                                    : QStringLiteral("trainingInput.enableWebAccess");
        const std::optional<bool> on = parseSwitch(value, &error);
        if (!on) {
            c.diags << flagError(name, field, error);
            return true;
        }
        (chief ? ti.useChiefInTfConfig : ti.enableWebAccess) = on;
        record(c.sources, field, dashed(name));
        return true;
    }
    return false;
}

// gcloud requires --X-count and --X-machine-type together.
void checkPairs(Context &c, const QSet<QString> &given)
{
    for (Role role : {Role::Worker, Role::ParameterServer}) {
        const QString count = roleFlag(role) + QStringLiteral("-count");
        const QString type = roleFlag(role) + QStringLiteral("-machine-type");
        if (given.contains(count) == given.contains(type))
            continue;
        const bool haveCount = given.contains(count);
        const QString field = QStringLiteral("trainingInput.") + roleKey(role) +
                              (haveCount ? QStringLiteral("Type") : QStringLiteral("Count"));
        c.diags << flagError(
            haveCount ? count : type, field,
            GcloudFlags::tr("%1 and %2 must be given together").arg(dashed(count), dashed(type)));
    }
}

} // namespace

QList<JobFlag> jobFlags()
{
    QList<JobFlag> flags;
    for (const FlagDef &def : flagDefs) {
        JobFlag f;
        f.name = QLatin1String(def.name);
        f.valueName = def.valueName ? QLatin1String(def.valueName) : QLatin1String();
        f.help = QCoreApplication::translate("trainyard::GcloudFlags", def.help);
        f.isSwitch = def.valueName == nullptr;
        flags << f;
    }
    return flags;
}

const QStringList &jobFlagNames()
{
    static const QStringList names = [] {
        QStringList list;
        for (const FlagDef &def : flagDefs)
            list << QLatin1String(def.name);
        return list;
    }();
    return names;
}

const QStringList &jobSwitchNames()
{
    static const QStringList names = [] {
        QStringList list;
        for (const FlagDef &def : flagDefs) {
            if (!def.valueName)
                list << QLatin1String(def.name);
        }
        return list;
    }();
    return names;
}

Diagnostics applyFlags(Job &job, SourceMap &sources, const FlagOverrides &flags,
                       const catalog::Catalog &catalog)
{
    Diagnostics diags;
    Context c{job, sources, catalog, diags, {}};
    QSet<QString> given;
    for (const FlagOverrides::Flag &flag : flags.flags) {
        given.insert(flag.name);
        if (applyString(c, flag.name, flag.value) || applyRoleFlag(c, flag.name, flag.value) ||
            applyOther(c, flag.name, flag.value)) {
            continue;
        }
        diags << flagError(flag.name, QString(),
                           GcloudFlags::tr("unknown flag; see the list of job flags in --help"));
    }
    checkPairs(c, given);
    if (flags.hasUserArgs) {
        job.trainingInput.args = flags.userArgs;
        record(sources, QStringLiteral("trainingInput.args"), QStringLiteral("--"));
    }
    return diags;
}

} // namespace trainyard::exporters
