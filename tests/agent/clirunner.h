#pragma once

// Running the real valis-cli binary from a test whose event loop must keep turning (the local
// provider server lives on it).
#include <QByteArray>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

#include <functional>

namespace valis::test {

struct CliRun
{
    int exitCode = -1; ///< -2: it did not exit normally within the time limit
    QByteArray out;
    QByteArray err;
    QStringList outLines() const { return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts); }
};

/// Runs <build>/bin/valis-cli with `arguments`, feeding `input`. `onOutput` sees standard output
/// as it arrives and may write to the process's input.
CliRun runCli(const QStringList &arguments, const QProcessEnvironment &environment, const QByteArray &input = {},
              bool closeInput = true, std::function<void(QProcess &, const QByteArray &)> onOutput = {});

/// This process's environment for a valis-cli run against the local Anthropic stand-in: a test
/// key, no base URL or plugin path from outside, no colours.
QProcessEnvironment anthropicCliEnvironment();

/// The text of the tool_result for `callId` in an Anthropic request body (its text blocks joined
/// with newlines, "[error] " first when it is an error); "<no result for ID>" when absent.
QString anthropicToolResult(const QJsonObject &request, const QString &callId);

} // namespace valis::test
