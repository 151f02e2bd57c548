#pragma once

// Running the real valis-cli binary from a test whose event loop must keep turning (the local
// provider server lives on it).
#include <QByteArray>
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

} // namespace valis::test
