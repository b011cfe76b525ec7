// SPDX-License-Identifier: MIT
// Field rules outside the cluster: labels, runtime and packages, jobDir, hyperparameters,
// scheduling, the local part; plus ordering and source positions of the diagnostics.
#include "testjobs.h"

#include <QTest>
#include <functional>

using namespace trainyard;
using namespace trainyard::testjobs;

using Mutation = std::function<void(jobspec::Job &)>;
Q_DECLARE_METATYPE(Mutation)
Q_DECLARE_METATYPE(validation::Target)

namespace {

jobspec::ParameterSpec param(const QString &name, const QString &type)
{
    jobspec::ParameterSpec p;
    p.parameterName = name;
    p.type = type;
    return p;
}

jobspec::ParameterSpec range(const QString &name, const QString &type, double lo, double hi,
                             const QString &scale = {})
{
    jobspec::ParameterSpec p = param(name, type);
    p.minValue = lo;
    p.maxValue = hi;
    p.scaleType = scale;
    return p;
}

// Adds a valid hyperparameter spec and lets `change` alter it.
Mutation withHp(std::function<void(jobspec::HyperparameterSpec &)> change)
{
    return [change](Job &j) {
        jobspec::HyperparameterSpec hp;
        hp.goal = QStringLiteral("MAXIMIZE");
        hp.hyperparameterMetricTag = QStringLiteral("accuracy");
        hp.maxTrials = 20;
        hp.maxParallelTrials = 4;
        hp.params.append(range(QStringLiteral("learning_rate"), QStringLiteral("DOUBLE"), 0.0001,
                               0.1, QStringLiteral("UNIT_LOG_SCALE")));
        jobspec::ParameterSpec opt =
            param(QStringLiteral("optimizer"), QStringLiteral("CATEGORICAL"));
        opt.categoricalValues = {QStringLiteral("adam"), QStringLiteral("sgd")};
        hp.params.append(opt);
        change(hp);
        j.trainingInput.hyperparameters = hp;
    };
}

Mutation withScheduling(const QString &running, const QString &wait,
                        std::optional<qint64> priority = {})
{
    return [=](Job &j) {
        jobspec::Scheduling s;
        s.maxRunningTime = running;
        s.maxWaitTime = wait;
        s.priority = priority;
        j.trainingInput.scheduling = s;
    };
}

Mutation withDisk(jobspec::Role role, const QString &type, std::optional<qint64> sizeGb = {})
{
    return [=](Job &j) {
        jobspec::DiskConfig d;
        d.bootDiskType = type;
        d.bootDiskSizeGb = sizeGb;
        j.trainingInput.role(role).config.diskConfig = d;
    };
}

Mutation withEnv(const QString &name)
{
    return [name](Job &j) {
        j.local.packagePath = QStringLiteral("/home/alice/trainer");
        j.local.env.append({name, QStringLiteral("1"), QString()});
    };
}

Mutation withJobDir(const QString &dir)
{
    return [dir](Job &j) { j.trainingInput.jobDir = dir; };
}

} // namespace

class TestFields : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data();
    void rules();
    void ordering();
    void sourcePositions();
};

