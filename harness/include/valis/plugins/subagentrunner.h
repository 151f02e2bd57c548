#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace valis {

/// A kind of child agent the host offers (config/subagents.json, plus "general-purpose").
struct VALIS_HARNESS_EXPORT SubagentProfile
{
    QString name;          ///< "general-purpose", "researcher"
    QString description;   ///< For the model: when to use it.
    QString model;         ///< Empty: the parent's model.
    QString toolPack;      ///< Empty: the parent's pack without the `task` tool.
    QString systemPrompt;  ///< Empty: the default system prompt.
    int maxSteps = 0;      ///< 0: the parent's limit.
};

/// What the parent asks of a child agent.
struct VALIS_HARNESS_EXPORT SubagentRequest
{
    QString profile;        ///< A SubagentProfile name; empty: "general-purpose".
    QString description;    ///< A short title for the child session.
    QString prompt;         ///< The whole task: the child sees nothing else of the parent.
    QString parentSessionId;
    QString parentCallId;   ///< The `task` call, recorded on the child session.
    /// A session the host created for this child beforehand (a background agent, so its handle
    /// exists while it queues): the child runs in it. Empty: a new session.
    QString sessionId = {};
};

/// How a child agent ended.
struct VALIS_HARNESS_EXPORT SubagentOutcome
{
    QString childSessionId;
    QString answer;         ///< The child's final answer text (what the parent gets back).
    QString stopReason;     ///< "answered", "max-steps", "error", "interrupted", ...
    bool isError = false;
};

/// One running child agent (turn-scoped). Emits finished() exactly once, never from inside
/// SubagentRunner::start(); a child that could not start finishes with an error outcome.
class VALIS_HARNESS_EXPORT SubagentRun : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~SubagentRun() override;

    /// Interrupts the child; finished() follows with stopReason "interrupted".
    virtual void cancel() = 0;

Q_SIGNALS:
    /// A line of what the child is doing ("read_file src/a.cpp"), for people watching.
    void progress(const QString &text);
    void finished(const valis::SubagentOutcome &outcome);
};

/// Runs child agents for a session: each with its own context, tools and model, recorded as a
/// session of its own whose parent links point at the `task` call.
class VALIS_HARNESS_EXPORT SubagentRunner
{
public:
    virtual ~SubagentRunner();

    virtual QList<SubagentProfile> profiles() const = 0;
    /// Starts the child; the run is parented to `parent`.
    virtual SubagentRun *start(const SubagentRequest &request, QObject *parent) = 0;
};

} // namespace valis
