#pragma once

#include "valis/plugins/toolinvocation.h"
#include "valis/plugins/toolprovider.h"
#include "valis/record/part.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace valis::tools {

/// What a ThreadedTool's call gives back: the result's content and whether it is an error.
struct ToolOutcome
{
    QList<Part> content;
    bool isError = false;
    /// An error worth trying again (a timeout, a 429): see ToolInvocation::isRetryable().
    bool retryable = false;
    /// How long the service asked to be left alone first (a 429's Retry-After).
    std::optional<std::chrono::milliseconds> retryAfter = {};

    static ToolOutcome text(const QString &text) { return {{Part::makeText(text)}, false}; }
    static ToolOutcome error(const QString &message) { return {{Part::makeText(message)}, true}; }
};

/// What a call may look at while it runs on the worker thread.
struct ToolCall
{
    QJsonObject arguments;   ///< Already checked to be an object.
    ToolContext context;
    /// Set when the call is cancelled; long loops check it and return early.
    const std::atomic_bool *cancelled = nullptr;
    /// Sends a line of progress to people watching (thread-safe; queued to the invocation).
    std::function<void(const QString &)> progress;

    bool isCancelled() const { return cancelled && cancelled->load(std::memory_order_relaxed); }
};

/// One tool whose calls do blocking work (files, scans) and so run on a worker thread of the
/// global QThreadPool, never on the session's thread.
class ThreadedTool
{
public:
    virtual ~ThreadedTool();
    virtual ToolSpec spec() const = 0;
    /// Runs on a worker thread; must be thread-safe (no state between calls).
    virtual ToolOutcome run(const ToolCall &call) const = 0;
};

/// A ToolProvider made of ThreadedTools: dispatches by name, refuses non-object arguments, runs
/// each call on a worker thread, and answers a cancelled call with a "cancelled" error result.
class ThreadedToolProvider : public ToolProvider
{
public:
    explicit ThreadedToolProvider(const QString &id);
    ~ThreadedToolProvider() override;

    void add(std::unique_ptr<ThreadedTool> tool);

    QString id() const override { return m_id; }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;

private:
    struct Pool;
    QString m_id;
    std::vector<std::shared_ptr<ThreadedTool>> m_tools;
    std::unique_ptr<Pool> m_pool;
};

/// A ToolInvocation that finishes with a result known at once (on the next event loop turn,
/// as ToolInvocation requires).
ToolInvocation *immediateResult(const QString &callId, const QString &toolName, const ToolOutcome &outcome,
                                QObject *parent);

} // namespace valis::tools