void TestFields::rules_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<validation::Target>("target");
    QTest::addColumn<QString>("field"); // empty: the job must be free of diagnostics
    QTest::addColumn<bool>("error");
    QTest::addColumn<QStringList>("contains");

    const auto cloud = validation::Target::Cloud;
    const auto local = validation::Target::Local;
    const QString hp = QStringLiteral("trainingInput.hyperparameters.");
    const QString jobDir = QStringLiteral("trainingInput.jobDir");
    const QString runtime = QStringLiteral("trainingInput.runtimeVersion");
    const QString python = QStringLiteral("trainingInput.pythonVersion");
    const QString module = QStringLiteral("trainingInput.pythonModule");
    auto ok = [&](const char *name, Mutation m, validation::Target t = validation::Target::Cloud) {
        QTest::newRow(name) << m << t << QString() << false << QStringList();
    };
    auto bad = [&](const char *name, Mutation m, validation::Target t, const QString &field,
                   bool error, QStringList contains) {
        QTest::newRow(name) << m << t << field << error << contains;
    };

    // Labels (Google Cloud label rules).
    ok("labels ok", [](Job &j) {
        j.labels.insert(QStringLiteral("owner"), QStringLiteral("alice"));
        j.labels.insert(QStringLiteral("team-1_x"), QString());
    });
    bad("label key upper case",
        [](Job &j) { j.labels.insert(QStringLiteral("Owner"), QStringLiteral("a")); }, cloud,
        QStringLiteral("labels.Owner"), true,
        {QStringLiteral("must start with a lowercase letter, not 'O'"),
         QStringLiteral("did you mean 'owner'?")});
    bad("label key with dot",
        [](Job &j) { j.labels.insert(QStringLiteral("a.b"), QStringLiteral("x")); }, cloud,
        QStringLiteral("labels.a.b"), true,
        {QStringLiteral("character 2 '.' is not allowed"), QStringLiteral("lowercase letters")});
    bad("label value too long",
        [](Job &j) { j.labels.insert(QStringLiteral("k"), QString(64, QLatin1Char('v'))); }, cloud,
        QStringLiteral("labels.k"), true,
        {QStringLiteral("64 characters long; the maximum is 63")});
    // The plain-text shortcut and the full check agree at their edges.
    ok("label key of 63 characters and non-ASCII lowercase",
       [](Job &j) { j.labels.insert(QString(63, QLatin1Char('k')), QStringLiteral("größe-ß")); });
    bad("label key of 64 characters",
        [](Job &j) { j.labels.insert(QString(64, QLatin1Char('k')), QString()); }, cloud,
        QStringLiteral("labels.") + QString(64, QLatin1Char('k')), true,
        {QStringLiteral("64 characters")});
    bad("label key starting with a digit",
        [](Job &j) { j.labels.insert(QStringLiteral("1abc"), QString()); }, cloud,
        QStringLiteral("labels.1abc"), true, {QStringLiteral("lowercase letter")});
    bad("label value with an upper-case letter inside",
        [](Job &j) { j.labels.insert(QStringLiteral("team"), QStringLiteral("ml-Ops")); }, cloud,
        QStringLiteral("labels.team"), true, {QStringLiteral("'O'")});
    bad("too many labels",
        [](Job &j) {
            for (int i = 0; i < 65; ++i)
                j.labels.insert(QStringLiteral("k%1").arg(i), QString());
        },
        cloud, QStringLiteral("labels"), true, {QStringLiteral("65 labels"), QStringLiteral("64")});

    // Runtime, Python, module, packages, containers.
    ok("custom container instead of runtime", [](Job &j) {
        j.trainingInput.runtimeVersion.clear();
        j.trainingInput.pythonModule.clear();
        j.trainingInput.master.config.imageUri = QStringLiteral("gcr.io/p/trainer:1");
        j.trainingInput.master.config.containerArgs = {QStringLiteral("--epochs=3")};
    });
    // Early versions of the service ran such jobs on runtime 1.0: a warning that says what it
    // needs today.
    bad("neither runtime nor image", [](Job &j) { j.trainingInput.runtimeVersion.clear(); }, cloud,
        runtime, false,
        {QStringLiteral("runtimeVersion is not set"), QStringLiteral("masterConfig.imageUri")});
    ok(
        "no runtime needed locally",
        [](Job &j) {
            j.trainingInput.runtimeVersion.clear();
            j.local.packagePath = QStringLiteral("/tmp/trainer");
        },
        local);
    bad("runtime and image",
        [](Job &j) { j.trainingInput.master.config.imageUri = QStringLiteral("gcr.io/p/t"); },
        cloud, runtime, true, {QStringLiteral("exclusive")});
    bad("malformed runtime", [](Job &j) { j.trainingInput.runtimeVersion = QStringLiteral("2.x"); },
        cloud, runtime, true, {QStringLiteral("not a version number"), QStringLiteral("2.11")});
    bad("unknown runtime", [](Job &j) { j.trainingInput.runtimeVersion = QStringLiteral("2.12"); },
        cloud, runtime, false,
        {QStringLiteral("2.12 is not in the catalog"), QStringLiteral("1.15")});
    ok("python 3.7 with 2.11",
       [](Job &j) { j.trainingInput.pythonVersion = QStringLiteral("3.7"); });
    bad("python not offered", [](Job &j) { j.trainingInput.pythonVersion = QStringLiteral("3.9"); },
        cloud, python, true,
        {QStringLiteral("'3.9' is not offered"), QStringLiteral("2.7, 3.5, 3.7")});
    bad("python incompatible with a certain runtime",
        [](Job &j) {
            j.trainingInput.runtimeVersion = QStringLiteral("1.15");
            j.trainingInput.pythonVersion = QStringLiteral("3.5");
        },
        cloud, python, true,
        {QStringLiteral("does not work with runtimeVersion 1.15"), QStringLiteral("2.7, 3.7")});
    bad("python incompatible with an uncertain runtime",
        [](Job &j) { j.trainingInput.pythonVersion = QStringLiteral("2.7"); }, cloud, python, false,
        {QStringLiteral("supports Python 3.7")});
    bad("module missing", [](Job &j) { j.trainingInput.pythonModule.clear(); }, cloud, module, true,
        {QStringLiteral("pythonModule is required"), QStringLiteral("trainer.task")});
    ok(
        "local executable instead of module",
        [](Job &j) {
            j.trainingInput.pythonModule.clear();
            j.local.executable = QStringLiteral("/usr/bin/train");
        },
        local);
    // python -m cannot run a file name: an error, the job could only fail.
    bad("module as a path",
        [](Job &j) { j.trainingInput.pythonModule = QStringLiteral("trainer/task.py"); }, cloud,
        module, true, {QStringLiteral("Use a dotted name such as trainer.task")});
    bad("module as a path, local run",
        [](Job &j) {
            j.trainingInput.pythonModule = QStringLiteral("trainer/task.py");
            j.local.packagePath = QStringLiteral("/tmp/trainer");
        },
        local, module, true, {QStringLiteral("Use a dotted name such as trainer.task")});
    bad("module with a slash",
        [](Job &j) { j.trainingInput.pythonModule = QStringLiteral("trainer/task"); }, cloud,
        module, true, {QStringLiteral("Use a dotted name such as trainer.task")});
    bad("module ending in .py",
        [](Job &j) { j.trainingInput.pythonModule = QStringLiteral("trainer.task.py"); }, cloud,
        module, true, {QStringLiteral("ends in .py"), QStringLiteral("such as trainer.task")});
    ok("module in a directory with a hyphen",
       [](Job &j) { j.trainingInput.pythonModule = QStringLiteral("youtube-8m.train"); });
    bad("module with an empty segment",
        [](Job &j) { j.trainingInput.pythonModule = QStringLiteral("trainer..task"); }, cloud,
        module, true, {QStringLiteral("empty segment")});
    bad("package not on gs",
        [](Job &j) { j.trainingInput.packageUris = {QStringLiteral("dist/t.tar.gz")}; }, cloud,
        QStringLiteral("trainingInput.packageUris[0]"), true,
        {QStringLiteral("must be a gs:// URI")});
    bad("too many packages",
        [](Job &j) {
            for (int i = 0; i < 101; ++i)
                j.trainingInput.packageUris.append(QStringLiteral("gs://b/p%1.tar.gz").arg(i));
        },
        cloud, QStringLiteral("trainingInput.packageUris"), true,
        {QStringLiteral("101 package URIs"), QStringLiteral("maximum is 100")});
    bad("container command without image",
        [](Job &j) { j.trainingInput.master.config.containerCommand = {QStringLiteral("python")}; },
        cloud, QStringLiteral("trainingInput.masterConfig.containerCommand"), true,
        {QStringLiteral("masterConfig.imageUri")});
    bad("containerArgs with args",
        [](Job &j) {
            j.trainingInput.runtimeVersion.clear();
            j.trainingInput.master.config.imageUri = QStringLiteral("gcr.io/p/t");
            j.trainingInput.master.config.containerArgs = {QStringLiteral("--a")};
            j.trainingInput.args = {QStringLiteral("--b")};
        },
        cloud, QStringLiteral("trainingInput.masterConfig.containerArgs"), true,
        {QStringLiteral("exclusive")});

    // jobDir (docs/service.md §11).
    ok("jobDir bucket only", withJobDir(QStringLiteral("gs://my-bucket")));
    ok("jobDir bucket slash", withJobDir(QStringLiteral("gs://my-bucket/")));
    ok("jobDir object", withJobDir(QStringLiteral("gs://my_bucket.example/jobs/census_1")));
    ok(
        "jobDir local for local run",
        [](Job &j) {
            j.trainingInput.jobDir = QStringLiteral("out/census");
            j.local.packagePath = QStringLiteral("/tmp/trainer");
        },
        local);
    bad("jobDir local for the service", withJobDir(QStringLiteral("/tmp/out")), cloud, jobDir, true,
        {QStringLiteral("jobDir must be a gs:// path for the service; local directories "
                        "work only for local runs")});
    bad("jobDir bucket too short", withJobDir(QStringLiteral("gs://ab/x")), cloud, jobDir, true,
        {QStringLiteral("2 characters long"), QStringLiteral("3 to 222")});
    bad("jobDir bucket too long",
        withJobDir(QStringLiteral("gs://") + QString(223, QLatin1Char('a'))), cloud, jobDir, true,
        {QStringLiteral("223 characters long")});
    bad("jobDir bucket upper case", withJobDir(QStringLiteral("gs://My-bucket/x")), cloud, jobDir,
        true, {QStringLiteral("contains 'M'")});
    bad("jobDir bucket ends with dash", withJobDir(QStringLiteral("gs://bucket-/x")), cloud, jobDir,
        true, {QStringLiteral("start and end with a lowercase letter or a digit")});
    bad("jobDir bucket part too long",
        withJobDir(QStringLiteral("gs://") + QString(64, QLatin1Char('a')) +
                   QStringLiteral(".com/x")),
        cloud, jobDir, true, {QStringLiteral("part of 64 characters")});
    ok("jobDir bucket part of 63",
       withJobDir(QStringLiteral("gs://") + QString(63, QLatin1Char('a')) +
                  QStringLiteral(".com/x")));
    bad("jobDir IPv4 bucket", withJobDir(QStringLiteral("gs://192.168.1.1/x")), cloud, jobDir, true,
        {QStringLiteral("IP address")});
    bad("jobDir object with newline", withJobDir(QStringLiteral("gs://bucket/a\nb")), cloud, jobDir,
        true, {QStringLiteral("line break")});
    bad("jobDir object too long",
        withJobDir(QStringLiteral("gs://bucket/") + QString(1023, QLatin1Char('a')) + QChar(0xe9)),
        cloud, jobDir, true, {QStringLiteral("1025 bytes"), QStringLiteral("1024")});
    ok("jobDir object of 1024 bytes",
       withJobDir(QStringLiteral("gs://bucket/") + QString(1022, QLatin1Char('a')) + QChar(0xe9)));
    bad("jobDir blank", withJobDir(QStringLiteral("  ")), cloud, jobDir, true,
        {QStringLiteral("blank")});

    // Hyperparameters (docs/service.md §12).
    ok("hyperparameters ok", withHp([](jobspec::HyperparameterSpec &) {}));
    bad("no params", withHp([](jobspec::HyperparameterSpec &h) { h.params.clear(); }), cloud,
        hp + QStringLiteral("params"), true, {QStringLiteral("at least one parameter")});
    bad("bad goal", withHp([](jobspec::HyperparameterSpec &h) { h.goal = QStringLiteral("MAX"); }),
        cloud, hp + QStringLiteral("goal"), true, {QStringLiteral("MAXIMIZE, MINIMIZE")});
    bad("duplicate name", withHp([](jobspec::HyperparameterSpec &h) {
            h.params[1].parameterName = QStringLiteral("learning_rate");
        }),
        cloud, hp + QStringLiteral("params[1].parameterName"), true,
        {QStringLiteral("already defined by params[0]")});
    ok("names alike in length and ends are not duplicates",
       withHp([](jobspec::HyperparameterSpec &h) {
           h.params.append(range(QStringLiteral("lr_a_x"), QStringLiteral("DOUBLE"), 0.1, 0.2));
           h.params.append(range(QStringLiteral("lr_b_x"), QStringLiteral("DOUBLE"), 0.1, 0.2));
       }));
    bad("duplicate name far down the list", withHp([](jobspec::HyperparameterSpec &h) {
            h.params.append(range(QStringLiteral("lr_a_x"), QStringLiteral("DOUBLE"), 0.1, 0.2));
            h.params.append(range(QStringLiteral("lr_b_x"), QStringLiteral("DOUBLE"), 0.1, 0.2));
            h.params.append(range(QStringLiteral("lr_a_x"), QStringLiteral("DOUBLE"), 0.1, 0.2));
        }),
        cloud, hp + QStringLiteral("params[4].parameterName"), true,
        {QStringLiteral("already defined by params[2]")});
    bad("min equal to max pins the value", withHp([](jobspec::HyperparameterSpec &h) {
            h.params.append(range(QStringLiteral("layers"), QStringLiteral("INTEGER"), 5, 5));
        }),
        cloud, hp + QStringLiteral("params[2].maxValue"), false,
        {QStringLiteral("pins the value: every trial gets 5")});
    bad("min above max", withHp([](jobspec::HyperparameterSpec &h) {
            h.params.append(range(QStringLiteral("layers"), QStringLiteral("INTEGER"), 6, 5));
        }),
        cloud, hp + QStringLiteral("params[2].maxValue"), true,
        {QStringLiteral("minValue 6 must be less than maxValue 5")});
    bad("integer not integral", withHp([](jobspec::HyperparameterSpec &h) {
            h.params.append(range(QStringLiteral("layers"), QStringLiteral("INTEGER"), 1.5, 5));
        }),
        cloud, hp + QStringLiteral("params[2].minValue"), true, {QStringLiteral("whole number")});
    bad("range missing", withHp([](jobspec::HyperparameterSpec &h) {
            h.params.append(param(QStringLiteral("dropout"), QStringLiteral("DOUBLE")));
        }),
        cloud, hp + QStringLiteral("params[2].minValue"), true,
        {QStringLiteral("needs minValue and maxValue")});
    bad("log scale non-positive",
        withHp([](jobspec::HyperparameterSpec &h) { h.params[0].minValue = 0; }), cloud,
        hp + QStringLiteral("params[0].scaleType"), true, {QStringLiteral("positive range")});
    bad("unknown scale", withHp([](jobspec::HyperparameterSpec &h) {
            h.params[0].scaleType = QStringLiteral("LOG");
        }),
        cloud, hp + QStringLiteral("params[0].scaleType"), true,
        {QStringLiteral("UNIT_LOG_SCALE")});
    bad("categorical empty",
        withHp([](jobspec::HyperparameterSpec &h) { h.params[1].categoricalValues.clear(); }),
        cloud, hp + QStringLiteral("params[1].categoricalValues"), true,
        {QStringLiteral("needs categoricalValues")});
    bad("categorical duplicate", withHp([](jobspec::HyperparameterSpec &h) {
            h.params[1].categoricalValues.append(QStringLiteral("sgd"));
        }),
        cloud, hp + QStringLiteral("params[1].categoricalValues"), true,
        {QStringLiteral("'sgd' twice")});
    bad("discrete not increasing", withHp([](jobspec::HyperparameterSpec &h) {
            jobspec::ParameterSpec p = param(QStringLiteral("batch"), QStringLiteral("DISCRETE"));
            p.discreteValues = {16, 64, 32};
            h.params.append(p);
        }),
        cloud, hp + QStringLiteral("params[2].discreteValues"), true,
        {QStringLiteral("strictly increasing: 32 follows 64")});
    bad("discrete too many", withHp([](jobspec::HyperparameterSpec &h) {
            jobspec::ParameterSpec p = param(QStringLiteral("batch"), QStringLiteral("DISCRETE"));
            for (int i = 0; i < 1001; ++i)
                p.discreteValues.append(i);
            h.params.append(p);
        }),
        cloud, hp + QStringLiteral("params[2].discreteValues"), true,
        {QStringLiteral("1001 discrete values; the maximum is 1000")});
    bad("unknown type",
        withHp([](jobspec::HyperparameterSpec &h) { h.params[1].type = QStringLiteral("STRING"); }),
        cloud, hp + QStringLiteral("params[1].type"), true,
        {QStringLiteral("DOUBLE, INTEGER, CATEGORICAL, DISCRETE")});
    bad("grid search with DOUBLE",
        withHp([](jobspec::HyperparameterSpec &h) { h.algorithm = QStringLiteral("GRID_SEARCH"); }),
        cloud, hp + QStringLiteral("params[0].type"), true,
        {QStringLiteral("GRID_SEARCH cannot search the DOUBLE parameter 'learning_rate'"),
         QStringLiteral("INTEGER, CATEGORICAL, DISCRETE")});
    bad("unknown algorithm",
        withHp([](jobspec::HyperparameterSpec &h) { h.algorithm = QStringLiteral("BAYES"); }),
        cloud, hp + QStringLiteral("algorithm"), true, {QStringLiteral("RANDOM_SEARCH")});
    // 0 is the int64 zero value: the service reads it as unset (its default, 1).
    ok("maxTrials zero is the default", withHp([](jobspec::HyperparameterSpec &h) {
           h.maxTrials = 0;
           h.maxParallelTrials = 0;
       }));
    bad("maxTrials negative", withHp([](jobspec::HyperparameterSpec &h) { h.maxTrials = -1; }),
        cloud, hp + QStringLiteral("maxTrials"), true, {QStringLiteral("at least 1")});
    bad("parallel above max",
        withHp([](jobspec::HyperparameterSpec &h) { h.maxParallelTrials = 30; }), cloud,
        hp + QStringLiteral("maxParallelTrials"), false,
        {QStringLiteral("(30) is greater than maxTrials (20)")});
    bad("parallel negative",
        withHp([](jobspec::HyperparameterSpec &h) { h.maxParallelTrials = -2; }), cloud,
        hp + QStringLiteral("maxParallelTrials"), true, {QStringLiteral("at least 1")});
    bad("failed negative", withHp([](jobspec::HyperparameterSpec &h) { h.maxFailedTrials = -1; }),
        cloud, hp + QStringLiteral("maxFailedTrials"), true, {QStringLiteral("0")});

    // Scheduling (docs/service.md §9).
    ok("scheduling ok", withScheduling(QStringLiteral("7200s"), QStringLiteral("1800s"), 1000));
    ok("fractional duration", withScheduling(QStringLiteral("3600.5s"), QString()));
    bad("duration without unit", withScheduling(QStringLiteral("7200"), QString()), cloud,
        QStringLiteral("trainingInput.scheduling.maxRunningTime"), true,
        {QStringLiteral("not a duration"), QStringLiteral("7200s")});
    bad("duration in hours", withScheduling(QStringLiteral("2h"), QString()), cloud,
        QStringLiteral("trainingInput.scheduling.maxRunningTime"), true,
        {QStringLiteral("'2h' is not a duration")});
    bad("wait below minimum", withScheduling(QString(), QStringLiteral("1799s")), cloud,
        QStringLiteral("trainingInput.scheduling.maxWaitTime"), true,
        {QStringLiteral("maxWaitTime is 1799s; the minimum is 1800s")});
    bad("priority too high", withScheduling(QString(), QString(), 1001), cloud,
        QStringLiteral("trainingInput.scheduling.priority"), true,
        {QStringLiteral("from 0 to 1000")});
    bad("priority negative", withScheduling(QString(), QString(), -1), cloud,
        QStringLiteral("trainingInput.scheduling.priority"), true,
        {QStringLiteral("priority is -1")});

    // Boot disks (docs/service.md §10; the size range is uncertain in the catalog: warnings).
    const QString masterDisk = QStringLiteral("trainingInput.masterConfig.diskConfig.");
    ok("disk ok", withDisk(jobspec::Role::Master, QStringLiteral("pd-standard"), 500));
    ok("disk size only", withDisk(jobspec::Role::Master, QString(), 100));
    ok("disk type only", withDisk(jobspec::Role::Master, QStringLiteral("pd-ssd")));
    ok("empty disk config", withDisk(jobspec::Role::Master, QString()));
    bad("disk type unknown", withDisk(jobspec::Role::Master, QStringLiteral("pd-sdd")), cloud,
        masterDisk + QStringLiteral("bootDiskType"), true,
        {QStringLiteral("'pd-sdd'"), QStringLiteral("pd-ssd, pd-standard"),
         QStringLiteral("did you mean pd-ssd?")});
    bad("disk size zero", withDisk(jobspec::Role::Master, QString(), 0), cloud,
        masterDisk + QStringLiteral("bootDiskSizeGb"), true,
        {QStringLiteral("0 GB"), QStringLiteral("at least 1 GB")});
    bad("disk size below range", withDisk(jobspec::Role::Master, QString(), 50), cloud,
        masterDisk + QStringLiteral("bootDiskSizeGb"), false,
        {QStringLiteral("50 GB"), QStringLiteral("minimum is 100 GB")});
    bad("disk size above range", withDisk(jobspec::Role::Master, QString(), 70000), cloud,
        masterDisk + QStringLiteral("bootDiskSizeGb"), false,
        {QStringLiteral("maximum is 64000 GB")});
    bad("worker disk type", withDisk(jobspec::Role::Worker, QStringLiteral("ssd")), cloud,
        QStringLiteral("trainingInput.workerConfig.diskConfig.bootDiskType"), true,
        {QStringLiteral("'ssd'")});

    // The local part.
    ok("env ok", withEnv(QStringLiteral("BATCH_SIZE")), local);
    bad("env AIP_", withEnv(QStringLiteral("AIP_MODEL_DIR")), local,
        QStringLiteral("trainyardLocal.env.AIP_MODEL_DIR"), true, {QStringLiteral("AIP_")});
    bad("env set by Trainyard", withEnv(QStringLiteral("TF_CONFIG")), local,
        QStringLiteral("trainyardLocal.env.TF_CONFIG"), true,
        {QStringLiteral("set by Trainyard"), QStringLiteral("CLOUD_ML_TRIAL_ID")});
    bad("env value over 128 KiB as NAME=value",
        [](Job &j) {
            j.local.packagePath = QStringLiteral("/home/alice/trainer");
            j.local.env.append(
                {QStringLiteral("BIG"), QString(131068, QLatin1Char('v')), QString()});
        },
        local, QStringLiteral("trainyardLocal.env.BIG"), true, {QStringLiteral("131072 bytes")});
    ok(
        "env value just under the limit",
        [](Job &j) {
            j.local.packagePath = QStringLiteral("/home/alice/trainer");
            j.local.env.append(
                {QStringLiteral("BIG"), QString(131067, QLatin1Char('v')), QString()});
        },
        local);
    bad("env bad name", withEnv(QStringLiteral("1X")), local,
        QStringLiteral("trainyardLocal.env.1X"), true, {QStringLiteral("not valid")});
    bad("package and executable",
        [](Job &j) {
            j.local.packagePath = QStringLiteral("/tmp/t");
            j.local.executable = QStringLiteral("/tmp/t/run");
        },
        local, QStringLiteral("trainyardLocal.executable"), true, {QStringLiteral("exclusive")});
    bad("nothing to run locally", [](Job &) {}, local, QStringLiteral("trainyardLocal"), true,
        {QStringLiteral("packagePath"), QStringLiteral("executable")});
}

