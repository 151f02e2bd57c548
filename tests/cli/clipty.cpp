#include "clipty.h"

#include "testsupport.h"

#include <QEventLoop>
#include <QProcess>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QTimer>

#include <memory>

#if defined(Q_OS_UNIX)
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#endif

namespace valis::test {

McpCliRun runValisCli(const QStringList &arguments, const QString &folder, const QProcessEnvironment &environment,
                      const QByteArray &input, const QList<TerminalStep> *terminal)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(folder);
    int master = -1;
    std::unique_ptr<QSocketNotifier> echo;
    if (terminal) {
#if defined(Q_OS_UNIX)
        // A real terminal for its standard input: the CLI asks only where a person can answer.
        master = posix_openpt(O_RDWR | O_NOCTTY);
        if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
            return {-1, {}, QStringLiteral("no pseudo-terminal")};
        process.setStandardInputFile(QString::fromLocal8Bit(ptsname(master)));
        // What is typed is echoed back on the master side; read it so the terminal never fills.
        echo = std::make_unique<QSocketNotifier>(master, QSocketNotifier::Read);
        QObject::connect(echo.get(), &QSocketNotifier::activated, echo.get(), [master, &echo] {
            char buffer[4096];
            if (::read(master, buffer, sizeof buffer) <= 0)
                echo->setEnabled(false);
        });
#else
        // Only POSIX systems have the pseudo-terminals these conversations are typed through.
        return {-1, {}, QStringLiteral("no pseudo-terminal on this platform")};
#endif
    }
    McpCliRun run;
    QByteArray errBytes;
    qsizetype consumed = 0;
    qsizetype step = 0;
    QEventLoop loop;
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &loop, [&] { run.out += QString::fromUtf8(process.readAllStandardOutput()); });
    QObject::connect(&process, &QProcess::readyReadStandardError, &loop, [&] {
        errBytes += process.readAllStandardError();
        if (!terminal)
            return;
        const QString seen = QString::fromUtf8(errBytes);
        while (step < terminal->size()) {
            const QRegularExpressionMatch match = QRegularExpression(terminal->at(step).first).match(seen, consumed);
            if (!match.hasMatch())
                break;
            consumed = match.capturedEnd();
            const QByteArray typed = terminal->at(step).second.toUtf8() + '\n';
#if defined(Q_OS_UNIX)
            [[maybe_unused]] const ssize_t written = ::write(master, typed.constData(), size_t(typed.size()));
#endif
            ++step;
        }
    });
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, [&loop](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            loop.quit();
    });
    process.start(buildDir() + QStringLiteral("/bin/valis-cli"), arguments);
    if (!terminal) {
        if (!input.isEmpty())
            process.write(input);
        process.closeWriteChannel();
    }
    QTimer::singleShot(90000, &loop, &QEventLoop::quit);
    loop.exec();
    run.out += QString::fromUtf8(process.readAllStandardOutput());
    errBytes += process.readAllStandardError();
    run.err = QString::fromUtf8(errBytes);
    run.exitCode = process.state() == QProcess::NotRunning && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    if (terminal && step < terminal->size())
        run.err += QStringLiteral("\n[unanswered step] ") + terminal->at(step).first;
    echo.reset();
#if defined(Q_OS_UNIX)
    if (master >= 0)
        ::close(master);
#endif
    return run;
}

} // namespace valis::test
