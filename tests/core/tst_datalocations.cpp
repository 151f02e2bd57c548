#include "testsupport.h"

#include "valis/core/datalocations.h"

#include <QDir>
#include <QStandardPaths>

using valis::DataLocations;

class TestDataLocations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void homeOptionWinsAndIsRemoved_data();
    void homeOptionWinsAndIsRemoved();
    void environmentOverridesStandardPaths();
    void standardPathsShareOneProfile();
};

void TestDataLocations::homeOptionWinsAndIsRemoved_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("remaining");
    QTest::newRow("separate") << QStringList{QStringLiteral("app"), QStringLiteral("--home"), QStringLiteral("/tmp/h1"), QStringLiteral("grep")}
                              << QStringList{QStringLiteral("app"), QStringLiteral("grep")};
    QTest::newRow("joined") << QStringList{QStringLiteral("app"), QStringLiteral("--home=/tmp/h1"), QStringLiteral("x")}
                            << QStringList{QStringLiteral("app"), QStringLiteral("x")};
}

void TestDataLocations::homeOptionWinsAndIsRemoved()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, remaining);
    qputenv("VALIS_HOME", "/tmp/from-environment");
    const DataLocations locations = DataLocations::fromArguments(&arguments);
    qunsetenv("VALIS_HOME");
    QCOMPARE(arguments, remaining);
    QVERIFY(locations.isOverridden());
    QCOMPARE(locations.home(), QStringLiteral("/tmp/h1"));
    QCOMPARE(locations.configDir(), QStringLiteral("/tmp/h1/config"));
    QCOMPARE(locations.sessionDatabasePath(), QStringLiteral("/tmp/h1/data/sessions.db"));
    QCOMPARE(locations.userPluginDir(7), QStringLiteral("/tmp/h1/data/plugins/api-7"));
    QCOMPARE(locations.modelCatalogOverridePath(), QStringLiteral("/tmp/h1/config/models.json"));
}

void TestDataLocations::environmentOverridesStandardPaths()
{
    qputenv("VALIS_HOME", "/tmp/from-environment");
    QStringList arguments{QStringLiteral("app")};
    const DataLocations locations = DataLocations::fromArguments(&arguments);
    qunsetenv("VALIS_HOME");
    QCOMPARE(locations.dataDir(), QStringLiteral("/tmp/from-environment/data"));
}

void TestDataLocations::standardPathsShareOneProfile()
{
    qunsetenv("VALIS_HOME");
    QStandardPaths::setTestModeEnabled(true); // ~/.qttest: never the real profile
    const DataLocations locations = DataLocations::fromEnvironment();
    QVERIFY(!locations.isOverridden());
    // Named "valis" whatever the executable is called, so valis and valis-cli agree.
    QCOMPARE(QDir(locations.configDir()).dirName(), QStringLiteral("valis"));
    QCOMPARE(QDir(locations.dataDir()).dirName(), QStringLiteral("valis"));
    QVERIFY(locations.configDir() != locations.dataDir());
}

VALIS_TEST_MAIN(TestDataLocations)
#include "tst_datalocations.moc"
