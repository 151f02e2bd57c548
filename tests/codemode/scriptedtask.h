#pragma once

// The code-mode task, driven through the real `valis-cli run` against the local
// provider server: fix a failing test in a small project by reading three files, grepping,
// editing and running the tests, either as six direct tool calls (one model turn each) or as
// one run_script. Shared by tst_runscriptturn and bench_codemode_turns.
#include "clirunner.h"
#include "providerserver.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis::test::codemode {

/// How the scripted model does the task.
enum class TaskMode {
    Direct,     ///< six tool calls, one per model turn
    Script,     ///< one run_script with the same six calls
    ScriptDenied ///< one run_script whose edit_file is denied: the script catches the denial
};

/// One direct tool call of the task.
struct TaskCall
{
    QString tool;
    QJsonObject arguments;
};

/// The six calls of the step-by-step run, in order.
QList<TaskCall> directCalls();
/// The run_script code of the task: {edit, read, grep, tests}. For ScriptDenied, `edit` is
/// "denied: <message>" when edit_file fails, and the tests still run; `tests` is exec's output,
/// or its error when they fail.
QString taskScript(TaskMode mode);

/// Creates `parent`/`name`: calc.sh (add() subtracts), test.sh (fails until add adds),
/// notes.txt. Returns the folder.
QString makeProject(const QString &parent, const QString &name);
/// Every file of `workspace` (names and bytes, sorted by name), for comparing two runs.
QByteArray workspaceContents(const QString &workspace);

/// What a run of the task produced.
struct TaskRun
{
    CliRun cli;
    QList<CapturedRequest> requests;
    int unexpectedRequests = 0;
    /// The model's side of each answer (the tool call's JSON, or the answer's text), as scripted.
    QStringList modelOutputs;
};

/// Runs the task once with `valis-cli run --approve all` in `workspace`, the profile in `home`
/// (put an approvals.json in its config/ folder to deny a tool).
TaskRun runTask(const QString &home, const QString &workspace, TaskMode mode);

/// The text of the tool result for `callId` in the last request of `run`.
QString lastToolResult(const TaskRun &run, const QString &callId);

/// The call id the script's run_script call has.
QString scriptCallId();

} // namespace valis::test::codemode
