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

} // namespace valis::test

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
