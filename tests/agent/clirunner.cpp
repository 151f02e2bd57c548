#include "clirunner.h"

#include "testsupport.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QTimer>

namespace valis::test {

/// Runs valis-cli without blocking this thread's event loop (the provider server lives on it).
/// `onOutput` sees standard output as it arrives and may write to the process's input.
CliRun runCli(const QStringList &arguments, const QProcessEnvironment &environment, const QByteArray &input,
              bool closeInput, std::function<void(QProcess &, const QByteArray &)> onOutput)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    CliRun run;
    QEventLoop loop;
    QObject::connect(&process, &QProcess::readyReadStandardOutput, [&] {
        const QByteArray chunk = process.readAllStandardOutput();
        run.out += chunk;
        if (onOutput)
            onOutput(process, run.out);
    });
    QObject::connect(&process, &QProcess::readyReadStandardError, [&] { run.err += process.readAllStandardError(); });
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, [&loop](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            loop.quit();
    });
    process.start(buildDir() + QStringLiteral("/bin/valis-cli"), arguments);
    if (!input.isEmpty())
        process.write(input);
    if (closeInput)
        process.closeWriteChannel();
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
    run.out += process.readAllStandardOutput();
    run.err += process.readAllStandardError();
    run.exitCode = process.state() == QProcess::NotRunning && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    // Said first: QTest cuts long failure messages, and a crash at exit would otherwise look
    // like a run that printed its answer and failed for no reason.
    if (process.state() == QProcess::NotRunning && process.exitStatus() == QProcess::CrashExit)
        run.err.prepend("[valis-cli crashed] ");
    else if (process.state() != QProcess::NotRunning)
        run.err.prepend("[valis-cli still running after 60 s] ");
    else if (run.exitCode != 0)
        run.err.prepend("[valis-cli exited with " + QByteArray::number(run.exitCode) + "] ");
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    return run;
}

QProcessEnvironment anthropicCliEnvironment()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-test"));
    environment.remove(QStringLiteral("ANTHROPIC_BASE_URL"));
    environment.remove(QStringLiteral("VALIS_PLUGIN_PATH"));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    return environment;
}

QString anthropicToolResult(const QJsonObject &request, const QString &callId)
{
    for (const QJsonValue &message : request.value(QLatin1String("messages")).toArray()) {
        for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray()) {
            const QJsonObject object = block.toObject();
            if (object.value(QLatin1String("type")).toString() != QLatin1String("tool_result")
                || object.value(QLatin1String("tool_use_id")).toString() != callId)
                continue;
            const QJsonValue inner = object.value(QLatin1String("content"));
            QStringList texts;
            if (inner.isString())
                texts << inner.toString();
            for (const QJsonValue &part : inner.toArray())
                texts << part.toObject().value(QLatin1String("text")).toString();
            return (object.value(QLatin1String("is_error")).toBool() ? QStringLiteral("[error] ") : QString())
                 + texts.join(QLatin1Char('\n'));
        }
    }
    return QStringLiteral("<no result for %1>").arg(callId);
}

} // namespace valis::test
