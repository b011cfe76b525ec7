// SPDX-License-Identifier: MIT
// `trainyard validate`, help and usage errors through the real binary: exit codes, the
// FILE:LINE:COL: error: FIELD: MESSAGE lines, JSON output, diagnostics at flags.
#include "clirunner.h"
#include "export/gcloud.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <algorithm>

using namespace clitest;

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bashCompletion();
    void zshAndFishCompletion();
    void manPage();
    void initTestCase();
    void help_data();
    void help();
    void helpListsEveryJobFlag_data();
    void helpListsEveryJobFlag();
    void version();
    void validFileExitsZero();
    void importErrorLine();
    void importAndRuleErrorsTogether();
    void validationErrorLine();
    void yamlSyntaxError();
    void usageErrors_data();
    void usageErrors();
    void unreadableFiles_data();
    void unreadableFiles();
    void severalFilesTakeTheWorstExitCode();
    void jsonFormat();
    void flagDiagnosticNamesTheFlag();
    void validatorDiagnosticOnAFlaggedFieldNamesTheFlag();

private:
    QTemporaryDir m_tmp;
};

void TestCli::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(TRAINYARD_BINARY)).isExecutable(), TRAINYARD_BINARY);
    QVERIFY(m_tmp.isValid());
}

void TestCli::help_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");

    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << "Usage: trainyard [COMMAND";
    QTest::newRow("help") << QStringList{QStringLiteral("help")} << "Usage: trainyard [COMMAND";
    QTest::newRow("help validate")
        << QStringList{QStringLiteral("help"), QStringLiteral("validate")}
        << "Usage: trainyard validate";
    QTest::newRow("validate --help")
        << QStringList{QStringLiteral("validate"), QStringLiteral("--help")}
        << "Usage: trainyard validate";
    QTest::newRow("export -h") << QStringList{QStringLiteral("export"), QStringLiteral("-h")}
                               << "Usage: trainyard export";
}

void TestCli::help()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const Result r = run(args);
    VERIFY_RAN(r);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith(expected), qPrintable(r.out));
}

void TestCli::helpListsEveryJobFlag_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("validate") << "validate";
    QTest::newRow("export") << "export";
}

void TestCli::helpListsEveryJobFlag()
{
    QFETCH(QString, command);
    const Result r = run({command, QStringLiteral("--help")});
    VERIFY_RAN(r);
    for (const QString &flag : trainyard::exporters::jobFlagNames())
        QVERIFY2(r.out.contains(QStringLiteral("  --") + flag), qPrintable(flag));
    for (const char *option : {"--catalog", "--help", "-- ARG"})
        QVERIFY2(r.out.contains(QLatin1String(option)), option);
    if (command == QLatin1String("export")) {
        QVERIFY(r.out.contains(QLatin1String("--force")));
        QVERIFY(r.out.contains(QLatin1String("--to=yaml|gcloud|vertex")));
    } else {
        QVERIFY(r.out.contains(QLatin1String("--format=text|json")));
        QVERIFY(r.out.contains(QLatin1String("--local")));
    }
}

void TestCli::version()
{
    const Result r = run({QStringLiteral("--version")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("trainyard " TRAINYARD_VERSION "\n"));
}

void TestCli::validFileExitsZero()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("valid.yaml")});
    VERIFY_RAN(r);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.errLines().constLast().startsWith(QLatin1String("valid.yaml: valid")),
             qPrintable(r.err));
    QVERIFY(!r.err.contains(QLatin1String(": error: ")));
    QVERIFY(r.out.isEmpty());
}

void TestCli::importErrorLine()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("typeerror.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    const QRegularExpression line(QStringLiteral(
        "^typeerror\\.yaml:(\\d+):(\\d+): error: trainingInput\\.workerCount: (.+)$"));
    bool found = false;
    for (const QString &l : r.errLines()) {
        const QRegularExpressionMatch m = line.match(l);
        if (!m.hasMatch())
            continue;
        found = true;
        QCOMPARE(m.captured(1).toInt(),
                 lineOf(QStringLiteral("typeerror.yaml"), QStringLiteral("workerCount: nine")));
        QVERIFY(m.captured(2).toInt() > 0);
        QVERIFY2(m.captured(3).contains(QLatin1String("nine")), qPrintable(l));
    }
    QVERIFY2(found, qPrintable(r.err));
    QVERIFY2(r.errLines().constLast().startsWith(QLatin1String("typeerror.yaml: ")),
             qPrintable(r.err));
    QVERIFY2(r.errLines().constLast().contains(QLatin1String("error")), qPrintable(r.err));
}

