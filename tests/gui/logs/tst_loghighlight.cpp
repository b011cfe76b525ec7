// SPDX-License-Identifier: MIT
// Issue 21: a catastrophic regex in the Logs search while following a job. `(a+)+$` on a line
// of a's that ends otherwise backtracks up to PCRE2's match limit per row; the view ran it on
// every visible row at every repaint and kept the GUI thread at 100 %. A 10 ms timer on the
// GUI thread (tests/common/guitimerprobe.h) measures the longest stall while a writer appends
// such lines and the view follows them; the matches still get highlighted.
#include "common/guitimerprobe.h"
#include "logs/highlighter.h"
#include "logs/logmodel.h"
#include "logs/logpanel.h"
#include "logs/logview.h"
#include "logs/logwriter.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace trainyard;

class TestLogHighlight : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void catastrophicRegexWhileFollowing();
};

void TestLogHighlight::catastrophicRegexWhileFollowing()
{
    QTemporaryDir tmp;
    const QString logs = tmp.filePath(QStringLiteral("logs"));
    QVERIFY(QDir().mkpath(logs));
    const QByteArray hostile = QByteArray(30, 'a') + '!'; // no match, after 2^30 tries
    const QByteArray matching("step done aaaa");
    logs::LogWriter writer;
    QVERIFY(writer.open(logs + QStringLiteral("/chief-0.log")));
    qint64 t = 1795341600000LL;
    for (int i = 0; i < 200; ++i) {
        const QByteArray &line = i % 10 == 0 ? matching : hostile;
        writer.append(t++, logs::Stream::Stdout, logs::Severity::Info, false, line.constData(),
                      line.size());
    }
    QVERIFY(writer.flush());

    ui::logs::LogPanel panel;
    panel.resize(900, 600);
    panel.setLogsDir(logs);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_COMPARE(panel.model()->rowCount(), 200);
    QVERIFY(panel.view()->isFollowing());
    panel.setSearch(QStringLiteral("(a+)+$"), true);

    // The job goes on logging: new rows, each a repaint of the followed tail.
    QTimer more;
    int i = 0;
    QObject::connect(&more, &QTimer::timeout, &more, [&] {
        const QByteArray &line = ++i % 10 == 0 ? matching : hostile;
        writer.append(t++, logs::Stream::Stdout, logs::Severity::Info, false, line.constData(),
                      line.size());
        writer.flush();
    });
    more.start(20);
    test::GuiTimerProbe probe;
    probe.start();
    QTest::qWait(3000);
    probe.stop();
    more.stop();
    QVERIFY2(probe.maxBlockedMs() < 250,
             qPrintable(QStringLiteral("the GUI thread stalled %1 ms (longest gap %2 ms)")
                            .arg(probe.maxBlockedMs())
                            .arg(probe.maxGapMs())));

    // The matching rows on screen are highlighted once the worker got to them.
    panel.view()->viewport()->repaint();
    QTRY_VERIFY_WITH_TIMEOUT(panel.view()->highlighter()->cached(QString::fromLatin1(matching)),
                             60000);
    const auto *spans = panel.view()->highlighter()->cached(QString::fromLatin1(matching));
    QCOMPARE(spans->size(), 1);
    QCOMPARE(spans->first().first, 10);
    QCOMPARE(spans->first().second, 4);
}

QTEST_MAIN(TestLogHighlight)
#include "tst_loghighlight.moc"
