// SPDX-License-Identifier: MIT
// Names, labels, namespaces, environment, resources and framework detection shared by the
// Kubernetes exports (kubernetes.h).
#include "export/kubernetes.h"

#include "service/tfconfig.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <array>
#include <cmath>

namespace trainyard::exporters {

using namespace trainyard::jobspec;

namespace {

class KubernetesExport
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::KubernetesExport)
};

constexpr qsizetype maxNameLength = 40;
constexpr qsizetype maxLabelLength = 63;
constexpr int maxScannedFiles = 400;
constexpr qint64 maxScannedBytes = 256 * 1024;

bool isLowerAlnum(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
           (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
}

bool isAsciiAlnum(QChar c)
{
    return isLowerAlnum(c) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'));
}

// IsQualifiedName's name part and IsValidLabelValue: [A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?
bool isLabelName(const QString &text)
{
    if (text.isEmpty() || text.size() > maxLabelLength)
        return false;
    if (!isAsciiAlnum(text.front()) || !isAsciiAlnum(text.back()))
        return false;
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return isAsciiAlnum(c) || c == QLatin1Char('-') || c == QLatin1Char('_') ||
               c == QLatin1Char('.');
    });
}

// The label text with leading and trailing characters other than ASCII letters and digits
// dropped; null when it holds anything non-ASCII (no faithful Kubernetes spelling).
QString trimToLabel(const QString &text)
{
    if (std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() > 0x7F; }))
        return QString();
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && !isAsciiAlnum(text.at(begin)))
        ++begin;
    while (end > begin && !isAsciiAlnum(text.at(end - 1)))
        --end;
    return text.mid(begin, end - begin).left(maxLabelLength);
}

QString shortHash(const QString &text)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex().left(6));
}

QString memoryQuantity(double gigabytes)
{
    // Compute Engine's "GB" of machine memory are GiB. Whole GiB as "15Gi", else MiB.
    if (std::floor(gigabytes) == gigabytes)
        return QString::number(qint64(gigabytes)) + QStringLiteral("Gi");
    return QString::number(qint64(std::llround(gigabytes * 1024))) + QStringLiteral("Mi");
}

