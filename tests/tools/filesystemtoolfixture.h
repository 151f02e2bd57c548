#pragma once

#include "toolcallhelpers.h"
#include "testsupport.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QTemporaryDir>

#include <memory>

namespace valis::test {

/// A real workspace (with an "outside" folder beside it holding a secret), a profile, the
/// standard AgentFilesystem over them, and the filesystem plugin's ToolProvider.
class FilesystemToolFixture
{
public:
    FilesystemToolFixture();
    ~FilesystemToolFixture();

    bool isValid() const;
    QString workspace() const { return m_workspace; }
    QString outside() const { return m_outside; }
    DataLocations locations() const;
    AgentFilesystem *filesystem() const { return m_filesystem.get(); }
    ToolProvider *provider() const;
    ToolContext context() const;

    /// Calls `tool` and waits for its result.
    ToolCallOutcome call(const QString &tool, const QJsonObject &arguments) const;

    QString path(const QString &relative) const { return m_workspace + QLatin1Char('/') + relative; }
    bool put(const QString &relative, const QByteArray &bytes) const;
    QByteArray bytes(const QString &relative) const;
    /// Every file, folder and link under the temporary root, with its bytes.
    QMap<QString, QByteArray> snapshot() const;

private:
    QTemporaryDir m_root;
    QString m_workspace;
    QString m_outside;
    std::shared_ptr<AgentFilesystem> m_filesystem;
    std::unique_ptr<ToolProvider> m_provider;
};

/// A JSON object from key/value pairs: args({{"path", "a.txt"}, {"limit", 3}}).
QJsonObject args(std::initializer_list<std::pair<QString, QJsonValue>> pairs);
/// Lines joined with '\n'.
QString joinedLines(const QStringList &lines);
/// Creates the symbolic link `link` -> `target` (false where links cannot be made).
bool makeSymlink(const QString &target, const QString &link);

} // namespace valis::test

/// The call finished and succeeded; otherwise fails the test showing the result.
#define CALL_OK(outcome)                                                                         \
    do {                                                                                         \
        QVERIFY2((outcome).finished, "the tool call did not finish");                            \
        QVERIFY2(!(outcome).result.isError, qPrintable((outcome).text()));                       \
    } while (false)

/// The call finished with an error result.
#define CALL_FAILS(outcome)                                                                      \
    do {                                                                                         \
        QVERIFY2((outcome).finished, "the tool call did not finish");                            \
        QVERIFY2((outcome).result.isError, qPrintable((outcome).text()));                        \
    } while (false)
