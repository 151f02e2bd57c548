// bench_context: what building a request's view costs in a long session. A synthetic session
// grows turn by turn through the real ContextPipeline with the progressive strategy (each build
// records its compactions, as the Session does), then the figures that matter are measured:
// the build after one new turn (the incremental path every request takes), a full rebuild as a
// reopened session does it with the token counts already cached, and the same without them.
#include "gradientstrategy.h"
#include "progressivestrategy.h"
#include "stats.h"
#include "valis/agent/contextpipeline.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextarchive.h"
#include "valis/context/turnversions.h"
#include "valis/tokens/tokencounter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTextStream>

#include <cstdio>

using namespace valis;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

const QStringList Words = QStringLiteral(
    "the build fails because the linker cannot find symbol main in module parser while tests pass on "
    "configuration release debug cache warm cold request answer tool result file path line column error "
    "warning value index count total session turn context window token budget cached prefix")
                              .split(QLatin1Char(' '));

QString words(QRandomGenerator &random, int count)
{
    QStringList text;
    for (int i = 0; i < count; ++i)
        text << Words.at(random.bounded(int(Words.size())));
    return text.join(QLatin1Char(' '));
}

/// A tool output of about `bytes` bytes: numbered log lines.
QString output(QRandomGenerator &random, int bytes)
{
    QString text;
    text.reserve(bytes + 100);
    for (int line = 1; text.size() < bytes; ++line)
        text += QStringLiteral("%1: %2\n").arg(line).arg(words(random, 8));
    return text;
}

class Session
{
public:
    Session(const ModelInfo &model, std::shared_ptr<TokenCounter> counter, bool useGradient)
        : strategy(useGradient ? static_cast<ContextStrategy *>(&gradient) : &progressive)
    {
        pipeline.setModel(model, 8192);
        pipeline.setStrategies({strategy});
        pipeline.setStrategySettings({{strategy->id(), strategy->defaultSettings()}});
        pipeline.setArchive(archive);
        if (useGradient) {
            // The session's turn versions, made once per turn as a Session stores them.
            std::shared_ptr<TokenCounter> shared = counter;
            versions = std::make_shared<ExtractiveTurnVersions>([shared](const QString &text) {
                Message single;
                single.parts.append(Part::makeText(text));
                return shared->countMessage(single);
            });
            pipeline.setTurnVersions(versions);
        }
        pipeline.setTokenCounter(std::move(counter));
    }

    void add(Message message)
    {
        message.seq = record.size();
        message.id = QStringLiteral("m-%1").arg(record.size(), 8, 10, QLatin1Char('0'));
        record.append(message);
    }

    /// One turn: a request, one tool call and its output, an answer; a build before each model
    /// request. Returns the milliseconds of the build made after the tool result arrived;
    /// `first` gets those of the build made for the request itself.
    double turn(QRandomGenerator &random, int index, double *first = nullptr)
    {
        Message user;
        user.role = Role::User;
        user.turn = index;
        user.parts = {Part::makeText(words(random, 40))};
        add(user);
        const double opening = build(index);
        if (first)
            *first = opening;
        const QString callId = QStringLiteral("call-%1").arg(index);
        Message call;
        call.role = Role::Assistant;
        call.turn = index;
        call.parts = {Part::makeText(words(random, 30)),
                      Part::makeToolCall(callId, QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), words(random, 6)}})};
        add(call);
        // Mostly small outputs, now and then a large one, rarely a huge one (offloaded).
        const int roll = random.bounded(100);
        const int bytes = roll < 80 ? 300 + random.bounded(3000) : roll < 99 ? 8000 + random.bounded(20000) : 150000;
        Message result;
        result.role = Role::Tool;
        result.turn = index;
        Part part = Part::makeToolResultText(callId, output(random, bytes));
        part.toolName = QStringLiteral("exec");
        result.parts = {part};
        add(result);
        const double ms = build(index);
        Message answer;
        answer.role = Role::Assistant;
        answer.turn = index;
        answer.parts = {Part::makeText(words(random, 60))};
        add(answer);
        return ms;
    }

    double build(int turn)
    {
        QElapsedTimer timer;
        timer.start();
        const ContextView view = pipeline.build(record, turn, false);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        for (const CompactionEvent &event : view.compactions) {
            Message recorded = event.toMessage();
            recorded.turn = turn;
            add(recorded);
            ++events;
        }
        lastView = view;
        return ms;
    }

    ProgressiveStrategy progressive;
    GradientStrategy gradient;
    ContextStrategy *strategy;
    std::shared_ptr<ExtractiveTurnVersions> versions;
    ContextPipeline pipeline;
    std::shared_ptr<MemoryContextArchive> archive = std::make_shared<MemoryContextArchive>();
    QList<Message> record;
    ContextView lastView;
    int events = 0;
};

