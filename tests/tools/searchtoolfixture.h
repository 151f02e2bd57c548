#pragma once

// What the search tool suites share: a workspace with nested folders, .gitignore files, a binary
// file, links out of the workspace and a /memories/ mount, the search tools as the agent calls
// them, and the choice of grep engine.
#include "threadedtool.h"
#include "toolcallhelpers.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QJsonObject>
#include <QObject>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace valis::test {

bool ripgrepInstalled();

/// Makes grep calls use `engine` ("rg" or "builtin") until it goes.
class EngineChoice
{
public:
    explicit EngineChoice(const QString &engine) { qputenv("VALIS_GREP_BACKEND", engine.toUtf8()); }
    ~EngineChoice() { qunsetenv("VALIS_GREP_BACKEND"); }
};

class SearchToolTestCase : public QObject
{
    Q_OBJECT

protected:
    QString ws(const QString &name) const { return m_workspace->filePath(name); }
    ToolContext context() const;
    ToolCallOutcome call(const QString &tool, const QJsonObject &arguments);
    /// The result text, "ERROR: "-prefixed for an error result.
    QString text(const QString &tool, const QJsonObject &arguments);
    static QStringList lines(const QString &text) { return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts); }
    /// Rows "ripgrep" and "builtin" of an `engine` column.
    void engineRows();

    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<QTemporaryDir> m_outside;
    std::unique_ptr<QTemporaryDir> m_memories;
    std::unique_ptr<AgentFilesystem> m_filesystem;
    std::unique_ptr<tools::ThreadedToolProvider> m_provider;

private Q_SLOTS:
    void init();
    void cleanup();
};

} // namespace valis::test
