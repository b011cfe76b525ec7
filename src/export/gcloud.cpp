// SPDX-License-Identifier: MIT
// The export of a spec as an equivalent `gcloud ai-platform jobs submit training` command line.
#include "export/gcloud.h"

#include <QCoreApplication>

namespace trainyard::exporters {

using namespace trainyard::jobspec;
namespace {

class GcloudCommand
{
    Q_DECLARE_TR_FUNCTIONS(trainyard::GcloudCommand)
};

bool isShellSafe(QChar c)
{
    const char16_t u = c.unicode();
    if ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9'))
        return true;
    switch (u) {
    case u'_':
    case u'@':
    case u'%':
    case u'+':
    case u'=':
    case u':':
    case u',':
    case u'.':
    case u'/':
    case u'-':
        return true;
    default:
        return false;
    }
}

// gcloud's `count=N,type=T`, or empty when the config cannot be written that way.
QString acceleratorFlagValue(const AcceleratorConfig &acc, const catalog::Catalog &catalog)
{
    const catalog::AcceleratorType *type = catalog.accelerator(acc.type);
    if (!acc.count || !type || type->gcloudName.isEmpty())
        return {};
    return QStringLiteral("count=%1,type=%2").arg(*acc.count).arg(type->gcloudName);
}

// Collects the flags of a command and the names of the fields that need --config.
class Builder
{
public:
    Builder(const Job &job, const catalog::Catalog &catalog)
        : m_job(job)
        , m_catalog(catalog)
    {}

    void flag(const QString &name, const QString &value)
    {
        if (!value.isEmpty())
            m_words << QStringLiteral("--") + name + QLatin1Char('=') + shellQuote(value);
    }
    void toggle(const QString &name, const std::optional<bool> &on)
    {
        if (on.value_or(false))
            m_words << QStringLiteral("--") + name;
    }
    void needsConfig(const QString &field)
    {
        if (!m_configFields.contains(field))
            m_configFields << field;
    }

    void build()
    {
        const TrainingInput &ti = m_job.trainingInput;
        flag(QStringLiteral("region"), ti.region);
        scaleTier();
        for (Role role : {Role::Master, Role::Worker, Role::ParameterServer})
            roleFlags(role);
        if (ti.evaluator != RoleSpec())
            needsConfig(QStringLiteral("evaluator"));
        toggle(QStringLiteral("use-chief-in-tf-config"), ti.useChiefInTfConfig);
        flag(QStringLiteral("module-name"), ti.pythonModule);
        flag(QStringLiteral("package-path"), m_job.local.packagePath);
        packages();
        flag(QStringLiteral("runtime-version"), ti.runtimeVersion);
        flag(QStringLiteral("python-version"), ti.pythonVersion);
        flag(QStringLiteral("job-dir"), ti.jobDir);
        flag(QStringLiteral("network"), ti.network);
        flag(QStringLiteral("service-account"), ti.serviceAccount);
        flag(QStringLiteral("kms-key"), ti.kmsKeyName);
        toggle(QStringLiteral("enable-web-access"), ti.enableWebAccess);
        labels();
        if (ti.hyperparameters)
            needsConfig(QStringLiteral("hyperparameters"));
        if (ti.scheduling)
            needsConfig(QStringLiteral("scheduling"));
    }

    QStringList words() const { return m_words; }
    QStringList configFields() const { return m_configFields; }

private:
    void scaleTier()
    {
        const QString &tier = m_job.trainingInput.scaleTier;
        if (tier.isEmpty())
            return;
        const catalog::ScaleTier *known = m_catalog.scaleTier(tier);
        if (known && !known->gcloudName.isEmpty())
            flag(QStringLiteral("scale-tier"), known->gcloudName);
        else
            needsConfig(QStringLiteral("scaleTier"));
    }

