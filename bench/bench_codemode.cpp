// run_script's engine: start-up (the first script of a process, then a warm engine) and the
// overhead of one tool call inside a script, with a tool that answers at once. Targets: start
// under 20 ms, under 1 ms per call. Prints figures; asserts nothing.
#include "scriptrun.h"
#include "stats.h"

#include "valis/plugins/toolcaller.h"
#include "valis/record/part.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>

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

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    InstantCaller caller;
    bool ok = false;

    const double cold = timeScript(caller, QStringLiteral("return 1;"), &ok);
    std::printf("engine start-up, first script of the process (JS_Init + context): %.1f ms\n", cold);

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
