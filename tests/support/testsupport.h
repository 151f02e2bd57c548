#pragma once

#include "valis/core/result.h"

#include <QString>
#include <QTemporaryDir>
#include <QtTest/QTest>

namespace valis::test {

/// The shared fixture folder: $VALIS_FIXTURES, else ../shared/fixtures beside the checkout.
QString fixturesDir();
/// The absolute path of a fixture file or folder, or an empty string when it is absent.
QString fixturePath(const QString &relative);
/// The build tree's root (where bin/, lib/ and tests/bin/ are).
QString buildDir();
QString sourceDir();

/// Writes `bytes` to `path` (creating its folder), replacing what was there; false on failure.
bool writeFile(const QString &path, const QByteArray &bytes);
/// Writes `bytes` to `name` inside `folder`; returns the file's path, or an empty string on failure.
QString writeFileIn(const QString &folder, const QString &name, const QByteArray &bytes);

/// A fresh VALIS_HOME-style profile folder that is removed when the object goes.
class TemporaryHome
{
public:
    TemporaryHome();
    QString path() const { return m_dir.path(); }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
};

/// Runs the test functions of `object` as QTest::qExec does, but when no function is named on
/// the command line, leaves out those named in VALIS_TEST_EXCLUDE (comma-separated). CTest runs
/// a suite's fixture-reading functions as a test of their own that way (see valis_add_test's
/// FIXTURE_FUNCTIONS), so that a missing fixture shows as a skipped test, never as a pass.
int runTests(QObject *object, int argc, char **argv);

/// The files under `folder` whose bytes contain `needle`, as absolute paths, sorted: for
/// checking that a secret was written nowhere. Recursive, hidden files included (SQLite's -wal
/// and -shm files, logs, exports); regular files only (never a FIFO that could block), symbolic
/// links not followed. Files that cannot be read are listed too, since they cannot be shown
/// clean, and an empty needle is in every file, so a test whose secret got lost on the way
/// fails instead of passing.
QStringList filesContaining(const QString &folder, const QByteArray &needle);

/// Takes back what installTranslations() put in force (its translators are the application's
/// children): the next test reads the source language again.
void removeTranslations();

} // namespace valis::test

/// main() for a test suite without widgets: VALIS_TEST_MAIN(TestClass).
#define VALIS_TEST_MAIN(TestObject)                                                              \
    int main(int argc, char *argv[])                                                             \
    {                                                                                            \
        QCoreApplication app(argc, argv);                                                        \
        TestObject test;                                                                         \
        QTEST_SET_MAIN_SOURCE_PATH                                                               \
        return ::valis::test::runTests(&test, argc, argv);                                       \
    }

/// Resolves a fixture into `var`, or skips the current test with a reason that names the file
/// and how to provide it.
#define VALIS_REQUIRE_FIXTURE(var, relative)                                                     \
    const QString var = ::valis::test::fixturePath(QStringLiteral(relative));                    \
    if (var.isEmpty())                                                                           \
        QSKIP(qPrintable(QStringLiteral("fixture %1 not found under %2 (set VALIS_FIXTURES)")    \
                             .arg(QStringLiteral(relative), ::valis::test::fixturesDir())))

/// Verifies that a valis::Result holds a value, failing with its error text otherwise.
/// `expr` is evaluated exactly once.
#define VALIS_VERIFY_OK(expr)                                                                    \
    do {                                                                                         \
        const auto &valisResult_ = (expr);                                                       \
        QVERIFY2(valisResult_.ok(), qPrintable(valisResult_.ok() ? QString()                     \
                                                                 : valisResult_.error().toString())); \
    } while (false)
