#pragma once

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/toolprovider.h"
#include "valis/record/part.h"

#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <chrono>
#include <memory>
#include <optional>

namespace valis::test {

/// What one finished tool call gave: the result part, the output it streamed, and whether
/// finished() came only after invoke() returned (ToolInvocation's contract).
struct ToolCallOutcome
{
    Part result;
    QStringList output;
    bool finishedInsideInvoke = false;
    bool finished = false;
    bool retryable = false;
    std::optional<std::chrono::milliseconds> retryAfter = {};

    /// The text parts of the result, joined with newlines.
    QString text() const;
};

/// Invokes `toolName` on `provider` and waits (processing events) up to `timeoutMs` for its
/// result. `outcome.finished` is false when it did not come.
ToolCallOutcome callTool(ToolProvider *provider, const QString &toolName, const QJsonValue &arguments,
                         const ToolContext &context, int timeoutMs = 10000);

/// One built tool plugin copied alone into a folder and loaded by a real PluginManager, so the
/// test sees exactly what a host would get from it (metadata, initialize(), its providers).
class LoadedToolPlugin
{
public:
    /// `pluginFile` is the built plugin (the CMake target's file).
    explicit LoadedToolPlugin(const QString &pluginFile);
    ~LoadedToolPlugin();

    /// An error text when the copy or the load did not work; empty otherwise.
    QString problem() const { return m_problem; }
    PluginManager *manager() const { return m_manager.get(); }
    /// The running plugins' tool provider with this id, or nullptr.
    ToolProvider *toolProvider(const QString &id) const;
    DataLocations locations() const;

private:
    QTemporaryDir m_home;
    QTemporaryDir m_folder;
    std::unique_ptr<PluginManager> m_manager;
    QString m_problem;
};

} // namespace valis::test
