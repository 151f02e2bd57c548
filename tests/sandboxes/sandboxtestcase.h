#pragma once

// What the local sandbox suites share: the sandboxes by test row, the fixture that owns a
// workspace and the runs, and the checks every test makes around a run.
#include "localsandboxes.h"
#include "sandboxrun.h"

#include <QObject>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest/QTest>

#include <memory>

namespace valis::test {

/// "local-bwrap", "plain" (the process limit this machine has) or "plain-session" (no process
/// limit: only the command's session is there to find its processes).
std::unique_ptr<sandboxes::LocalSandbox> makeSandbox(const QString &row);
bool usesCgroup(const sandboxes::LocalSandbox &sandbox);
QString uniqueName(const QString &prefix);
QByteArray readAll(const QString &path);
bool isSameOrInsideHome(const QString &path);

/// A workspace and an owner for the runs of one suite; every run is gone after each test.
class SandboxTestCase : public QObject
{
    Q_OBJECT

protected:
    void addSandboxRows(const QStringList &rows = {QStringLiteral("local-bwrap"), QStringLiteral("plain"),
                                                   QStringLiteral("plain-session")});
    std::unique_ptr<SandboxRun> run(Sandbox &sandbox, const SandboxCommand &command, bool keepOutput = true);

    QObject m_owner;
    QTemporaryDir m_workspace;

private Q_SLOTS:
    void initTestCase();
    void cleanup();
};

} // namespace valis::test

/// Skips the test when `sandbox` cannot run here, with the sandbox's own reason.
#define REQUIRE_AVAILABLE(sandbox)                                                                \
    do {                                                                                          \
        const auto available_ = (sandbox).checkAvailable();                                       \
        if (available_.hasError())                                                                \
            QSKIP(qPrintable(available_.error().message));                                         \
    } while (false)

/// Waits for the run to end (at most `ms`), then checks it ended exactly once.
#define WAIT_FOR_END(run, ms)                                                                     \
    do {                                                                                          \
        QTRY_VERIFY2_WITH_TIMEOUT((run).done(), qPrintable((run).describe()), ms);                \
        QTest::qWait(20);                                                                         \
        QCOMPARE((run).endings, 1);                                                               \
    } while (false)
