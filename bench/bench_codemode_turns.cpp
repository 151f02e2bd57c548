// Model requests and input tokens for the code-mode task (read three files, grep, edit,
// run the tests), done through the real valis-cli run against the local provider server: as six
// direct tool calls, one model turn each, and as one run_script. Tokens are counted from the
// request bodies the provider received, with the harness's exact o200k_base counter (the JSON
// of the tools, the system prompt and each message, as sent); the part of a request that
// repeats the previous request's start (tools, system prompt, then whole messages) is what a
// prompt cache could serve. The billed figure weighs tokens as Anthropic prices them against
// plain input: new input as cache writes (x1.25), repeated input as cache reads (x0.1), output
// x5 (Claude Sonnet). Prints figures; asserts nothing.
#include "scriptedtask.h"
#include "testsupport.h"

#include "valis/tokens/tokencounter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cstdio>

using namespace valis;
using namespace valis::test;
using namespace valis::test::codemode;

namespace {

struct Figures
{
    int requests = 0;
    qint64 input = 0;     ///< every request's tokens
    qint64 repeated = 0;  ///< of which the previous request's prefix (cacheable)
    qint64 output = 0;    ///< what the model wrote: tool calls and the answer
    bool ok = false;
};

// A request in the order a prompt cache reads it: tools, system prompt, then each message,
// each as its compact JSON.
QList<QByteArray> cacheOrder(const QByteArray &body)
{
    const QJsonObject request = QJsonDocument::fromJson(body).object();
    const auto compact = [](const QJsonValue &value) {
        if (value.isArray())
            return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
        if (value.isObject())
            return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
        return value.toString().toUtf8();
    };
    QList<QByteArray> parts{compact(request.value(QLatin1String("tools"))), compact(request.value(QLatin1String("system")))};
    for (const QJsonValue &message : request.value(QLatin1String("messages")).toArray())
        parts << compact(message);
    return parts;
}

Figures measure(const TokenCounter &counter, TaskMode mode)
{
    TemporaryHome home;
    const QString workspace = makeProject(home.filePath(QStringLiteral("projects")), QStringLiteral("work"));
    const TaskRun run = runTask(home.path(), workspace, mode);
    Figures figures;
    figures.ok = run.cli.exitCode == 0 && run.unexpectedRequests == 0 && workspaceContents(workspace).contains("$(( $1 + $2 ))");
    if (!figures.ok)
        std::fprintf(stderr, "the run failed: %s\n", QByteArray(run.cli.err + run.cli.out).left(2000).constData());
    figures.requests = int(run.requests.size());
    QList<QByteArray> previous;
    for (const CapturedRequest &request : run.requests) {
        const QList<QByteArray> parts = cacheOrder(request.body);
        bool same = true;
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const qint64 tokens = counter.countText(QString::fromUtf8(parts.at(i)));
            figures.input += tokens;
            same = same && i < previous.size() && previous.at(i) == parts.at(i);
            if (same)
                figures.repeated += tokens;
        }
        previous = parts;
    }
    for (const QString &text : run.modelOutputs)
        figures.output += counter.countText(text);
    return figures;
}

double reduction(double before, double after)
{
    return before > 0 ? 100.0 * (before - after) / before : 0.0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    Result<std::shared_ptr<TokenCounter>> counter = TokenCounter::forEncoding(QStringLiteral("o200k_base"));
    if (!counter.ok()) {
        std::fprintf(stderr, "no token counter: %s\n", qPrintable(counter.error().message));
        return 1;
    }
    const Figures direct = measure(**counter, TaskMode::Direct);
    const Figures script = measure(**counter, TaskMode::Script);
    std::printf("task: read 3 files, grep, edit, run the tests (valis-cli run, scripted provider, bwrap); tokens: o200k_base of each request's tools, system prompt and messages\n");
    for (const auto &[name, f] : {std::pair{"direct calls", direct}, std::pair{"run_script  ", script}}) {
        std::printf("%s: %d model requests, input %lld tokens (%lld repeat the previous request's start, %lld new), output %lld tokens%s\n",
                    name, f.requests, qlonglong(f.input), qlonglong(f.repeated), qlonglong(f.input - f.repeated), qlonglong(f.output),
                    f.ok ? "" : " [RUN FAILED]");
    }
    const auto billed = [](const Figures &f) { return 1.25 * double(f.input - f.repeated) + 0.1 * double(f.repeated) + 5.0 * double(f.output); };
    std::printf("billed, in input-token equivalents (new x1.25, cached x0.1, output x5): direct %.0f, run_script %.0f, reduction %.0f%%\n",
                billed(direct), billed(script), reduction(billed(direct), billed(script)));
    std::printf("reduction with run_script: requests %.0f%%, input tokens %.0f%%, new (uncached) input tokens %.0f%%, output tokens %.0f%%\n",
                reduction(direct.requests, script.requests), reduction(double(direct.input), double(script.input)),
                reduction(double(direct.input - direct.repeated), double(script.input - script.repeated)),
                reduction(double(direct.output), double(script.output)));
    return direct.ok && script.ok ? 0 : 1;
}