void TestFields::rules()
{
    QFETCH(Mutation, mutate);
    QFETCH(validation::Target, target);
    QFETCH(QString, field);
    QFETCH(bool, error);
    QFETCH(QStringList, contains);

    Job job = baseJob();
    mutate(job);
    const jobspec::Diagnostics diags = run(job, target);
    if (field.isEmpty()) {
        QVERIFY2(diags.isEmpty(), qPrintable(dump(diags)));
        return;
    }
    QVERIFY2(diags.size() == 1, qPrintable(dump(diags)));
    QCOMPARE(diags.first().field, field);
    QCOMPARE(diags.first().isError(), error);
    for (const QString &part : contains)
        QVERIFY2(diags.first().message.contains(part), qPrintable(dump(diags)));
}

void TestFields::ordering()
{
    // Problems everywhere: the diagnostics come in the order of the spec's fields, whatever
    // order the rules run in.
    Job job = baseJob();
    job.jobId = QStringLiteral("1x");
    job.labels.insert(QStringLiteral("Bad"), QString());
    job.trainingInput.worker.count = 1;
    job.trainingInput.jobDir = QStringLiteral("/tmp");
    job.trainingInput.region = QStringLiteral("mars-north1");
    job.trainingInput.pythonVersion = QStringLiteral("3.9");
    job.local.env.append({QStringLiteral("AIP_X"), QString(), QString()});
    withHp([](jobspec::HyperparameterSpec &h) { h.maxTrials = -1; })(job);
    withScheduling(QStringLiteral("1h"), QString())(job);

    const jobspec::Diagnostics diags = run(job);
    QStringList fields;
    for (const jobspec::Diagnostic &d : diags)
        fields.append(d.field);
    QCOMPARE(fields, (QStringList{QStringLiteral("jobId"), QStringLiteral("labels.Bad"),
                                  QStringLiteral("trainingInput.workerType"),
                                  QStringLiteral("trainingInput.hyperparameters.maxTrials"),
                                  QStringLiteral("trainingInput.region"),
                                  QStringLiteral("trainingInput.jobDir"),
                                  QStringLiteral("trainingInput.pythonVersion"),
                                  QStringLiteral("trainingInput.scheduling.maxRunningTime"),
                                  QStringLiteral("trainyardLocal.env.AIP_X")}));
    // Same input, same output.
    const jobspec::Diagnostics again = run(job);
    QCOMPARE(again.size(), diags.size());
    for (qsizetype i = 0; i < diags.size(); ++i)
        QCOMPARE(again.at(i).message, diags.at(i).message);
}

