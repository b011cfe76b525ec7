// SPDX-License-Identifier: MIT
// trainyard_catalogc [--source NAME] IN.yaml OUT.cbor
// The build's catalog compiler: loads IN with the same parser and checks as every catalog, and
// writes its compiled form (catalogcbor.h) to OUT. Any diagnostic, warnings included, is printed
// as file:line:col: field: message and fails the build, leaving no OUT behind. --source sets the
// origin recorded in the compiled catalog (the built-in one records :/catalog/catalog.yaml, as
// when the YAML itself is loaded).
#include "catalog/catalog.h"
#include "catalog/catalogcbor.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>
#include <QStringList>
#include <cstdio>

using namespace trainyard;

namespace {

void printError(const QString &text)
{
    std::fprintf(stderr, "%s\n", qPrintable(text));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("trainyard_catalogc"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Compiles a Trainyard service catalog (YAML) into its CBOR form."));
    parser.addHelpOption();
    const QCommandLineOption sourceOption(
        QStringLiteral("source"),
        QStringLiteral("The origin recorded in the compiled catalog (default: IN)."),
        QStringLiteral("name"));
    parser.addOption(sourceOption);
    parser.addPositionalArgument(QStringLiteral("IN.yaml"), QStringLiteral("The catalog."));
    parser.addPositionalArgument(QStringLiteral("OUT.cbor"), QStringLiteral("The compiled form."));
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2) {
        printError(QStringLiteral("usage: trainyard_catalogc [--source NAME] IN.yaml OUT.cbor"));
        return 2;
    }
    const QString &in = args.at(0);
    const QString &out = args.at(1);

    // A stale OUT from an earlier run must not be embedded when this one fails.
    QFile::remove(out);

    const catalog::LoadResult loaded = catalog::Catalog::loadFile(in);
    for (const jobspec::Diagnostic &d : loaded.diagnostics) {
        printError(QStringLiteral("%1:%2:%3: %4: %5")
                       .arg(d.origin.isEmpty() ? in : d.origin)
                       .arg(d.pos.line)
                       .arg(d.pos.column)
                       .arg(d.field, d.message));
    }
    if (!loaded || !loaded.diagnostics.isEmpty()) {
        printError(QStringLiteral("trainyard_catalogc: %1 has %2 problem(s); not compiled.")
                       .arg(in)
                       .arg(loaded.diagnostics.size()));
        return 1;
    }

    catalog::Catalog compiled = *loaded.catalog;
    if (parser.isSet(sourceOption))
        compiled.source = parser.value(sourceOption);
    const QByteArray bytes = catalog::toCompiled(compiled);

    // The compiled form must read back to the same catalog, or the built-in one would quietly
    // fall back to parsing the YAML in every process.
    const catalog::LoadResult check = catalog::fromCompiled(bytes, out);
    if (!check || catalog::toCompiled(*check.catalog) != bytes) {
        for (const jobspec::Diagnostic &d : check.diagnostics)
            printError(QStringLiteral("%1: %2: %3").arg(d.origin, d.field, d.message));
        printError(QStringLiteral("trainyard_catalogc: the compiled form of %1 does not read "
                                  "back to the same catalog.")
                       .arg(in));
        return 1;
    }

    QSaveFile file(out);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        printError(
            QStringLiteral("trainyard_catalogc: cannot write %1: %2").arg(out, file.errorString()));
        return 1;
    }
    return 0;
}
