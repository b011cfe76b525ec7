// SPDX-License-Identifier: MIT
// YAML read back by PyYAML (python3-yaml, the reader gcloud uses), as JSON: what another tool
// makes of a document we wrote.
#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QProcess>
#include <QString>
#include <QTest>

namespace trainyard::test {

struct PyYamlResult
{
    bool ran = false; // python3 with the yaml module answered
    QJsonValue value; // the document as yaml.safe_load read it
    QString error;    // what PyYAML said when it refused the document
    explicit operator bool() const { return ran && error.isEmpty(); }
};

inline PyYamlResult readWithPyYaml(const QByteArray &yaml)
{
    PyYamlResult result;
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import json, sys\n"
                                 "try:\n    import yaml\nexcept ImportError:\n    sys.exit(77)\n"
                                 "try:\n    doc = yaml.safe_load(sys.stdin.buffer)\n"
                                 "except yaml.YAMLError as e:\n    print(e, file=sys.stderr)\n"
                                 "    sys.exit(1)\n"
                                 "sys.stdout.write(json.dumps({'doc': doc}))\n")});
    python.write(yaml);
    python.closeWriteChannel();
    if (!python.waitForFinished(60000) || python.exitCode() == 77)
        return result;
    result.ran = true;
    if (python.exitCode() != 0) {
        result.error = QString::fromUtf8(python.readAllStandardError());
        return result;
    }
    result.value = QJsonDocument::fromJson(python.readAllStandardOutput())
                       .object()
                       .value(QStringLiteral("doc"));
    return result;
}

// _data() rows of a QString column "value": the characters yaml-cpp wrote raw (DEL, U+2028,
// U+2029) and their neighbours (C0, C1 with NEL, U+FEFF, quotes, backslash, UTF-8).
inline void addUnprintableStringRows()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("DEL") << QStringLiteral("a\u007Fb");
    QTest::newRow("U+2028") << QStringLiteral("line\u2028separator");
    QTest::newRow("U+2029") << QStringLiteral("para\u2029graph");
    QTest::newRow("all three, quotes, backslash, UTF-8")
        << QStringLiteral("\u007F\"'\\ \u00FCber \u2028\u2029 \U0001F600");
    QTest::newRow("NEL, C1, C0, BOM, tab") << QStringLiteral("nel\u0085 c1\u0090 \u0007\uFEFF\t");
    QTest::newRow("number-like with DEL") << QStringLiteral("2.11\u007F");
}

} // namespace trainyard::test
