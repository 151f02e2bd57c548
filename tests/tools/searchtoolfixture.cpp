#include "searchtoolfixture.h"

#include "searchcorpus.h"
#include "searchtools.h"
#include "testsupport.h"

#include "valis/filesystem/localdirectorybackend.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QtTest>

namespace valis::test {

namespace {

std::unique_ptr<tools::ThreadedToolProvider> searchProvider()
{
    auto provider = std::make_unique<tools::ThreadedToolProvider>(QStringLiteral("filesystem"));
    for (auto &tool : tools::makeSearchTools())
        provider->add(std::move(tool));
    return provider;
}

bool setModified(const QString &path, int minutesAgo)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return false;
    return file.setFileTime(QDateTime::currentDateTime().addSecs(-60 * minutesAgo), QFileDevice::FileModificationTime);
}

} // namespace

bool ripgrepInstalled()
{
    return !QStandardPaths::findExecutable(QStringLiteral("rg")).isEmpty();
}

ToolContext SearchToolTestCase::context() const
{
    ToolContext c;
    c.sessionId = QStringLiteral("s-1");
    c.callId = QStringLiteral("call-1");
    c.agentId = QStringLiteral("default");
    c.workingDirectory = m_filesystem->workspaceRoot();
    c.filesystem = m_filesystem.get();
    return c;
}

ToolCallOutcome SearchToolTestCase::call(const QString &tool, const QJsonObject &arguments)
{
    return callTool(m_provider.get(), tool, arguments, context(), 60000);
}

QString SearchToolTestCase::text(const QString &tool, const QJsonObject &arguments)
{
    const ToolCallOutcome outcome = call(tool, arguments);
    if (!outcome.finished)
        return QStringLiteral("<no result>");
    return (outcome.result.isError ? QStringLiteral("ERROR: ") : QString()) + outcome.text();
}

void SearchToolTestCase::engineRows()
{
    QTest::addColumn<QString>("engine");
    QTest::newRow("ripgrep") << QStringLiteral("rg");
    QTest::newRow("builtin") << QStringLiteral("builtin");
}

void SearchToolTestCase::init()
{
    m_workspace = std::make_unique<QTemporaryDir>();
    m_outside = std::make_unique<QTemporaryDir>();
    m_memories = std::make_unique<QTemporaryDir>();
    QVERIFY(m_workspace->isValid() && m_outside->isValid() && m_memories->isValid());
    const QString root = m_workspace->path();
    const QList<QPair<QString, QByteArray>> files = {
        {QStringLiteral(".gitignore"), "build/\n*.log\n!keep.log\n"},
        {QStringLiteral("src/main.cpp"), "#include \"app/window.h\"\n\nint main()\n{\n    // TODO: parse arguments\n    return run();\n}\n"},
        {QStringLiteral("src/app/window.cpp"), "#include \"window.h\"\n\nWindow::Window()\n{\n    // TODO: restore geometry\n}\n"},
        {QStringLiteral("src/app/window.h"), "#pragma once\n\nclass Window\n{\npublic:\n    Window();\n};\n"},
        {QStringLiteral("src/.gitignore"), "generated.cpp\n"},
        {QStringLiteral("src/generated.cpp"), "// TODO: generated, ignored by src/.gitignore\n"},
        {QStringLiteral("include/valis.h"), "#pragma once\n// TODO: public API\n"},
        {QStringLiteral("README.md"), "# Project\n\nTODO: write the readme\n"},
        {QStringLiteral("build/gen.cpp"), "// TODO: build output\n"},
        {QStringLiteral("debug.log"), "TODO: a log line\n"},
        {QStringLiteral("keep.log"), "TODO: kept log\n"},
        {QStringLiteral("node_modules/pkg/index.js"), "// TODO: dependency\n"},
        {QStringLiteral("data/blob.bin"), binaryFileContent()},
        {QStringLiteral("tools/mail_index.cpp"), "// mail\n"},
        {QStringLiteral("docs/mariner.txt"), "sea\n"},
    };
    for (const auto &[name, bytes] : files)
        QVERIFY2(!writeFileIn(root, name, bytes).isEmpty(), qPrintable(name));
    QVERIFY(!writeFileIn(m_outside->path(), QStringLiteral("secret.txt"), "TODO: secret outside the workspace\n").isEmpty());
    QVERIFY(!writeFileIn(m_outside->path(), QStringLiteral("more/deep.cpp"), "// TODO: outside\n").isEmpty());
    QVERIFY(QFile::link(m_outside->path(), ws(QStringLiteral("outside"))));
    QVERIFY(QFile::link(m_outside->filePath(QStringLiteral("secret.txt")), ws(QStringLiteral("escape.txt"))));
    QVERIFY(QFile::link(ws(QStringLiteral("src/main.cpp")), ws(QStringLiteral("alias.cpp"))));
    QVERIFY(!writeFileIn(m_memories->path(), QStringLiteral("notes.md"), "TODO: remember the build flags\n").isEmpty());
    QVERIFY(!writeFileIn(m_memories->path(), QStringLiteral("topics/qt.md"), "Qt 6.4 only\n").isEmpty());

    // Distinct modification times, oldest to newest, for glob's order; everything else older.
    for (const auto &[name, bytes] : files)
        QVERIFY(setModified(ws(name), 200));
    int minutes = 100;
    for (const QString &name : {QStringLiteral("src/app/window.h"), QStringLiteral("src/main.cpp"),
                                QStringLiteral("include/valis.h"), QStringLiteral("src/app/window.cpp")})
        QVERIFY(setModified(ws(name), minutes -= 10));

    m_filesystem = std::make_unique<AgentFilesystem>(QDir(root).canonicalPath());
    m_filesystem->mount(QStringLiteral("/memories/"),
                        std::make_shared<LocalDirectoryBackend>(m_memories->path(), QStringLiteral("memories folder /memories/"), true));
    m_provider = searchProvider();
}

void SearchToolTestCase::cleanup()
{
    m_provider.reset();
    m_filesystem.reset();
    qunsetenv("VALIS_GREP_BACKEND");
}

} // namespace valis::test