    void roleFlags(Role role)
    {
        const RoleSpec &spec = m_job.trainingInput.role(role);
        const QString prefix = roleFlag(role) + QLatin1Char('-');
        const QString key = roleKey(role);
        if (role == Role::Master) {
            flag(prefix + QStringLiteral("machine-type"), spec.type);
        } else if (!spec.type.isEmpty() && spec.count) {
            // gcloud wants the count and the type together.
            flag(prefix + QStringLiteral("count"), QString::number(*spec.count));
            flag(prefix + QStringLiteral("machine-type"), spec.type);
        } else if (!spec.type.isEmpty() || spec.count) {
            needsConfig(key + (spec.count ? QStringLiteral("Count") : QStringLiteral("Type")));
        }
        const ReplicaConfig &config = spec.config;
        if (config.acceleratorConfig) {
            const QString value = acceleratorFlagValue(*config.acceleratorConfig, m_catalog);
            if (value.isEmpty())
                needsConfig(key + QStringLiteral("Config.acceleratorConfig"));
            flag(prefix + QStringLiteral("accelerator"), value);
        }
        flag(prefix + QStringLiteral("image-uri"), config.imageUri);
        if (!config.tpuTfVersion.isEmpty()) {
            if (role == Role::Worker)
                flag(QStringLiteral("tpu-tf-version"), config.tpuTfVersion);
            else
                needsConfig(key + QStringLiteral("Config.tpuTfVersion"));
        }
        if (config.diskConfig)
            needsConfig(key + QStringLiteral("Config.diskConfig"));
        if (!config.containerCommand.isEmpty())
            needsConfig(key + QStringLiteral("Config.containerCommand"));
        if (!config.containerArgs.isEmpty())
            needsConfig(key + QStringLiteral("Config.containerArgs"));
    }

    void packages()
    {
        const QStringList &uris = m_job.trainingInput.packageUris;
        if (uris.isEmpty())
            return;
        for (const QString &uri : uris) {
            if (!uri.startsWith(QLatin1String("gs://")) || uri.contains(QLatin1Char(','))) {
                needsConfig(QStringLiteral("packageUris"));
                return;
            }
        }
        flag(QStringLiteral("packages"), uris.join(QLatin1Char(',')));
    }

    void labels()
    {
        const QMap<QString, QString> &labels = m_job.labels;
        QStringList pairs;
        for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
            if (it.key().isEmpty() || it.key().contains(QLatin1Char(',')) ||
                it.key().contains(QLatin1Char('=')) || it.value().contains(QLatin1Char(','))) {
                needsConfig(QStringLiteral("labels"));
                return;
            }
            pairs << it.key() + QLatin1Char('=') + it.value();
        }
        flag(QStringLiteral("labels"), pairs.join(QLatin1Char(',')));
    }

    const Job &m_job;
    const catalog::Catalog &m_catalog;
    QStringList m_words;
    QStringList m_configFields;
};

} // namespace

QString shellQuote(const QString &word)
{
    if (word.isEmpty())
        return QStringLiteral("''");
    bool safe = true;
    for (QChar c : word) {
        if (!isShellSafe(c)) {
            safe = false;
            break;
        }
    }
    if (safe)
        return word;
    QString quoted = QStringLiteral("'");
    for (QChar c : word) {
        if (c == QLatin1Char('\''))
            quoted += QStringLiteral("'\\''");
        else
            quoted += c;
    }
    quoted += QLatin1Char('\'');
    return quoted;
}

QString gcloudCommand(const Job &job, const catalog::Catalog &catalog,
                      const QString &configFileName)
{
    Builder builder(job, catalog);
    builder.build();
    QStringList lines;
    lines << QStringLiteral("gcloud ai-platform jobs submit training ") + shellQuote(job.jobId);
    lines << builder.words();

    QString comment;
    const QStringList configFields = builder.configFields();
    if (!configFields.isEmpty()) {
        QString name = configFileName;
        if (name.isEmpty()) {
            name = QStringLiteral("config.yaml");
            comment = QStringLiteral("# ") +
                      GcloudCommand::tr("No gcloud flag can set %1: save the spec as %2 first "
                                        "(trainyard export --to yaml FILE > %2).")
                          .arg(configFields.join(QStringLiteral(", ")), name) +
                      QLatin1Char('\n');
        }
        lines << QStringLiteral("--config=") + shellQuote(name);
    }
    const QStringList &args = job.trainingInput.args;
    if (!args.isEmpty()) {
        QStringList quoted{QStringLiteral("--")};
        for (const QString &arg : args)
            quoted << shellQuote(arg);
        lines << quoted.join(QLatin1Char(' '));
    }
    return comment + lines.join(QStringLiteral(" \\\n  ")) + QLatin1Char('\n');
}

} // namespace trainyard::exporters
