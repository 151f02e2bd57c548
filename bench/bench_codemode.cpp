// run_script's engine: start-up (the first script of a process, then a warm engine) and the
// overhead of one tool call inside a script, with a tool that answers at once. Targets: start
// under 20 ms, under 1 ms per call. The cold start is measured in fresh processes (this binary
// run again with --cold-start), without the self-hosted code cache, writing it, and reading it,
// with where the time went. Prints figures; asserts nothing.
#include "enginepool.h"
#include "scriptrun.h"
#include "stats.h"

#include "valis/plugins/toolcaller.h"
#include "valis/record/part.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <QDir>

#include <cstdio>
#include <functional>

using namespace valis;
using namespace valis::codemode;

namespace {

class InstantCall : public NestedToolCall
{
public:
    InstantCall(const QString &callId, QObject *parent) : NestedToolCall(parent), m_callId(callId)
    {
        QTimer::singleShot(0, this, [this] { Q_EMIT finished(Part::makeToolResultText(m_callId, QStringLiteral("ok"))); });
    }
    QString callId() const override { return m_callId; }
    void cancel() override {}

private:
    QString m_callId;
};

// One tool, `noop`, that answers "ok" on the next event loop turn.
class InstantCaller : public ToolCaller
{
public:
    QList<ToolSpec> tools() const override
    {
        ToolSpec spec;
        spec.name = QStringLiteral("noop");
        return {spec};
    }
    NestedToolCall *call(const QString &parentCallId, const QString &, const QJsonValue &, QObject *parent) override
    {
        return new InstantCall(parentCallId + QLatin1Char('.') + QString::number(++m_calls), parent);
    }

private:
    int m_calls = 0;
};

// Milliseconds from start() to finished(), and whether it succeeded.
double timeScript(ToolCaller &caller, const QString &code, bool *ok)
{
    ScriptLimits limits;
    limits.maxToolCalls = 100000;
    ScriptRun run(&caller, QStringLiteral("bench"), code, limits);
    QEventLoop loop;
    ScriptOutcome result;
    QObject::connect(&run, &ScriptRun::finished, &loop, [&](const ScriptOutcome &outcome) {
        result = outcome;
        loop.quit();
    });
    QElapsedTimer timer;
    timer.start();
    run.start();
    loop.exec();
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    *ok = result.ok;
    if (!result.ok)
        std::fprintf(stderr, "script failed: %s\n", qPrintable(result.error));
    return ms;
}

// In a fresh process: the first script, with the cache in `directory` (empty: none). Prints
// one line: total, JS_Init, JS_NewContext, InitSelfHostedCode, first global, from-cache.
int coldStart(const QString &directory)
{
    InstantCaller caller;
    bool ok = false;
    EnginePool::instance().setCacheDirectory(directory);
    const double total = timeScript(caller, QStringLiteral("return 1;"), &ok);
    const EngineStartup startup = EnginePool::instance().startup();
    std::printf("%.2f %.2f %.2f %.2f %.2f %d\n", total, startup.initMs, startup.contextMs, startup.selfHostedMs, startup.firstGlobalMs,
                startup.selfHostedFromCache ? 1 : 0);
    return ok ? 0 : 1;
}

struct ColdFigures
{
    QList<double> total, init, context, selfHosted, global;
    int fromCache = 0;
};

// Runs this binary `runs` times with --cold-start; `prepare` runs before each.
ColdFigures coldRuns(int runs, const QString &directory, const std::function<void()> &prepare = {})
{
    ColdFigures figures;
    for (int i = 0; i < runs; ++i) {
        if (prepare)
            prepare();
        QProcess process;
        process.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--cold-start"), directory});
        process.waitForFinished(60000);
        const QList<QByteArray> fields = process.readAllStandardOutput().trimmed().split(' ');
        if (fields.size() != 6) {
            std::fprintf(stderr, "cold start run failed: %s\n", process.readAllStandardError().constData());
            continue;
        }
        figures.total << fields.at(0).toDouble();
        figures.init << fields.at(1).toDouble();
        figures.context << fields.at(2).toDouble();
        figures.selfHosted << fields.at(3).toDouble();
        figures.global << fields.at(4).toDouble();
        figures.fromCache += fields.at(5).toInt();
    }
    return figures;
}

void printCold(const char *what, const ColdFigures &f)
{
    if (f.total.isEmpty())
        return;
    std::printf("%s (%lld processes, %d from the cache): first script p50 %.1f ms (max %.1f); JS_Init %.1f, JS_NewContext %.1f, "
                "InitSelfHostedCode %.1f, first global %.1f ms (p50s)\n",
                what, qlonglong(f.total.size()), f.fromCache, LatencySummary::of(f.total).p50, LatencySummary::of(f.total).max,
                LatencySummary::of(f.init).p50, LatencySummary::of(f.context).p50, LatencySummary::of(f.selfHosted).p50,
                LatencySummary::of(f.global).p50);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() >= 2 && arguments.at(1) == QLatin1String("--cold-start"))
        return coldStart(arguments.value(2));

    QTemporaryDir cacheDir;
    const QString cache = cacheDir.filePath(QStringLiteral("codemode"));
    constexpr int ColdRuns = 7;
    std::printf("engine start-up, first script of a fresh process (target < 20 ms):\n");
    printCold("  without the self-hosted cache", coldRuns(ColdRuns, {}));
    printCold("  cache missing (parse, then write it)", coldRuns(ColdRuns, cache, [&cache] { QDir(cache).removeRecursively(); }));
    printCold("  cache present (decode)", coldRuns(ColdRuns, cache));

    InstantCaller caller;
    bool ok = false;
    EnginePool::instance().setCacheDirectory(cache);
    const double cold = timeScript(caller, QStringLiteral("return 1;"), &ok);
    std::printf("first script of this process (cache present): %.1f ms\n", cold);

    QList<double> warm;
    for (int i = 0; i < 50; ++i)
        warm.append(timeScript(caller, QStringLiteral("return 1;"), &ok));
    const LatencySummary startup = LatencySummary::of(warm);
    std::printf("script start-up, warm engine (new global, compile, run, result): p50 %.2f ms, p90 %.2f ms, max %.2f ms (target < 20 ms)\n",
                startup.p50, startup.p90, startup.max);

    for (int calls : {100, 1000}) {
        const QString sequential = QStringLiteral("for (let i = 0; i < %1; ++i) await tools.noop({i}); return 'done';").arg(calls);
        const QString parallel = QStringLiteral("const all = []; for (let i = 0; i < %1; ++i) all.push(tools.noop({i}));\n"
                                                "await Promise.all(all); return 'done';")
                                     .arg(calls);
        const double base = timeScript(caller, QStringLiteral("return 'done';"), &ok);
        const double seq = timeScript(caller, sequential, &ok);
        const double par = timeScript(caller, parallel, &ok);
        std::printf("%d tool calls: one after another %.3f ms per call; all at once %.3f ms per call (target < 1 ms)\n", calls,
                    (seq - base) / calls, (par - base) / calls);
    }
    return 0;
}