void TestFields::sourcePositions()
{
    Job job = baseJob();
    job.trainingInput.master.config.acceleratorConfig = accel(3, QStringLiteral("NVIDIA_TESLA_T4"));
    job.trainingInput.region = QStringLiteral("us-west9");

    jobspec::SourceMap map;
    map.fileName = QStringLiteral("config.yaml");
    map.positions.insert(QStringLiteral("trainingInput.masterConfig.acceleratorConfig"), {12, 5});
    map.positions.insert(QStringLiteral("trainingInput.masterConfig.acceleratorConfig.count"),
                         {12, 26});
    map.flags.insert(QStringLiteral("trainingInput.region"), QStringLiteral("--region"));

    const jobspec::Diagnostics diags = validation::validate(job, cat(), {}, &map);
    QVERIFY2(diags.size() == 2, qPrintable(dump(diags)));
    QCOMPARE(diags.at(0).pos, (jobspec::SourcePos{12, 26}));
    QCOMPARE(diags.at(0).origin, QStringLiteral("config.yaml"));
    QCOMPARE(diags.at(1).origin, QStringLiteral("--region"));
    QVERIFY(!diags.at(1).pos.isValid());

    // Without a map, no positions.
    const jobspec::Diagnostics bare = run(job);
    QCOMPARE(bare.size(), 2);
    QVERIFY(!bare.first().pos.isValid());
    QVERIFY(bare.first().origin.isEmpty());
}

QTEST_GUILESS_MAIN(TestFields)
#include "tst_fields.moc"
