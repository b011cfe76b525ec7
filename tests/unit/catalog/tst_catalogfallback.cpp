// SPDX-License-Identifier: MIT
// The built-in catalog when its compiled form does not load, as after a build that embedded one
// of another format version: Catalog::builtIn() and loadDefault() parse :/catalog/catalog.yaml
// instead and give the same catalog. This program swaps the real :/catalog/catalog.cbor for
// tests/fixtures/catalog/compiled-version-0.cbor before the first use of the built-in catalog
// (which is loaded once per process, hence a program of its own).
#include "catalog/catalog.h"
#include "catalog/catalogcbor.h"

#include <QFile>
#include <QTest>

using namespace trainyard::catalog;

class TestCatalogFallback : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void brokenCompiledFormFallsBackToYaml();
};

void TestCatalogFallback::initTestCase()
{
    // The build's compiled catalog out, this program's broken one (same path) stays.
    Q_CLEANUP_RESOURCE(trainyard_catalog_compiled);
}

void TestCatalogFallback::brokenCompiledFormFallsBackToYaml()
{
    QFile file(QStringLiteral(":/catalog/catalog.cbor"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const LoadResult compiled = fromCompiled(file.readAll());
    QVERIFY(!compiled);
    QCOMPARE(compiled.diagnostics.size(), 1);
    QCOMPARE(compiled.diagnostics.first().field, QStringLiteral("version"));

    const LoadResult yaml = Catalog::loadFile(QStringLiteral(":/catalog/catalog.yaml"));
    QVERIFY(yaml);
    const Catalog &builtIn = Catalog::builtIn();
    QCOMPARE(builtIn.source, QStringLiteral(":/catalog/catalog.yaml"));
    QVERIFY(builtIn.machineType(QStringLiteral("n1-standard-4")));
    QCOMPARE(toCompiled(builtIn), toCompiled(*yaml.catalog));

    const LoadResult byDefault = Catalog::loadDefault();
    QVERIFY(byDefault);
    QVERIFY(byDefault.diagnostics.isEmpty());
    QCOMPARE(byDefault.catalog.get(), &builtIn);
}

QTEST_GUILESS_MAIN(TestCatalogFallback)
#include "tst_catalogfallback.moc"