const QRegularExpression &importPattern(Framework framework)
{
    static const QRegularExpression torch(
        QStringLiteral("^\\s*(?:import|from)\\s+(?:torch|lightning|pytorch_lightning)\\b"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression tensorflow(
        QStringLiteral("^\\s*(?:import|from)\\s+(?:tensorflow|keras)\\b"),
        QRegularExpression::MultilineOption);
    return framework == Framework::PyTorch ? torch : tensorflow;
}

Framework frameworkOfImage(const QString &image)
{
    const QString name = image.toLower();
    if (name.isEmpty())
        return Framework::Unknown;
    // Vertex AI's pre-built images (pytorch-gpu.2-4, tf-gpu.2-17, tf2-cpu.2-11), Docker Hub's
    // pytorch/pytorch and tensorflow/tensorflow, NGC's nvcr.io/nvidia/pytorch.
    static const QRegularExpression torch(QStringLiteral("(^|[/._-])(py)?torch([/._:-]|$)"));
    static const QRegularExpression tf(QStringLiteral("(^|[/._-])(tensorflow|tf2?)([/._:-]|$)"));
    if (torch.match(name).hasMatch())
        return Framework::PyTorch;
    if (tf.match(name).hasMatch())
        return Framework::TensorFlow;
    return Framework::Unknown;
}

Framework frameworkOfPackage(const QString &directory)
{
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        return Framework::Unknown;
    // The package folder (gcloud's --package-path) and its parent, where setup.py usually lies.
    const QStringList roots = {directory, QFileInfo(directory).absolutePath()};
    bool torch = false;
    bool tensorflow = false;
    int scanned = 0;
    auto scan = [&](const QString &path) {
        QFile file(path);
        if (++scanned > maxScannedFiles || !file.open(QIODevice::ReadOnly))
            return;
        const QString text = QString::fromUtf8(file.read(maxScannedBytes));
        torch = torch || importPattern(Framework::PyTorch).match(text).hasMatch();
        tensorflow = tensorflow || importPattern(Framework::TensorFlow).match(text).hasMatch();
        if (QFileInfo(path).fileName() == QLatin1String("setup.py")) {
            static const QRegularExpression torchReq(QStringLiteral("['\"](torch|lightning)\\b"));
            static const QRegularExpression tfReq(QStringLiteral("['\"](tensorflow|keras)\\b"));
            torch = torch || torchReq.match(text).hasMatch();
            tensorflow = tensorflow || tfReq.match(text).hasMatch();
        }
    };
    scan(QFileInfo(roots.at(1), QStringLiteral("setup.py")).filePath());
    QDirIterator it(directory, {QStringLiteral("*.py")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext() && scanned <= maxScannedFiles)
        scan(it.next());
    if (torch == tensorflow)
        return Framework::Unknown; // neither, or both (a converter, say): no verdict
    return torch ? Framework::PyTorch : Framework::TensorFlow;
}

} // namespace

void addDiagnostic(Diagnostics *diagnostics, Severity severity, const QString &field,
                   const QString &message)
{
    if (!diagnostics)
        return;
    Diagnostic d;
    d.severity = severity;
    d.field = field;
    d.message = message;
    diagnostics->append(d);
}

QString kubernetesName(const QString &jobId)
{
    QString name;
    bool lossy = false;
    for (const QChar c : jobId) {
        if (isLowerAlnum(c)) {
            name.append(c);
            continue;
        }
        if (c != QLatin1Char('_'))
            lossy = true; // upper case, or outside a job ID's alphabet
        if (c.isLetterOrNumber() && c.unicode() < 0x80) {
            name.append(c.toLower());
        } else if (!name.endsWith(QLatin1Char('-'))) {
            name.append(QLatin1Char('-'));
        }
    }
    while (name.startsWith(QLatin1Char('-')))
        name.remove(0, 1);
    while (name.endsWith(QLatin1Char('-')))
        name.chop(1);
    if (name.isEmpty()) {
        name = QStringLiteral("trainyard-job");
        lossy = true;
    } else if (!name.at(0).isLetter()) {
        name.prepend(QStringLiteral("job-"));
    }
    if (name.size() > maxNameLength)
        lossy = true;
    if (!lossy)
        return name;
    const QString suffix = QLatin1Char('-') + shortHash(jobId);
    name.truncate(maxNameLength - suffix.size());
    while (name.endsWith(QLatin1Char('-')))
        name.chop(1);
    return name + suffix;
}

bool isDnsLabel(const QString &name)
{
    if (name.isEmpty() || name.size() > maxLabelLength)
        return false;
    if (!isLowerAlnum(name.front()) || !isLowerAlnum(name.back()))
        return false;
    return std::all_of(name.cbegin(), name.cend(),
                       [](QChar c) { return isLowerAlnum(c) || c == QLatin1Char('-'); });
}

QString namespaceError(const QString &ns)
{
    if (isDnsLabel(ns))
        return QString();
    return KubernetesExport::tr("'%1' is not a Kubernetes namespace: at most 63 lower-case "
                                "letters, digits and '-', starting and ending with a letter or "
                                "digit (RFC 1123), e.g. '%2'")
        .arg(ns, kubernetesName(ns.isEmpty() ? QStringLiteral("ml") : ns));
}

QJsonObject kubernetesLabels(const QMap<QString, QString> &labels, Diagnostics *diagnostics)
{
    QJsonObject out;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        const QString field = QStringLiteral("labels.") + it.key();
        const QString key = trimToLabel(it.key());
        const QString value = trimToLabel(it.value());
        if (!isLabelName(key) || (value.isNull() && !it.value().isEmpty()) ||
            (!value.isEmpty() && !isLabelName(value)) || out.contains(key)) {
            addDiagnostic(diagnostics, Severity::Warning, field,
                          KubernetesExport::tr("the label %1: %2 has no valid Kubernetes "
                                               "spelling (ASCII letters and digits, '-', '_', "
                                               "'.' inside); left out")
                              .arg(it.key(), it.value()));
            continue;
        }
        if (key != it.key() || value != it.value()) {
            addDiagnostic(diagnostics, Severity::Warning, field,
                          KubernetesExport::tr("the label %1: %2 is not a valid Kubernetes "
                                               "label (it must start and end with a letter or "
                                               "digit); exported as %3: %4")
                              .arg(it.key(), it.value(), key, value));
        }
        out.insert(key, value);
    }
    return out;
}

QJsonObject kubernetesMetadata(const Job &job, const QString &ns, Diagnostics *diagnostics)
{
    QJsonObject metadata;
    const QString name = kubernetesName(job.jobId);
    if (name != job.jobId) {
        addDiagnostic(diagnostics, Severity::Warning, QStringLiteral("jobId"),
                      KubernetesExport::tr("'%1' is not a Kubernetes name; the manifest uses '%2'")
                          .arg(job.jobId, name));
    }
    metadata.insert(QStringLiteral("name"), name);
    if (!ns.isEmpty()) {
        const QString nsError = namespaceError(ns);
        if (!nsError.isEmpty())
            addDiagnostic(diagnostics, Severity::Error, QStringLiteral("namespace"), nsError);
        metadata.insert(QStringLiteral("namespace"), ns);
    }
    const QJsonObject labels = kubernetesLabels(job.labels, diagnostics);
    if (!labels.isEmpty())
        metadata.insert(QStringLiteral("labels"), labels);
    return metadata;
}

QJsonArray containerEnvironment(const Job &job, Diagnostics *diagnostics)
{
    QJsonArray env;
    const TrainingInput &ti = job.trainingInput;
    if (!ti.jobDir.isEmpty()) {
        const std::array<std::pair<const char *, const char *>, 3> dirs = {
            std::pair<const char *, const char *>{"AIP_MODEL_DIR", "model"},
            {"AIP_CHECKPOINT_DIR", "checkpoints"},
            {"AIP_TENSORBOARD_LOG_DIR", "logs"}};
        for (const auto &[var, sub] : dirs) {
            env.append(
                QJsonObject{{QStringLiteral("name"), QLatin1String(var)},
                            {QStringLiteral("value"),
                             service::aipDirectory(ti.jobDir, QString(), QLatin1String(sub))}});
        }
    }
    for (const EnvVar &var : job.local.env) {
        if (var.secret.isEmpty()) {
            env.append(QJsonObject{{QStringLiteral("name"), var.name},
                                   {QStringLiteral("value"), var.value}});
            continue;
        }
        const QString secretName = kubernetesName(var.secret);
        env.append(QJsonObject{{QStringLiteral("name"), var.name},
                               {QStringLiteral("valueFrom"),
                                QJsonObject{{QStringLiteral("secretKeyRef"),
                                             QJsonObject{{QStringLiteral("name"), secretName},
                                                         {QStringLiteral("key"), var.name}}}}}});
        addDiagnostic(diagnostics, Severity::Warning,
                      QStringLiteral("trainyardLocal.env.") + var.name,
                      KubernetesExport::tr("comes from the Kubernetes Secret '%1' (key %2), "
                                           "which you create in the cluster; the value is not "
                                           "exported")
                          .arg(secretName, var.name));
    }
    return env;
}

QJsonObject podResources(const QJsonObject &machineSpec, const catalog::Catalog &catalog)
{
    QJsonObject resources;
    if (const catalog::MachineType *type =
            catalog.machineType(machineSpec.value(QStringLiteral("machineType")).toString());
        type && type->vcpus > 0 && type->memoryGb > 0) {
        resources.insert(QStringLiteral("requests"),
                         QJsonObject{{QStringLiteral("cpu"), QString::number(type->vcpus)},
                                     {QStringLiteral("memory"), memoryQuantity(type->memoryGb)}});
    }
    const int gpus = machineSpec.value(QStringLiteral("acceleratorCount")).toInt();
    const QString accelerator = machineSpec.value(QStringLiteral("acceleratorType")).toString();
    if (gpus > 0 && accelerator.startsWith(QLatin1String("NVIDIA"))) {
        resources.insert(QStringLiteral("limits"),
                         QJsonObject{{QStringLiteral("nvidia.com/gpu"), double(gpus)}});
    }
    return resources;
}

QString gkeAcceleratorLabel(const QJsonObject &machineSpec, const catalog::Catalog &catalog)
{
    if (machineSpec.value(QStringLiteral("acceleratorCount")).toInt() <= 0)
        return QString();
    return catalog.gkeAcceleratorLabels.value(
        machineSpec.value(QStringLiteral("acceleratorType")).toString());
}

void warnUnsupportedFields(const Job &job, Diagnostics *diagnostics)
{
    const TrainingInput &ti = job.trainingInput;
    auto warn = [&](const QString &field, const QString &message) {
        addDiagnostic(diagnostics, Severity::Warning, field, message);
    };
    if (!ti.region.isEmpty())
        warn(QStringLiteral("trainingInput.region"),
             KubernetesExport::tr("the cluster decides where pods run; region %1 left out")
                 .arg(ti.region));
    if (!ti.network.isEmpty())
        warn(QStringLiteral("trainingInput.network"),
             KubernetesExport::tr("VPC peering has no counterpart in the manifest; the pods use "
                                  "the cluster's network"));
    if (!ti.serviceAccount.isEmpty())
        warn(QStringLiteral("trainingInput.serviceAccount"),
             KubernetesExport::tr("the Google service account %1 is not a Kubernetes service "
                                  "account; bind it with GKE Workload Identity to the pods' "
                                  "service account")
                 .arg(ti.serviceAccount));
    if (!ti.kmsKeyName.isEmpty())
        warn(QStringLiteral("trainingInput.encryptionConfig.kmsKeyName"),
             KubernetesExport::tr("the CMEK key applies to Vertex AI's resources; encrypt the "
                                  "cluster's disks instead; left out"));
    if (ti.enableWebAccess.value_or(false))
        warn(QStringLiteral("trainingInput.enableWebAccess"),
             KubernetesExport::tr("interactive shells are `kubectl exec` on a cluster; left out"));
    if (ti.scheduling && !ti.scheduling->maxWaitTime.isEmpty())
        warn(QStringLiteral("trainingInput.scheduling.maxWaitTime"),
             KubernetesExport::tr("a manifest cannot limit the time a job waits for resources; "
                                  "left out"));
    if (ti.scheduling && ti.scheduling->priority)
        warn(QStringLiteral("trainingInput.scheduling.priority"),
             KubernetesExport::tr("use a PriorityClass of the cluster (or Kueue) instead; left "
                                  "out"));
    for (Role role : allRoles) {
        const ReplicaConfig &config = ti.role(role).config;
        if (config.diskConfig)
            warn(QStringLiteral("trainingInput.") + roleKey(role) +
                     QStringLiteral("Config.diskConfig"),
                 KubernetesExport::tr("boot disks are the nodes' business on a cluster; left "
                                      "out"));
    }
    if (!ti.runtimeVersion.isEmpty() || !ti.pythonVersion.isEmpty())
        warn(QStringLiteral("trainingInput.runtimeVersion"),
             KubernetesExport::tr("the image decides the framework and Python versions; "
                                  "runtimeVersion and pythonVersion left out"));
}

Framework detectFramework(const Job &job, const QString &image)
{
    if (const Framework f = frameworkOfImage(image); f != Framework::Unknown)
        return f;
    for (Role role : allRoles) {
        if (const Framework f = frameworkOfImage(job.trainingInput.role(role).config.imageUri);
            f != Framework::Unknown)
            return f;
    }
    return frameworkOfPackage(job.local.packagePath);
}

QString frameworkName(Framework framework)
{
    switch (framework) {
    case Framework::PyTorch:
        return QStringLiteral("PyTorch");
    case Framework::TensorFlow:
        return QStringLiteral("TensorFlow");
    case Framework::Unknown:
        break;
    }
    return QString();
}

} // namespace trainyard::exporters
