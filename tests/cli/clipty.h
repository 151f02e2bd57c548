#pragma once

// Running the real valis-cli binary for the MCP tests: in a chosen folder, with standard input
// from nothing, from bytes, or from a pseudo-terminal a test answers questions through.
#include <QByteArray>
#include <QPair>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace valis::test {

struct McpCliRun
{
    int exitCode = -1; ///< -2: it did not exit normally within the time limit
    QString out;
    QString err;
};

/// One step of a conversation on a terminal: when standard error shows `prompt` (a regular
/// expression, matched in what came after the previous step's match), type `answer` and Enter.
using TerminalStep = QPair<QString, QString>;

/// Runs <build>/bin/valis-cli with `arguments` in `folder`. Standard input is `input` (closed
/// after it), or, when `terminal` is set, a pseudo-terminal on which each step's answer is typed
/// once its prompt appears. Steps that never came are reported in `err` ("[unanswered step]").
McpCliRun runValisCli(const QStringList &arguments, const QString &folder, const QProcessEnvironment &environment,
                      const QByteArray &input = {}, const QList<TerminalStep> *terminal = nullptr);

} // namespace valis::test
