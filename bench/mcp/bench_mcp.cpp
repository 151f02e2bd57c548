// bench_mcp: the MCP host's own cost, beside the official TypeScript SDK client in the same run.
//   start-to-tools: spawn server-everything (stdio), initialize, tools/list;
//   per call: sequential echo calls, wall latency and the client's own CPU time per call;
//   request tokens: the definitions 300 tools add to every request, deferred and not.
// Nothing here asserts; it prints figures (see bench/README.md).
#include "stats.h"

#include "valis/agent/toolregistry.h"
#include "valis/mcp/mcpschema.h"
#include "valis/mcp/mcpserverconnection.h"
#include "valis/mcp/mcptoolnames.h"
#include "valis/tokens/tokencounter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>

#include <sys/resource.h>

using namespace valis;

namespace {

double cpuMs(double *systemMs = nullptr)
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    if (systemMs)
        *systemMs = double(usage.ru_stime.tv_sec) * 1000.0 + double(usage.ru_stime.tv_usec) / 1000.0;
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
           + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

bool waitFor(const std::function<bool()> &condition, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!condition()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    }
    return true;
}

struct Run
{
    double readyMs = 0;
    QList<double> latencies;
    double wallMs = 0;
    double cpuMs = 0;
    double systemMs = -1; ///< the kernel's part of cpuMs (Valis only)
};

std::optional<Run> valisRun(const QString &node, const QString &server, int calls)
{
    McpServerConfig config;
    config.name = QStringLiteral("everything");
    config.command = node;
    config.args = {server, QStringLiteral("stdio")};
    McpConnectionOptions options;
    options.logLevel.clear();
    QElapsedTimer clock;
    clock.start();
    McpServerConnection connection(config, options);
    connection.start();
    if (qEnvironmentVariableIsSet("VALIS_BENCH_PHASES")) {
        QObject::connect(connection.client()->transport(), &McpTransport::opened, [&clock] {
            QTextStream(stderr) << "opened " << double(clock.nsecsElapsed()) / 1e6 << " ms\n";
        });
        QObject::connect(connection.client(), &McpClient::ready, [&clock] {
            QTextStream(stderr) << "initialized " << double(clock.nsecsElapsed()) / 1e6 << " ms\n";
        });
    }
    if (!waitFor([&] { return connection.state() == McpServerConnection::State::Ready || connection.state() == McpServerConnection::State::Failed; }, 60000)
        || connection.state() != McpServerConnection::State::Ready)
        return std::nullopt;
    Run run;
    run.readyMs = double(clock.nsecsElapsed()) / 1e6;
    auto callOnce = [&connection](int i) {
        bool done = false;
        McpRequest *request = connection.client()->request(
            QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("echo")},
                                           {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("call %1").arg(i)}}}});
        QObject::connect(request, &McpRequest::finished, [&done](const McpResponse &) { done = true; });
        waitFor([&done] { return done; }, 30000);
    };
    for (int i = 0; i < 20; ++i)
        callOnce(i);
    double systemBefore = 0;
    const double cpuBefore = cpuMs(&systemBefore);
    QElapsedTimer wall;
    wall.start();
    for (int i = 0; i < calls; ++i) {
        QElapsedTimer one;
        one.start();
        callOnce(i);
        run.latencies.append(double(one.nsecsElapsed()) / 1e6);
    }
    run.wallMs = double(wall.nsecsElapsed()) / 1e6;
    double systemAfter = 0;
    run.cpuMs = cpuMs(&systemAfter) - cpuBefore;
    run.systemMs = systemAfter - systemBefore;
    connection.stop();
    waitFor([&connection] { return connection.state() != McpServerConnection::State::Ready; }, 10000);
    return run;
}

std::optional<Run> sdkRun(const QString &node, const QString &script, const QString &server, int calls)
{
    QProcess process;
    process.start(node, {script, QString::number(calls), node, server, QStringLiteral("stdio")});
    if (!process.waitForFinished(120000) || process.exitCode() != 0)
        return std::nullopt;
    const QJsonObject result = QJsonDocument::fromJson(process.readAllStandardOutput().trimmed().split('\n').last()).object();
    Run run;
    run.readyMs = result.value(QLatin1String("readyMs")).toDouble();
    for (const QJsonValue &value : result.value(QLatin1String("latencies")).toArray())
        run.latencies.append(value.toDouble());
    run.wallMs = result.value(QLatin1String("wallMs")).toDouble();
    run.cpuMs = result.value(QLatin1String("cpuMs")).toDouble();
    return run;
}