void TestCli::importAndRuleErrorsTogether()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("mixed.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    const QStringList lines = r.errLines();
    const auto has = [&lines](const QString &prefix) {
        return std::any_of(lines.cbegin(), lines.cend(),
                           [&prefix](const QString &l) { return l.startsWith(prefix); });
    };
    const QString idLine =
        QStringLiteral("mixed.yaml:%1:")
            .arg(lineOf(QStringLiteral("mixed.yaml"), QStringLiteral("jobId: census-typo")));
    const QString countLine =
        QStringLiteral("mixed.yaml:%1:")
            .arg(lineOf(QStringLiteral("mixed.yaml"), QStringLiteral("workerCount: nine")));
    QVERIFY2(has(idLine), qPrintable(r.err));
    QVERIFY2(has(countLine), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QLatin1String("trainingInput.workerType")), qPrintable(r.err));

    // The flag replaces the bad value: what is left of it is a warning at the file position.
    const Result o =
        run({QStringLiteral("validate"), QStringLiteral("--worker-count=2"),
             QStringLiteral("--worker-machine-type=n1-standard-8"), QStringLiteral("mixed.yaml")});
    VERIFY_RAN(o);
    QCOMPARE(o.code, 1); // the job ID is still wrong
    bool replaced = false;
    for (const QString &l : o.errLines()) {
        if (l.startsWith(countLine) && l.contains(QLatin1String(" warning: ")) &&
            l.contains(QLatin1String("--worker-count")))
            replaced = true;
    }
    QVERIFY2(replaced, qPrintable(o.err));
}

void TestCli::validationErrorLine()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("badcount.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    const QRegularExpression line(
        QStringLiteral("^badcount\\.yaml:(\\d+):(\\d+): error: "
                       "trainingInput\\.masterConfig\\.acceleratorConfig(\\.count)?: (.+)$"));
    bool found = false;
    for (const QString &l : r.errLines()) {
        const QRegularExpressionMatch m = line.match(l);
        if (!m.hasMatch())
            continue;
        found = true;
        QCOMPARE(m.captured(1).toInt(),
                 lineOf(QStringLiteral("badcount.yaml"), QStringLiteral("count: 3")));
    }
    QVERIFY2(found, qPrintable(r.err));
}

void TestCli::yamlSyntaxError()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("syntax.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    QVERIFY2(QRegularExpression(QStringLiteral("(^|\\n)syntax\\.yaml:\\d+(:\\d+)?: error: "))
                 .match(r.err)
                 .hasMatch(),
             qPrintable(r.err));
}

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");

    auto l = [](std::initializer_list<const char *> words) {
        QStringList list;
        for (const char *w : words)
            list << QString::fromUtf8(w);
        return list;
    };
    QTest::newRow("unknown flag") << l({"validate", "--frobnicate", "valid.yaml"})
                                  << "unknown flag '--frobnicate'";
    QTest::newRow("unknown short flag")
        << l({"validate", "-x", "valid.yaml"}) << "unknown flag '-x'";
    QTest::newRow("no file") << l({"validate"}) << "no FILE given";
    QTest::newRow("bad format") << l({"validate", "--format=xml", "valid.yaml"})
                                << "unknown --format 'xml'";
    QTest::newRow("value missing")
        << l({"validate", "valid.yaml", "--region"}) << "--region needs a value";
    QTest::newRow("switch with value")
        << l({"validate", "--local=yes", "valid.yaml"}) << "--local takes no value";
    QTest::newRow("unknown command flag") << l({"--frobnicate"}) << "unknown command or flag";
    // A mistyped command is an error with a suggestion, never the window.
    QTest::newRow("mistyped command")
        << l({"valdate", "valid.yaml"}) << "unknown command 'valdate'; did you mean 'validate'?";
    QTest::newRow("neither command nor file")
        << l({"no-such-config.yaml"})
        << "'no-such-config.yaml' is neither a command nor a config file";
    QTest::newRow("export without --to") << l({"export", "valid.yaml"}) << "--to is required";
    QTest::newRow("export bad --to")
        << l({"export", "--to", "toml", "valid.yaml"}) << "unknown --to 'toml'";
    QTest::newRow("export two files")
        << l({"export", "--to=yaml", "valid.yaml", "syntax.yaml"}) << "exactly one FILE";
    QTest::newRow("help unknown") << l({"help", "frobnicate"}) << "unknown command 'frobnicate'";
    QTest::newRow("broken catalog")
        << l({"validate", "--catalog", "syntax.yaml", "valid.yaml"}) << "syntax.yaml";
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Result r = run(args);
    VERIFY_RAN(r);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCli::unreadableFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("missing") << "no-such-file.yaml";
    QTest::newRow("directory") << ".";
}

