#include "sandboxtestcase.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>

namespace valis::test {

using namespace valis::sandboxes;

std::unique_ptr<LocalSandbox> makeSandbox(const QString &row)
{
    LocalSandboxOptions options;
    if (row == QLatin1String("plain-session")) {
        options.processLimit = ProcessLimitMechanism::None;
        return createLocalSandbox(LocalSandboxId::Plain, options);
    }
    return createLocalSandbox(row, options);
}

bool usesCgroup(const LocalSandbox &sandbox)
{
    return sandbox.processLimitMechanism() == ProcessLimitMechanism::CgroupV1
           || sandbox.processLimitMechanism() == ProcessLimitMechanism::CgroupV2;
}

QString uniqueName(const QString &prefix)
{
    return prefix + QString::number(QRandomGenerator::global()->generate64(), 16);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool isSameOrInsideHome(const QString &path)
{
    const QString home = QDir::cleanPath(QDir::homePath());
    return path == home || path.startsWith(home + QLatin1Char('/'));
}

void SandboxTestCase::addSandboxRows(const QStringList &rows)
{
    QTest::addColumn<QString>("sandbox");
    for (const QString &row : rows)
        QTest::newRow(qPrintable(row)) << row;
}

std::unique_ptr<SandboxRun> SandboxTestCase::run(Sandbox &sandbox, const SandboxCommand &command, bool keepOutput)
{
    return startRun(sandbox, command, &m_owner, keepOutput);
}

void SandboxTestCase::initTestCase()
{
    QVERIFY(m_workspace.isValid());
    qputenv("VALIS_SANDBOX_CANARY", "canary-from-the-host");
}

void SandboxTestCase::cleanup()
{
    // Every process a test started is gone; their objects go with the owner's children.
    qDeleteAll(m_owner.children());
}

} // namespace valis::test