/// A provider of `count` tools shaped like the fault server's, for the token figures.
class SyntheticTools : public ToolProvider
{
public:
    explicit SyntheticTools(int count) : m_count(count) {}
    QString id() const override { return QStringLiteral("mcp:many"); }
    QList<ToolSpec> tools() const override
    {
        McpToolNames names;
        QList<ToolSpec> specs;
        const char *domains[] = {"billing", "calendar", "issues", "weather", "search"};
        for (int i = 0; i < m_count; ++i) {
            ToolSpec spec;
            spec.name = names.assign(QStringLiteral("many"), QStringLiteral("tool_%1").arg(i));
            spec.description = QStringLiteral("Synthetic tool number %1 for the %2 domain; it takes a query and a limit and returns matching records.")
                                   .arg(i)
                                   .arg(QLatin1String(domains[i % 5]));
            spec.inputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{"query":{"type":"string","description":"What to look for"},"limit":{"type":"integer","minimum":1,"maximum":100}},"required":["query"]})").object();
            spec.deferrable = true;
            specs.append(spec);
        }
        ToolSpec search;
        search.name = QStringLiteral("search_tools");
        search.description = QStringLiteral("Find tools of the connected MCP servers whose definitions are not loaded, by what you need them for.");
        search.inputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]})").object();
        search.offeredWhenDeferring = true;
        specs.append(search);
        ToolSpec call;
        call.name = QStringLiteral("call_tool");
        call.description = QStringLiteral("Run a tool that search_tools found, with arguments that match its input schema.");
        call.inputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{"name":{"type":"string"},"arguments":{"type":"object"}},"required":["name","arguments"]})").object();
        call.offeredWhenDeferring = true;
        call.routesCalls = true;
        specs.append(call);
        return specs;
    }
    ToolInvocation *invoke(const QString &, const QJsonValue &, const ToolContext &, QObject *) override { return nullptr; }

private:
    int m_count;
};

void printRun(QTextStream &out, const QString &who, const Run &run, int calls)
{
    const LatencySummary summary = LatencySummary::of(run.latencies);
    out << QStringLiteral("  %1 start-to-tools %2 ms; per call %3; client CPU %4 ms per call%5\n")
               .arg(who.leftJustified(12))
               .arg(run.readyMs, 0, 'f', 1)
               .arg(summary.toString())
               .arg(run.cpuMs / double(calls), 0, 'f', 3)
               .arg(run.systemMs >= 0 ? QStringLiteral(" (%1 ms of it in the kernel)").arg(run.systemMs / double(calls), 0, 'f', 3) : QString());
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The MCP host's start-up and per-call cost beside the official TypeScript SDK client."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("calls"), QStringLiteral("Echo calls per client and run (default 500)."), QStringLiteral("n"), QStringLiteral("500")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Runs of each client, alternating (default 3)."), QStringLiteral("n"), QStringLiteral("3")});
    parser.process(app);
    const int calls = parser.value(QStringLiteral("calls")).toInt();
    const int runs = parser.value(QStringLiteral("runs")).toInt();
    QTextStream out(stdout);
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString source = QStringLiteral(VALIS_SOURCE_DIR);
    const QString server = source + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    const QString script = source + QStringLiteral("/bench/mcp/sdkclient.mjs");
    if (node.isEmpty() || !QFile::exists(server)) {
        QTextStream(stderr) << "bench_mcp needs node and node_modules (npm ci)\n";
        return 1;
    }
    out << QStringLiteral("server-everything over stdio, %1 sequential echo calls per run, %2 runs each\n").arg(calls).arg(runs);
    QList<double> valisCpu;
    QList<double> sdkCpu;
    QList<double> valisP50;
    QList<double> sdkP50;
    for (int i = 0; i < runs; ++i) {
        const auto valis = valisRun(node, server, calls);
        const auto sdk = sdkRun(node, script, server, calls);
        if (!valis || !sdk) {
            QTextStream(stderr) << "a run failed (" << (valis ? "sdk" : "valis") << ")\n";
            return 1;
        }
        out << QStringLiteral("run %1\n").arg(i + 1);
        printRun(out, QStringLiteral("valis"), *valis, calls);
        printRun(out, QStringLiteral("sdk client"), *sdk, calls);
        valisCpu.append(valis->cpuMs / calls);
        sdkCpu.append(sdk->cpuMs / calls);
        valisP50.append(LatencySummary::of(valis->latencies).p50);
        sdkP50.append(LatencySummary::of(sdk->latencies).p50);
        out.flush();
    }
    const auto median = [](QList<double> values) { std::sort(values.begin(), values.end()); return values.at(values.size() / 2); };
    out << QStringLiteral("median client CPU per call: valis %1 ms, sdk client %2 ms (valis/sdk %3)\n")
               .arg(median(valisCpu), 0, 'f', 3).arg(median(sdkCpu), 0, 'f', 3).arg(median(valisCpu) / median(sdkCpu), 0, 'f', 2);
    out << QStringLiteral("median p50 latency per call: valis %1 ms, sdk client %2 ms\n")
               .arg(median(valisP50), 0, 'f', 3).arg(median(sdkP50), 0, 'f', 3);

    // Request tokens with 300 MCP tools: every definition in every request, or search_tools.
    SyntheticTools tools(300);
    ToolRegistry registry(QList<ToolProvider *>{&tools});
    const auto counter = TokenCounter::forEncoding(QStringLiteral("o200k_base"));
    if (counter.hasError()) {
        QTextStream(stderr) << counter.error().message << '\n';
        return 1;
    }
    const std::shared_ptr<TokenCounter> tokens = *counter;
    const auto count = [tokens](const QJsonArray &definitions) { return tokens->countToolDefinitions(definitions); };
    registry.applyDeferral(1.0, 128000, count);
    const qint64 all = count(registry.definitions());
    registry.applyDeferral(0.05, 128000, count);
    const qint64 deferred = count(registry.definitions());
    out << QStringLiteral("request tokens for 300 tools (o200k_base): %1 offered directly, %2 deferred behind search_tools (%3 tools sent)\n")
               .arg(all).arg(deferred).arg(registry.definitions().size());
    return 0;
}
