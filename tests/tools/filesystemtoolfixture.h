#pragma once

#include "toolcallhelpers.h"
#include "testsupport.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonObject>
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

} // namespace valis::test
