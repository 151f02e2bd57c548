// bench_sandbox: what a sandbox adds to starting one command. Runs `true` and `/bin/sh -c :`
// many times as a plain QProcess, through the plain sandbox and through bubblewrap, each from
// start to the end being reported, and prints the distributions and the overhead over QProcess.
#include "localsandboxes.h"
#include "stats.h"

#include "valis/plugins/sandboxprocess.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>
#include <functional>
#include <memory>

using namespace valis;
using namespace valis::sandboxes;

namespace {

struct Command
{
    QString label;
    QString program;
    QStringList arguments;
};

/// One run, start to reported end, in milliseconds; negative when it did not succeed.
using Runner = std::function<double(const Command &)>;

double runQProcess(const Command &command, const QString &workspace)
{
    QProcess process;
    process.setProgram(command.program);
    process.setArguments(command.arguments);
    process.setWorkingDirectory(workspace);
    process.setStandardInputFile(QProcess::nullDevice());
    QEventLoop loop;
    bool ok = false;
    QObject::connect(&process, &QProcess::finished, &loop, [&](int code, QProcess::ExitStatus status) {
        ok = status == QProcess::NormalExit && code == 0;
        loop.quit();
    });
    QObject::connect(&process, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            loop.quit();
    });
    QElapsedTimer clock;
    clock.start();
    process.start(QIODevice::ReadOnly);
    loop.exec();
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    return ok ? ms : -1;
}

double runSandbox(Sandbox &sandbox, const Command &command, const SandboxCommand &base)
{
    SandboxCommand sandboxed = base;
    sandboxed.program = command.program;
    sandboxed.arguments = command.arguments;
    QObject owner;
    QEventLoop loop;
    bool ok = false;
    QElapsedTimer clock;
    clock.start();
    SandboxProcess *process = sandbox.start(sandboxed, &owner);
    QObject::connect(process, &SandboxProcess::finished, &loop, [&](int code) {
        ok = code == 0;
        loop.quit();
    });
    QObject::connect(process, &SandboxProcess::failed, &loop, [&](const Error &error) {
        std::fprintf(stderr, "failed: %s\n", qPrintable(error.toString()));
        loop.quit();
    });
    loop.exec();
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    return ok ? ms : -1;
}

struct Row
{
    QString name;
    Runner run;
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Start-up overhead of the local sandboxes over a plain process."));
    parser.addHelpOption();
    QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per command and way (default 300)."),
                                  QStringLiteral("n"), QStringLiteral("300"));
    QCommandLineOption warmupOption(QStringLiteral("warmup"), QStringLiteral("Unmeasured runs first (default 10)."),
                                    QStringLiteral("n"), QStringLiteral("10"));
    parser.addOptions({runsOption, warmupOption});
    parser.process(app);
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const int warmup = qMax(0, parser.value(warmupOption).toInt());

    QTextStream out(stdout);
    QTemporaryDir workspace;
    if (!workspace.isValid()) {
        std::fprintf(stderr, "cannot create a temporary workspace\n");
        return 1;
    }

    const QList<Command> commands{
        {QStringLiteral("true"), QStandardPaths::findExecutable(QStringLiteral("true")), {}},
        {QStringLiteral("sh -c :"), QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral(":")}},
    };

    SandboxCommand limited;
    limited.workspace = workspace.path();
    SandboxCommand unlimited = limited;
    unlimited.limits.maxProcesses = 0;

    auto plain = createLocalSandbox(LocalSandboxId::Plain);
    auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap);
    const auto bwrapAvailable = bwrap ? bwrap->checkAvailable() : Result<void>(Error({}, QStringLiteral("not on this platform")));

    out << "process limit: " << processLimitMechanismName(plain->processLimitMechanism()) << "\n";
    out << "runs: " << runs << " per row, after " << warmup << " unmeasured\n\n";

    QList<Row> rows{
        {QStringLiteral("QProcess"), [&](const Command &c) { return runQProcess(c, workspace.path()); }},
        {QStringLiteral("plain sandbox, no process limit"), [&](const Command &c) { return runSandbox(*plain, c, unlimited); }},
        {QStringLiteral("plain sandbox, process limit"), [&](const Command &c) { return runSandbox(*plain, c, limited); }},
    };
    if (bwrapAvailable.ok()) {
        rows.append({QStringLiteral("bubblewrap, no process limit"), [&](const Command &c) { return runSandbox(*bwrap, c, unlimited); }});
        rows.append({QStringLiteral("bubblewrap, process limit"), [&](const Command &c) { return runSandbox(*bwrap, c, limited); }});
    } else {
        out << "bubblewrap skipped: " << bwrapAvailable.error().message << "\n\n";
    }

    for (const Command &command : commands) {
        out << "== " << command.label << "\n";
        out.flush();
        // Interleaved, so a change in the machine's load hits every way alike.
        QList<QList<double>> samples(rows.size());
        for (int i = 0; i < warmup + runs; ++i) {
            for (qsizetype r = 0; r < rows.size(); ++r) {
                const double ms = rows.at(r).run(command);
                if (ms < 0) {
                    std::fprintf(stderr, "%s: %s did not succeed\n", qPrintable(rows.at(r).name), qPrintable(command.label));
                    return 1;
                }
                if (i >= warmup)
                    samples[r].append(ms);
            }
        }
        const LatencySummary baseline = LatencySummary::of(samples.at(0));
        for (qsizetype r = 0; r < rows.size(); ++r) {
            const LatencySummary summary = LatencySummary::of(samples.at(r));
            out << QStringLiteral("  %1  %2").arg(rows.at(r).name, -34).arg(summary.toString());
            if (r > 0) {
                out << QStringLiteral("  overhead p50 %1 ms, p99 %2 ms")
                           .arg(summary.p50 - baseline.p50, 0, 'f', 2)
                           .arg(summary.p99 - baseline.p99, 0, 'f', 2);
            }
            out << "\n";
        }
        out << "\n";
        out.flush();
    }
    return 0;
}
