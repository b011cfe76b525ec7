// SPDX-License-Identifier: MIT
// YAML read back by PyYAML (python3-yaml, the reader gcloud uses), as JSON: what another tool
// makes of a document we wrote.
#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QProcess>
#include <QString>

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

} // namespace trainyard::test
