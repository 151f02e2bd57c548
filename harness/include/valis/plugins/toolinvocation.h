#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/toolinteraction.h"
#include "valis/record/part.h"

#include <QObject>

#include <chrono>
#include <optional>

namespace valis {

/// One running tool call (turn-scoped).
///
/// Created by ToolProvider::invoke() with a parent the caller chooses; the caller deletes it
/// (or lets its parent do so) after finished(). It emits finished() exactly once, never from
/// inside invoke() itself, with a ToolResult part (Part::makeToolResult...): a tool's own failure
/// (file not found, command exited 1) is a result with isError set, which goes back to the
/// model; there is no separate failure signal.
class VALIS_HARNESS_EXPORT ToolInvocation : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~ToolInvocation() override;

    /// Asks the tool to stop. It still emits finished(), with an error result saying it was
    /// cancelled, or with its real result if it was already done.
    virtual void cancel() = 0;

    /// Whether the error result this invocation finished with is worth trying again (a
    /// timeout, a busy resource, a dropped connection). Only the tool knows; the orchestrator's
    /// retry policy retries nothing else. Set it before emitting finished().
    bool isRetryable() const { return m_retryable; }
    /// How long the service asked to be left alone before a retry (a 429's Retry-After); the
    /// orchestrator waits at least this long, within its retry policy's maxRetryAfter.
    std::optional<std::chrono::milliseconds> retryAfter() const { return m_retryAfter; }

    /// The person's answer to an interactionRequested() question, passed on by the session.
    /// The default ignores it (a tool that asks nothing).
    virtual void answerInteraction(const QString &interactionId, const ToolInteractionAnswer &answer);

Q_SIGNALS:
    /// Output the call produces while it runs (a command's stdout and stderr), for people
    /// watching; the model sees only the result. Never emitted after finished().
    void outputReceived(const QString &text);
    /// How far the call has come: `progress` of `total` (total < 0: unknown), with a message.
    /// For progress bars on tool cards and the terminal; never emitted after finished().
    void progressReported(double progress, double total, const QString &message);
    /// The call needs a person (form input, consent to open a URL, a sampling request); the
    /// answer comes back through answerInteraction(). A call that is cancelled meanwhile gets
    /// no answer.
    void interactionRequested(const valis::ToolInteraction &interaction);
    /// `result` is a Part of kind ToolResult whose callId is the call's.
    void finished(const valis::Part &result);

protected:
    void setRetryable(bool retryable) { m_retryable = retryable; }
    void setRetryAfter(std::chrono::milliseconds delay) { m_retryAfter = delay; }

private:
    bool m_retryable = false;
    std::optional<std::chrono::milliseconds> m_retryAfter;
};

} // namespace valis