qint64 recordBytes(const QList<Message> &record)
{
    qint64 bytes = 0;
    for (const Message &message : record) {
        for (const Part &part : message.parts) {
            bytes += part.text.size() + part.argumentsJson().size();
            for (const Part &inner : part.content)
                bytes += inner.text.size();
        }
    }
    return bytes;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times building the view of a long session (see bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption turnsOption(QStringLiteral("turns"), QStringLiteral("Turns in the session (default 5000)."),
                                         QStringLiteral("N"), QStringLiteral("5000"));
    const QCommandLineOption sampleOption(QStringLiteral("sample"), QStringLiteral("Turns added and timed at the end (default 50)."),
                                          QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption modelOption(QStringLiteral("model"), QStringLiteral("Model (window, tokenizer; default claude-sonnet-4-5)."),
                                         QStringLiteral("M"), QStringLiteral("claude-sonnet-4-5"));
    const QCommandLineOption strategyOption(QStringLiteral("strategy"), QStringLiteral("progressive (default) or gradient."),
                                            QStringLiteral("S"), QStringLiteral("progressive"));
    parser.addOptions({turnsOption, sampleOption, modelOption, strategyOption});
    parser.process(app);
    const int turns = parser.value(turnsOption).toInt();
    const int sample = parser.value(sampleOption).toInt();

    const ModelInfo model = ModelCatalog::builtIn().lookup(parser.value(modelOption)).model;
    Error warning;
    std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(model, &warning);
    out() << "model " << model.id << ", window " << model.contextWindow << ", counter " << counter->family()
          << (warning.code.isEmpty() ? QString() : QStringLiteral(" (") + warning.message + QLatin1Char(')')) << Qt::endl;

    QRandomGenerator random(20261124);
    const QString strategyName = parser.value(strategyOption);
    if (strategyName != QLatin1String("progressive") && strategyName != QLatin1String("gradient")) {
        out() << "--strategy takes progressive or gradient" << Qt::endl;
        return 2;
    }
    Session session(model, counter, strategyName == QLatin1String("gradient"));
    out() << "strategy " << strategyName << Qt::endl;
    QElapsedTimer grow;
    grow.start();
    for (int t = 1; t <= turns; ++t)
        session.turn(random, t);
    const double growSeconds = double(grow.elapsed()) / 1000.0;
    out() << QStringLiteral("grew %1 turns (%2 messages, %3 MB of text) in %4 s; %5 compaction events; the view is %6 tokens "
                            "(%7 messages)")
                 .arg(turns)
                 .arg(session.record.size())
                 .arg(double(recordBytes(session.record)) * 2 / 1e6, 0, 'f', 1)
                 .arg(growSeconds, 0, 'f', 1)
                 .arg(session.events)
                 .arg(session.lastView.requestTokens)
                 .arg(session.lastView.messages.size())
          << Qt::endl;

    QList<double> incremental;
    QList<double> between;
    QList<double> recalculating;
    for (int t = turns + 1; t <= turns + sample; ++t) {
        double first = 0;
        const double ms = session.turn(random, t, &first);
        incremental.append(ms);
        // The gradient lays its bands out again at the first request of every tenth turn; the
        // other builds only append.
        (t % 10 == 0 ? recalculating : between).append(first);
        between.append(ms);
    }
    out() << "build after one new turn:            " << LatencySummary::of(incremental).toString() << Qt::endl;
    if (session.versions && !between.isEmpty() && !recalculating.isEmpty()) {
        out() << "every build between recalculations: " << LatencySummary::of(between).toString() << Qt::endl;
        out() << "a build recalculating the bands:    " << LatencySummary::of(recalculating).toString() << Qt::endl;
    }

    // A reopened session: a new pipeline over the whole record; counts cached (as the store keeps
    // them) and, for comparison, counted from scratch.
    QList<double> warm;
    QList<double> cold;
    for (int run = 0; run < 3; ++run) {
        for (bool cached : {true, false}) {
            ContextPipeline reopened;
            reopened.setModel(model, 8192);
            reopened.setStrategies({session.strategy});
            reopened.setStrategySettings({{session.strategy->id(), session.strategy->defaultSettings()}});
            if (session.versions)
                reopened.setTurnVersions(session.versions);
            reopened.setArchive(session.archive);
            reopened.setTokenCounter(cached ? counter : TokenCounter::forModel(model));
            QElapsedTimer timer;
            timer.start();
            const ContextView view = reopened.build(session.record, turns + sample + 1, false);
            (cached ? warm : cold).append(double(timer.nsecsElapsed()) / 1e6);
            if (view.messages != session.pipeline.build(session.record, turns + sample + 1, false).messages)
                out() << "MISMATCH: the reopened session's view differs from the running one's" << Qt::endl;
        }
    }
    out() << "full rebuild, counts cached:         " << LatencySummary::of(warm).toString() << Qt::endl;
    out() << "full rebuild, counting from scratch: " << LatencySummary::of(cold).toString() << Qt::endl;
    return 0;
}
