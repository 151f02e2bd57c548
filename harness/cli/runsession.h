#pragma once

// What `run` and `fork` share: the options that say how to reach the model and how far a turn
// may go, and one headless turn through a Session (RunPrinter shows it and answers questions).
#include "cliparser.h"
#include "toolenvironmentoptions.h"

#include "valis/agent/session.h"
#include "valis/core/result.h"

#include <QCommandLineOption>

#include <functional>

namespace valis::cli {

class CliContext;
class TerminalInput;

/// The options of a headless turn (run's, which fork takes too).
struct RunOptions
{
    RunOptions();
    /// Adds them all; `withSession` adds --session (run continues a session; fork makes one).
    void addTo(CliParser &parser, bool withSession) const;

    QCommandLineOption provider, model, workspace, approve, baseUrl, session, system, maxSteps, maxCost, maxOutput, json,
        thinking, noKeychain, noMemory, context, history,
        noRecall, recallBudget, keepSandbox, noPull;
    ToolEnvironmentOptions tools;
};

/// One turn to run.
struct TurnPlan
{
    QString prompt;
    /// The session to continue; empty: a new one.
    SessionInfo info;
    /// The workspace when --workspace is not given; empty: the current folder.
    QString defaultWorkspace;
    /// Called with the assembled config before the session opens (fork: checks the history
    /// strategy, then creates the fork and returns it); nullptr: `info` as it is.
    std::function<Result<SessionInfo>(const SessionConfig &config)> prepare;
    /// Called when the turn ended (and background summaries are done), with its reason.
    std::function<void(Session *session, int turn, const QString &reason)> finished;
};

/// Runs `plan` with what `parser` (which has `options` added) says, answering questions
/// through `input`; returns run's exit code (0 answered, 1 failed, 2 usage, 3 a limit, 130
/// interrupted).
int runTurn(CliContext &context, const QString &command, const CliParser &parser, const RunOptions &options,
            TerminalInput &input, const TurnPlan &plan);

} // namespace valis::cli