void TestCli::unreadableFiles()
{
    QFETCH(QString, file);
    for (const QString &command : {QStringLiteral("validate"), QStringLiteral("export")}) {
        QStringList args{command, file};
        if (command == QLatin1String("export"))
            args.insert(1, QStringLiteral("--to=yaml"));
        const Result r = run(args);
        VERIFY_RAN(r);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith(file + QStringLiteral(": error: ")) ||
                     r.err.startsWith(file + QLatin1Char(':')),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
}

void TestCli::severalFilesTakeTheWorstExitCode()
{
    Result r = run({QStringLiteral("validate"), QStringLiteral("valid.yaml"),
                    QStringLiteral("badcount.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains(QLatin1String("valid.yaml: valid")));
    r = run(
        {QStringLiteral("validate"), QStringLiteral("badcount.yaml"), QStringLiteral("gone.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 2);
}

void TestCli::jsonFormat()
{
    const Result r = run({QStringLiteral("validate"), QStringLiteral("--format=json"),
                          QStringLiteral("valid.yaml"), QStringLiteral("typeerror.yaml"),
                          QStringLiteral("--worker-count"), QStringLiteral("-1"),
                          QStringLiteral("--worker-machine-type=n1-standard-4")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.out));
    const QJsonArray files = doc.object().value(QStringLiteral("files")).toArray();
    QCOMPARE(files.size(), 2);
    QCOMPARE(files.at(0).toObject().value(QStringLiteral("file")).toString(),
             QStringLiteral("valid.yaml"));
    QCOMPARE(files.at(1).toObject().value(QStringLiteral("file")).toString(),
             QStringLiteral("typeerror.yaml"));
    bool sawFlag = false;
    bool sawFilePosition = false;
    for (const QJsonValue &file : files) {
        const QJsonObject o = file.toObject();
        QCOMPARE(o.value(QStringLiteral("valid")).toBool(), false); // the bad flag applies to both
        for (const QJsonValue &dv : o.value(QStringLiteral("diagnostics")).toArray()) {
            const QJsonObject d = dv.toObject();
            for (const char *key :
                 {"severity", "field", "message", "file", "line", "column", "flag"})
                QVERIFY2(d.contains(QLatin1String(key)), key);
            QVERIFY(d.value(QStringLiteral("severity")) == QLatin1String("error") ||
                    d.value(QStringLiteral("severity")) == QLatin1String("warning"));
            if (d.value(QStringLiteral("flag")) == QLatin1String("--worker-count")) {
                sawFlag = true;
                QCOMPARE(d.value(QStringLiteral("field")).toString(),
                         QStringLiteral("trainingInput.workerCount"));
                QVERIFY(d.value(QStringLiteral("line")).isNull());
            }
            if (d.value(QStringLiteral("file")) == QLatin1String("typeerror.yaml") &&
                d.value(QStringLiteral("line")).toInt() > 0 &&
                d.value(QStringLiteral("flag")).isNull())
                sawFilePosition = true;
        }
    }
    QVERIFY(sawFlag);
    QVERIFY(sawFilePosition);
}

void TestCli::flagDiagnosticNamesTheFlag()
{
    const Result r =
        run({QStringLiteral("validate"), QStringLiteral("--worker-count=nine"),
             QStringLiteral("--worker-machine-type=n1-standard-8"), QStringLiteral("valid.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    QVERIFY2(
        r.errLines().contains(QStringLiteral(
            "--worker-count: error: trainingInput.workerCount: expected an integer, got 'nine'")),
        qPrintable(r.err));

    const Result pair = run({QStringLiteral("validate"), QStringLiteral("--worker-count=2"),
                             QStringLiteral("valid.yaml")});
    VERIFY_RAN(pair);
    QCOMPARE(pair.code, 1);
    QVERIFY2(pair.err.contains(QLatin1String(
                 "--worker-count: error: trainingInput.workerType: --worker-count and "
                 "--worker-machine-type must be given together")),
             qPrintable(pair.err));
}

void TestCli::validatorDiagnosticOnAFlaggedFieldNamesTheFlag()
{
    // valid.yaml is fine; the flag makes the master's GPU count invalid.
    const Result r = run({QStringLiteral("validate"),
                          QStringLiteral("--master-accelerator=count=3,type=nvidia-tesla-t4"),
                          QStringLiteral("valid.yaml")});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 1);
    bool found = false;
    for (const QString &l : r.errLines())
        found = found ||
                l.startsWith(QLatin1String(
                    "--master-accelerator: error: trainingInput.masterConfig.acceleratorConfig"));
    QVERIFY2(found, qPrintable(r.err));
}

namespace {

// Runs `script` in bash with the completion of the built trainyard loaded; its stdout.
QString inBash(const QString &script)
{
    QProcess bash;
    bash.start(QStringLiteral("bash"),
               {QStringLiteral("-c"),
                QStringLiteral("source <(\"$0\" completion bash) || exit 3\n") + script,
                QStringLiteral(TRAINYARD_BINARY)});
    if (!bash.waitForFinished(30000) || bash.exitCode() != 0)
        return QStringLiteral("bash failed: ") + QString::fromUtf8(bash.readAllStandardError());
    return QString::fromUtf8(bash.readAllStandardOutput());
}

// What the completion offers for the words typed so far (the last one is being completed).
QString complete(const QString &line)
{
    return inBash(QStringLiteral("COMP_WORDS=(%1); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
                                 "_trainyard; echo \"${COMPREPLY[*]}\"")
                      .arg(line));
}

} // namespace

// `trainyard completion bash`: registered with complete(1), offering commands, subcommands and
// flags from the help text.
void TestCli::bashCompletion()
{
    QCOMPARE(inBash(QStringLiteral("complete -p trainyard")).trimmed(),
             QStringLiteral("complete -o default -F _trainyard trainyard"));
    QCOMPARE(complete(QStringLiteral("trainyard val")).trimmed(), QStringLiteral("validate"));
    QCOMPARE(complete(QStringLiteral("trainyard com")).trimmed(), QStringLiteral("completion"));
    const QStringList jobs =
        complete(QStringLiteral("trainyard jobs ''")).trimmed().split(QLatin1Char(' '));
    for (const char *sub : {"submit", "list", "describe", "stream-logs", "cancel"})
        QVERIFY2(jobs.contains(QLatin1String(sub)), qPrintable(jobs.join(QLatin1Char(' '))));
    QVERIFY(
        complete(QStringLiteral("trainyard validate --loc")).contains(QLatin1String("--local")));
    QVERIFY(complete(QStringLiteral("trainyard secrets ''")).contains(QLatin1String("rename")));

    // Flag values: the command's own lists and the catalog's names, after "--flag " or
    // "--flag=" (bash splits "=" into a word of its own).
    QCOMPARE(complete(QStringLiteral("trainyard validate --format ''")).trimmed(),
             QStringLiteral("text json"));
    const QString tiers = complete(QStringLiteral("trainyard validate --scale-tier ''")).trimmed();
    for (const char *tier : {"basic", "basic-gpu", "standard-1", "premium-1", "custom"})
        QVERIFY2(tiers.split(QLatin1Char(' ')).contains(QLatin1String(tier)), qPrintable(tiers));
    QCOMPARE(complete(QStringLiteral("trainyard validate --region = us-cen")).trimmed(),
             QStringLiteral("us-central1"));
    QCOMPARE(complete(QStringLiteral("trainyard export --scale-tier = basic-")).trimmed(),
             QStringLiteral("basic-gpu basic-tpu"));
    const QString formats = complete(QStringLiteral("trainyard jobs list --format =")).trimmed();
    for (const char *format : {"table", "json", "yaml"})
        QVERIFY2(formats.split(QLatin1Char(' ')).contains(QLatin1String(format)),
                 qPrintable(formats));
    QVERIFY(complete(QStringLiteral("trainyard validate --master-machine-type n1-highm"))
                .contains(QLatin1String("n1-highmem-16")));
    QCOMPARE(complete(QStringLiteral("trainyard validate --python-version ''")).trimmed(),
             QStringLiteral("2.7 3.5 3.7"));
    QVERIFY(complete(QStringLiteral("trainyard export --to ''")).contains(QLatin1String("vertex")));
    // A flag without a list of values still completes file names.
    QVERIFY(!complete(QStringLiteral("trainyard validate --config ''"))
                 .contains(QLatin1String("us-central1")));

    const Result wrong = run({QStringLiteral("completion"), QStringLiteral("tcsh")});
    VERIFY_RAN(wrong);
    QCOMPARE(wrong.code, 2);
    QVERIFY2(wrong.err.contains(QLatin1String("unknown shell 'tcsh'")), qPrintable(wrong.err));
}

void TestCli::zshAndFishCompletion()
{
    const Result zsh = run({QStringLiteral("completion"), QStringLiteral("zsh")});
    VERIFY_RAN(zsh);
    QCOMPARE(zsh.code, 0);
    QVERIFY(zsh.out.startsWith(QLatin1String("#compdef trainyard\n")));
    QVERIFY(zsh.out.contains(QLatin1String("complete -o default -F _trainyard trainyard")));
    const Result fish = run({QStringLiteral("completion"), QStringLiteral("fish")});
    VERIFY_RAN(fish);
    QCOMPARE(fish.code, 0);
    QVERIFY(fish.out.contains(
        QLatin1String("complete -c trainyard -n '__fish_seen_subcommand_from validate' -l local")));
    QVERIFY(fish.out.contains(QLatin1String("__fish_use_subcommand -a 'validate export")));
    QVERIFY2(fish.out.contains(QLatin1String(
                 "complete -c trainyard -n '__fish_seen_subcommand_from validate' -l format -x "
                 "-a 'text json'")),
             qPrintable(fish.out));
    QVERIFY(fish.out.contains(QLatin1String(
        "complete -c trainyard -n '__fish_seen_subcommand_from validate' -l region -x -a '")));
    QVERIFY(zsh.out.contains(QLatin1String("\"validate --scale-tier\") echo \"basic ")));
}

// The man page comes from the same help text; man(1) renders it.
void TestCli::manPage()
{
    QTemporaryDir dir;
    const QString page = dir.filePath(QStringLiteral("trainyard.1"));
    const Result r = run({QStringLiteral("man-page"), page});
    VERIFY_RAN(r);
    QCOMPARE(r.code, 0);
    QFile file(page);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString roff = QString::fromUtf8(file.readAll());
    QVERIFY(roff.startsWith(QLatin1String(".TH TRAINYARD 1")));
    for (const char *command :
         {"validate", "export", "import-gcloud", "local", "jobs", "secrets", "ai", "completion"})
        QVERIFY2(roff.contains(QStringLiteral(".SS ") + QLatin1String(command)), command);
    QProcess man;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
    env.insert(QStringLiteral("MAN_KEEP_FORMATTING"), QStringLiteral("0"));
    man.setProcessEnvironment(env);
    man.start(QStringLiteral("man"),
              {QStringLiteral("-P"), QStringLiteral("cat"), QStringLiteral("-l"), page});
    if (!man.waitForStarted())
        QSKIP("man is not installed");
    QVERIFY(man.waitForFinished(30000));
    const QString shown = QString::fromUtf8(man.readAllStandardOutput());
    // The help text's own lines, flags and quotes included.
    const Result help = run({QStringLiteral("help"), QStringLiteral("completion")});
    QVERIFY2(shown.contains(QLatin1String("trainyard completion bash|zsh|fish")),
             qPrintable(shown.left(2000)));
    QVERIFY2(
        shown.contains(QLatin1String("Run 'trainyard help COMMAND' or 'trainyard COMMAND --help'")),
        qPrintable(shown.left(2000)));
    QVERIFY(shown.contains(QLatin1String("--version")));
    QVERIFY(help.out.contains(QLatin1String("source <(trainyard completion bash)")));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
