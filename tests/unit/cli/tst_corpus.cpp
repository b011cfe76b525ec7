// SPDX-License-Identifier: MIT
// The real-config corpus (tests/fixtures/corpus): job configs that people submitted, from
// Google's samples and users' projects, each run through `trainyard validate` with the flags of
// the command its repository runs with it. corpus.tsv holds the verdict judged right for each
// and the reason; a real defect in a file stays an error.
#include "clirunner.h"
#include "export/commandline.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace clitest;

namespace {

QString corpusDir()
{
    return QStringLiteral(TRAINYARD_FIXTURES_DIR "/corpus");
}

// The arguments for `trainyard validate`: the words of the repository's command after
// `jobs submit training JOB` (global gcloud flags before the group kept), the JOB as --job-id and
// --config pointing at the fixture. Rows without a command found in the repository get the job
// ID, region and package any submit command has to give, and nothing else.
QStringList validateArgs(const QString &command, const QString &config)
{
    if (command == QLatin1String("-")) {
        return {QStringLiteral("--job-id=corpus_job"),
                QStringLiteral("--region=us-central1"),
                QStringLiteral("--module-name=trainer.task"),
                QStringLiteral("--packages=gs://corpus-bucket/trainer-0.1.tar.gz"),
                QStringLiteral("--config"),
                config};
    }
    const QStringList words = trainyard::exporters::shellWords(command, {});
    const qsizetype training = words.indexOf(QStringLiteral("training"));
    if (training < 0 || training + 1 >= words.size())
        return {};
    QStringList args{QStringLiteral("--job-id=") + words.at(training + 1)};
    for (qsizetype i = 1; i < training; ++i) {
        if (words.at(i).startsWith(QLatin1String("--")))
            args << words.at(i);
    }
    for (qsizetype i = training + 2; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w == QLatin1String("--")) {
            args << words.mid(i);
            break;
        }
        if (w == QLatin1String("--config")) {
            ++i;
            args << QStringLiteral("--config") << config;
        } else if (w.startsWith(QLatin1String("--config="))) {
            args << QStringLiteral("--config=") + config;
        } else {
            args << w;
        }
    }
    return args;
}

} // namespace

class TestCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyFileHasARow();
    void validate_data();
    void validate();
};

void TestCorpus::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(TRAINYARD_BINARY)).isExecutable(), TRAINYARD_BINARY);
}

void TestCorpus::everyFileHasARow()
{
    QFile f(corpusDir() + QStringLiteral("/corpus.tsv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString table = QString::fromUtf8(f.readAll());
    const QStringList files =
        QDir(corpusDir()).entryList({QStringLiteral("*.yaml"), QStringLiteral("*.json")});
    QVERIFY2(files.size() >= 40, qPrintable(QString::number(files.size())));
    for (const QString &file : files)
        QVERIFY2(table.contains(QLatin1Char('\n') + file + QLatin1Char('\t')), qPrintable(file));
}

void TestCorpus::validate_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("mention");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("reason");
    QFile f(corpusDir() + QStringLiteral("/corpus.tsv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList c = line.split(QLatin1Char('\t'));
        QVERIFY2(c.size() == 8, qPrintable(line));
        // file, class, verdict, must_mention, config_source, command_source, command, reason
        QVERIFY2(c.at(2) == QLatin1String("ok") || c.at(2) == QLatin1String("error"),
                 qPrintable(line));
        QVERIFY2(c.at(4).contains(QLatin1Char('@')), qPrintable(c.at(4))); // repo:path@commit
        QTest::newRow(qPrintable(c.at(1) + QLatin1Char('/') + c.at(0)))
            << c.at(0) << c.at(2) << c.at(3) << c.at(6) << c.at(7);
    }
}

void TestCorpus::validate()
{
    QFETCH(QString, file);
    QFETCH(QString, verdict);
    QFETCH(QString, mention);
    QFETCH(QString, command);
    QFETCH(QString, reason);
    const QString config = corpusDir() + QLatin1Char('/') + file;
    const QStringList args = validateArgs(command, config);
    QVERIFY2(!args.isEmpty(), qPrintable(command));
    const Result r =
        runIn(corpusDir(),
              QStringList{QStringLiteral("validate"), QStringLiteral("--format=json")} + args);
    VERIFY_RAN(r);
    const QString context = QStringLiteral("%1\nreason: %2\nargs: %3\nstdout: %4\nstderr: %5")
                                .arg(file, reason, args.join(QLatin1Char(' ')), r.out, r.err);
    QVERIFY2(r.code == 0 || r.code == 1, qPrintable(context));
    QVERIFY2((r.code == 0 ? QStringLiteral("ok") : QStringLiteral("error")) == verdict,
             qPrintable(context));
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray files = doc.value(QStringLiteral("files")).toArray();
    QVERIFY2(files.size() == 1, qPrintable(context));
    const QJsonArray diags = files.at(0).toObject().value(QStringLiteral("diagnostics")).toArray();
    QString messages;
    int errors = 0;
    for (const QJsonValue &d : diags) {
        const QJsonObject o = d.toObject();
        messages += o.value(QStringLiteral("message")).toString() + QLatin1Char('\n');
        if (o.value(QStringLiteral("severity")).toString() == QLatin1String("error"))
            ++errors;
    }
    if (!mention.isEmpty())
        QVERIFY2(messages.contains(mention), qPrintable(context));
    // One error, not six: a file with a defect is refused for that defect.
    if (verdict == QLatin1String("error"))
        QVERIFY2(errors <= 2, qPrintable(context));
}

QTEST_GUILESS_MAIN(TestCorpus)
#include "tst_corpus.moc"
