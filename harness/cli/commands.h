#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QStringList>

namespace valis::cli {

class CliContext;

/// One valis-cli command. `run` receives the command's arguments with its name first.
struct Command
{
    const char *name;
    const char *summary;
    int (*run)(CliContext &context, const QStringList &arguments);
};

const QList<Command> &commands();
/// valis-cli's own options, given before the command (--home, --version, --help).
QList<QCommandLineOption> globalOptions();

int runImport(CliContext &context, const QStringList &arguments);
int runExport(CliContext &context, const QStringList &arguments);
int runSessions(CliContext &context, const QStringList &arguments);
int runShow(CliContext &context, const QStringList &arguments);
int runGrep(CliContext &context, const QStringList &arguments);
int runPlugins(CliContext &context, const QStringList &arguments);
int runModels(CliContext &context, const QStringList &arguments);
int runRun(CliContext &context, const QStringList &arguments);
int runFork(CliContext &context, const QStringList &arguments);
int runKeys(CliContext &context, const QStringList &arguments);
int runTool(CliContext &context, const QStringList &arguments);
int runTools(CliContext &context, const QStringList &arguments);
int runMemory(CliContext &context, const QStringList &arguments);
int runPrompts(CliContext &context, const QStringList &arguments);
int runTokens(CliContext &context, const QStringList &arguments);
int runReplay(CliContext &context, const QStringList &arguments);
int runContext(CliContext &context, const QStringList &arguments);
int runTurns(CliContext &context, const QStringList &arguments);
int runRecall(CliContext &context, const QStringList &arguments);
int runMcp(CliContext &context, const QStringList &arguments);
int runSandbox(CliContext &context, const QStringList &arguments);
int runCompletion(CliContext &context, const QStringList &arguments);
int runServe(CliContext &context, const QStringList &arguments);
int runUsage(CliContext &context, const QStringList &arguments);
int runSweep(CliContext &context, const QStringList &arguments);

} // namespace valis::cli
