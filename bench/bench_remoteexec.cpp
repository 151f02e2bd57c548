// Remote exec overhead: what Valis adds to a command on a remote machine, over the service's own
// time for it, on loopback against the stand-ins of tests/standins (a local server speaking each
// service's API). For each service: the raw API call that runs `true` (the stand-in's own time:
// HTTP round trip and process spawn), then the same command through the plugin's blocking run()
// and its streamed start() (what the exec tool uses). Prints p50/p90 and the overhead.
//
//   bench_remoteexec [--runs N] [--services daytona,runloop,modal]
#include "stats.h"

#include "rest/restclient.h"
#include "valis/core/datalocations.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/sandboxprocess.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QUuid>

#include <cstdio>

using namespace valis;

namespace {

QTextStream out(stdout);
const QString Key = QStringLiteral("bench-key");

struct Service
{
    QString id;
    QStringList standInArguments;
    QByteArray urlVariable;
    QString urlSuffix;
    QList<std::pair<QByteArray, QByteArray>> keyVariables;
};

QList<Service> services()
{
    return {
        {QStringLiteral("daytona"),
         {QStringLiteral("tests/standins/daytona/server.mjs"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--api-key"),
          Key, QStringLiteral("--start-delay-ms"), QStringLiteral("20"), QStringLiteral("--exit-with-stdin")},
         "DAYTONA_API_URL", QStringLiteral("/api"), {{"DAYTONA_API_KEY", Key.toUtf8()}}},
        {QStringLiteral("runloop"),
         {QStringLiteral("tests/standins/runloop/server.mjs"), QStringLiteral("--api-key"), Key, QStringLiteral("--boot-delay-ms"),
          QStringLiteral("20"), QStringLiteral("--exit-with-stdin")},
         "RUNLOOP_BASE_URL", QString(), {{"RUNLOOP_API_KEY", Key.toUtf8()}}},
        {QStringLiteral("modal"), {QStringLiteral("tests/standins/modal/server.mjs")}, "MODAL_SERVER_URL", QString(),
         {{"MODAL_TOKEN_ID", "ak-valis-standin"}, {"MODAL_TOKEN_SECRET", "as-valis-standin"}}},
    };
}

// The raw call that runs `true` on the machine, as a client that adds nothing would send it.
std::function<bool()> rawExec(const Service &service, const QUrl &base, const QString &machineId)
{
    const QList<rest::Header> auth{{"Authorization", "Bearer " + Key.toUtf8()}};
    if (service.id == QLatin1String("daytona")) {
        // The stand-in's toolbox proxy sits beside its control plane (/api), as Daytona's does.
        QUrl toolbox = base;
        toolbox.setPath(QStringLiteral("/toolbox/") + machineId);
        auto client = std::make_shared<rest::Client>(toolbox, auth, nullptr);
        return [client] {
            return client->send(rest::Request::json("POST", QStringLiteral("/process/execute"),
                                                    QJsonObject{{QStringLiteral("command"), QStringLiteral("true")}}))
                .ok();
        };
    }
    if (service.id == QLatin1String("runloop")) {
        auto client = std::make_shared<rest::Client>(base, auth, nullptr);
        return [client, machineId] {
            const QJsonObject body{{QStringLiteral("command"), QStringLiteral("true")},
                                   {QStringLiteral("command_id"), QUuid::createUuid().toString(QUuid::WithoutBraces)},
                                   {QStringLiteral("optimistic_timeout"), 20}};
            return client->send(rest::Request::json("POST", QStringLiteral("/v1/devboxes/%1/execute").arg(machineId), body)).ok();
        };
    }
    return {};
}

// One streamed command through the machine, as the exec tool runs it.
bool streamed(RemoteMachine *machine, const QString &workspace)
{
    SandboxCommand command;
    command.program = QStringLiteral("/bin/sh");
    command.arguments = {QStringLiteral("-c"), QStringLiteral("true")};
    command.workspace = workspace;
    command.timeout = std::chrono::seconds(30);
    QEventLoop loop;
    bool ok = false;
    SandboxProcess *process = machine->start(command, &loop);
    QObject::connect(process, &SandboxProcess::finished, &loop, [&](int code) {
        ok = code == 0;
        loop.quit();
    });
    QObject::connect(process, &SandboxProcess::failed, &loop, [&](const Error &) { loop.quit(); });
    loop.exec();
    return ok;
}

template<typename Call>
LatencySummary measure(int runs, Call call, int *failures)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        if (!call())
            ++*failures;
        times.append(double(timer.nsecsElapsed()) / 1e6);
    }
    return LatencySummary::of(times);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int runs = 40;
    QStringList wanted{QStringLiteral("daytona"), QStringLiteral("runloop"), QStringLiteral("modal")};
    const QStringList arguments = app.arguments();
    for (int i = 1; i + 1 < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--runs"))
            runs = arguments.at(i + 1).toInt();
        else if (arguments.at(i) == QLatin1String("--services"))
            wanted = arguments.at(i + 1).split(QLatin1Char(','));
    }
    out << "remote exec overhead on loopback, " << runs << " commands each (`true`)\n";
    for (const Service &service : services()) {
        if (!wanted.contains(service.id))
            continue;
        QProcess standIn;
        standIn.setWorkingDirectory(QStringLiteral(VALIS_SOURCE_DIR));
        standIn.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        standIn.start(QStringLiteral("node"), service.standInArguments);
        if (!standIn.waitForStarted() || !standIn.waitForReadyRead(20000)) {
            out << service.id << ": the stand-in did not start\n";
            continue;
        }
        const QByteArray line = standIn.readLine().trimmed();
        const int port = line.mid(line.lastIndexOf('=') + 1).toInt();
        const QUrl base(QStringLiteral("http://127.0.0.1:%1").arg(port) + service.urlSuffix);
        qputenv(service.urlVariable.constData(), base.toString().toUtf8());
        QHash<QString, QString> secrets;
        for (const auto &[variable, value] : service.keyVariables)
            qputenv(variable.constData(), value);

        QTemporaryDir home;
        PluginManager plugins(DataLocations::underHome(home.path()), {QStringLiteral(VALIS_PLUGIN_DIR)});
        plugins.loadAll();
        RemoteSandbox *sandbox = nullptr;
        for (Sandbox *candidate : plugins.sandboxes()) {
            if (candidate->id() == service.id)
                sandbox = dynamic_cast<RemoteSandbox *>(candidate);
        }
        if (!sandbox) {
            out << service.id << ": the plugin is not built\n";
            continue;
        }
        for (const RemoteCredential &credential : sandbox->credentials())
            secrets.insert(credential.account, qEnvironmentVariable(credential.environmentVariables.value(0).toLocal8Bit().constData()));
        sandbox->setCredentials(secrets);
        RemoteMachineSpec spec;
        spec.sessionId = QStringLiteral("bench");
        Result<std::unique_ptr<RemoteMachine>> machine = sandbox->acquire(spec);
        if (machine.hasError()) {
            out << service.id << ": " << machine.error().message << '\n';
            continue;
        }
        const QString id = machine.value()->info().machineId;
        int failures = 0;
        out << service.id << '\n';
        LatencySummary raw;
        if (const auto call = rawExec(service, base, id)) {
            (void)measure(3, call, &failures); // warm-up
            raw = measure(runs, call, &failures);
            out << "  raw API call (the stand-in's own time)  " << raw.toString() << '\n';
        } else {
            // gRPC: the stand-in's own time is the process it spawns; measured here the same way.
            raw = measure(runs, [] { return QProcess::execute(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("true")}) == 0; },
                          &failures);
            out << "  local spawn of sh -c true (no API call)  " << raw.toString() << '\n';
        }
        RemoteMachine *remote = machine.value().get();
        const LatencySummary blocking = measure(runs, [remote] {
            const Result<RemoteRunResult> ran = remote->run(QStringLiteral("true"), std::chrono::seconds(30));
            return ran.ok() && ran->exitCode == 0;
        }, &failures);
        out << "  RemoteMachine::run()                    " << blocking.toString() << '\n';
        const QString workspace = home.path();
        const LatencySummary stream = measure(runs, [remote, &workspace] { return streamed(remote, workspace); }, &failures);
        out << "  RemoteMachine::start() (exec tool)      " << stream.toString() << '\n';
        out << QStringLiteral("  overhead at p50: run() %1 ms, start() %2 ms; failures %3\n")
                   .arg(blocking.p50 - raw.p50, 0, 'f', 2)
                   .arg(stream.p50 - raw.p50, 0, 'f', 2)
                   .arg(failures);
        out.flush();
        (void)sandbox->destroy(id);
        machine.value().reset();
        standIn.closeWriteChannel();
        standIn.kill();
        standIn.waitForFinished();
    }
    return 0;
}
