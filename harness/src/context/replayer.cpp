#include "valis/context/replayer.h"

#include "context/replayfacts.h"
#include "context/replayitems.h"
#include "context/replayviews.h"
#include "valis/agent/contextpipeline.h"
#include "valis/agent/systemprompt.h"
#include "valis/context/compactionevent.h"
#include "valis/context/turnversions.h"
#include "valis/import/transcriptimporter.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/record/recordjson.h"
#include "valis/store/sessionstore.h"
#include "valis/tokens/tokencounter.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDate>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Replayer)
};

constexpr int MaxWarningNotes = 8;

// A realistic AGENTS.md of a mid-sized repository (about 1.5 KB): build and test commands,
// conventions, what not to touch.
const char SampleAgentsMdText[] = R"(# AGENTS.md

## Project
A web service in Elixir/Phoenix with a TypeScript front end. The back end lives in `lib/`,
the front end in `assets/`, database migrations in `priv/repo/migrations/`.

## Build and test
- Install: `mix deps.get && npm ci --prefix assets`
- Compile with warnings as errors: `mix compile --warnings-as-errors`
- Tests: `mix test` (all), `mix test test/path_test.exs:42` (one). Run the tests of every file you
  change before you say a task is done; run the whole suite before a commit.
- Front end: `npm run lint --prefix assets` and `npm test --prefix assets`.
- Format: `mix format` and `npm run format --prefix assets`; CI rejects unformatted code.

## Conventions
- Contexts own their schemas: call `Accounts.get_user!/1`, never `Repo.get!(User, id)` outside
  `lib/app/accounts/`.
- Every public function has a `@doc` and a typespec. No `IO.inspect` left in committed code.
- Migrations are append-only: never edit one that is on `main`; write a new one.
- Feature flags go through `App.Flags`; do not read the environment directly.
- User-facing strings go through Gettext (`gettext/1`), in English first.

## Git
- Branch names: `<issue-id>-short-description`. One logical change per commit, imperative subject
  line under 72 characters, the issue id in the body.
- Never force-push `main`, never commit secrets or `.env` files, never run `mix ecto.reset`
  against anything but your local database.

## When unsure
Ask before deleting files, changing the database schema or adding a dependency. Prefer the
smallest change that solves the issue; leave unrelated code alone.
)";

/// Canonical bytes (digested) and tokens of view messages, cached for as long as a message stays
/// the same object (a message a strategy changed has new parts).
class MessageDigests
{
public:
    explicit MessageDigests(std::shared_ptr<TokenCounter> counter) : m_counter(std::move(counter)) {}

    struct Digest
    {
        QByteArray sha;
        qint64 tokens = 0;
    };

    Digest of(const Message &message)
    {
        const auto found = m_cache.constFind(message.id);
        if (found != m_cache.cend() && found->held.parts.constData() == message.parts.constData()
            && found->held.parts.size() == message.parts.size() && found->held.role == message.role)
            return found->digest;
        Digest digest;
        const QByteArray bytes = QJsonDocument(recordjson::toJson(message)).toJson(QJsonDocument::Compact);
        digest.sha = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
        digest.tokens = m_counter->countMessage(message);
        // The copy keeps the parts alive, so their address cannot be reused by another message.
        m_cache.insert(message.id, Entry{message, digest});
        return digest;
    }

private:
    struct Entry
    {
        Message held;
        Digest digest;
    };
    std::shared_ptr<TokenCounter> m_counter;
    QHash<QString, Entry> m_cache;
};

/// USD per token.
struct UnitPrices
{
    double input = 0;
    double output = 0;
    double cacheWrite = 0;
    double cacheRead = 0;
};

class PriceBook
{
public:
    PriceBook(const ModelInfo &model, QStringList *notes) : m_model(model), m_notes(notes) {}

    UnitPrices at(qint64 promptTokens)
    {
        Usage usage;
        usage.inputTokens = promptTokens;
        const ModelPrices prices = m_model.pricesFor(usage);
        UnitPrices unit;
        if (!prices.input)
            note(Text::tr("%1 has no known input price: its input is counted at $0").arg(m_model.id));
        unit.input = prices.input.value_or(0) / 1e6;
        if (!prices.output)
            note(Text::tr("%1 has no known output price: its answers are counted at $0").arg(m_model.id));
        unit.output = prices.output.value_or(0) / 1e6;
        if (!prices.cacheWrite)
            note(Text::tr("%1 has no known cache-write price: the input price is used").arg(m_model.id));
        unit.cacheWrite = prices.cacheWrite ? *prices.cacheWrite / 1e6 : unit.input;
        if (!prices.cacheRead)
            note(Text::tr("%1 has no known cache-read price: the input price is used").arg(m_model.id));
        unit.cacheRead = prices.cacheRead ? *prices.cacheRead / 1e6 : unit.input;
        return unit;
    }

private:
    void note(const QString &text)
    {
        if (!m_notes->contains(text))
            m_notes->append(text);
    }
    ModelInfo m_model;
    QStringList *m_notes;
};

QString firstModel(const QList<Message> &messages)
{
    for (const Message &message : messages) {
        if (message.role == Role::Assistant && !message.model.isEmpty())
            return message.model;
    }
    return {};
}

QDate transcriptDate(const SessionInfo &info, const QList<Message> &messages)
{
    if (info.createdAt.isValid())
        return info.createdAt.toUTC().date();
    for (const Message &message : messages) {
        if (message.createdAt.isValid())
            return message.createdAt.toUTC().date();
    }
    return QDate(2025, 1, 1);
}

} // namespace

Replayer::Replayer(ModelCatalog catalog) : m_catalog(std::move(catalog)) {}

QString Replayer::sampleAgentsMd()
{
    return QString::fromUtf8(SampleAgentsMdText);
}

QJsonArray Replayer::toolDefinitions(const QList<Message> &messages)
{
    QMap<QString, QStringList> keys;
    for (const Message &message : messages) {
        for (const Part &part : message.parts) {
            if (part.kind != PartKind::ToolCall || part.toolName.isEmpty())
                continue;
            QStringList &names = keys[part.toolName];
            if (part.arguments.isObject()) {
                const QJsonObject arguments = part.arguments.toObject();
                for (auto it = arguments.constBegin(); it != arguments.constEnd(); ++it) {
                    if (!names.contains(it.key()))
                        names.append(it.key());
                }
            }
        }
    }
    QJsonArray tools;
    for (auto it = keys.constBegin(); it != keys.constEnd(); ++it) {
        QJsonObject properties;
        for (const QString &key : it.value())
            properties.insert(key, QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                               {QStringLiteral("description"), QStringLiteral("The %1.").arg(key)}});
        tools.append(QJsonObject{
            {QStringLiteral("name"), it.key()},
            {QStringLiteral("description"), QStringLiteral("The %1 tool of the recorded session; see its arguments.").arg(it.key())},
            {QStringLiteral("input_schema"),
             QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), properties}}}});
    }
    return tools;
}

Result<ReplayReport> Replayer::replay(const SessionInfo &info, const QList<Message> &messages, ContextStrategy *strategy,
                                      const ReplayOptions &options) const
{
    QElapsedTimer timer;
    timer.start();
    ReplayReport report;
    report.sessionId = info.id;
    report.title = info.title;
    report.format = info.originKind;
    report.strategy = strategy ? strategy->id() : QStringLiteral("none");
    if (!options.dumpViewsDir.isEmpty()) {
        const Result<void> ready = prepareViewDump(options.dumpViewsDir);
        if (ready.hasError())
            return ready.error();
        report.viewsDir = options.dumpViewsDir;
    }

    // The record: the transcript without an earlier run's context entries, turns numbered when
    // the caller did not store it first.
    bool numberTurns = false;
    for (const Message &message : messages)
        numberTurns = numberTurns || message.turn < 0;
    QList<Message> transcript;
    transcript.reserve(messages.size());
    QStringList systemTexts;
    int laterSystem = 0;
    bool started = false;
    int turn = 0;
    int answers = 0;
    for (const Message &original : messages) {
        if (isContextControlMessage(original))
            continue;
        Message message = original;
        if (message.id.isEmpty())
            message.id = QStringLiteral("replay-%1").arg(transcript.size());
        if (numberTurns) {
            if (message.startsTurn())
                ++turn;
            message.turn = turn;
        }
        if (message.role == Role::System) {
            // The transcript's own instructions lead it; System entries later on (a terminal's
            // output, a compaction marker) are never part of a view, as in a Session.
            const QString text = message.text().trimmed();
            if (!text.isEmpty() && started)
                ++laterSystem;
            else if (!text.isEmpty())
                systemTexts.append(text);
        } else {
            started = true;
        }
        answers += message.role == Role::Assistant ? 1 : 0;
        transcript.append(message);
    }
    if (laterSystem > 0)
        report.notes.append(Text::tr("%n System message(s) inside the conversation are not sent (views never hold System "
                                     "messages)",
                                     nullptr, laterSystem));
    if (answers == 0)
        return Error(QStringLiteral("replay.no-answers"),
                     Text::tr("the session %1 has no model answers, so there is no request to replay").arg(info.id));

    // The model: prices, tokenizer, window.
    QString modelName = options.model;
    if (modelName.isEmpty())
        modelName = firstModel(transcript);
    if (modelName.isEmpty())
        modelName = info.model;
    ModelMatch match = m_catalog.lookup(modelName);
    if (modelName.isEmpty()) {
        match = m_catalog.lookup(QString::fromLatin1(DefaultModel));
        report.notes.append(Text::tr("the transcript names no model; %1 is assumed for prices and tokens").arg(match.model.id));
    } else if (!match.isKnown()) {
        const ModelMatch fallback = m_catalog.lookup(QString::fromLatin1(DefaultModel));
        report.notes.append(Text::tr("the model \"%1\" is not in the catalogue; %2 is assumed for prices and tokens")
                                .arg(modelName, fallback.model.id));
        match = fallback;
    }
    ModelInfo model = match.model;
    if (options.contextWindow > 0)
        model.contextWindow = options.contextWindow;
    if (model.contextWindow <= 0)
        model.contextWindow = ModelCatalog::FallbackContextWindow;
    report.model = model.id;
    report.contextWindow = model.contextWindow;
    // The answer's room: what was asked, else a typical max_tokens (the model's limit when
    // lower): a replay shrinks the window, the answers do not grow with the model's limit.
    const qint64 modelOutput = model.maxOutputTokens > 0 ? model.maxOutputTokens : ModelCatalog::FallbackMaxOutputTokens;
    const qint64 maxOutput = options.maxOutputTokens > 0 ? options.maxOutputTokens : qMin(modelOutput, DefaultMaxOutputTokens);
    report.outputReserve = qMin(maxOutput, model.contextWindow / 2);

    Error counterWarning;
    std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(model, &counterWarning);
    if (!counterWarning.code.isEmpty())
        report.notes.append(Text::tr("tokens are estimated: %1").arg(counterWarning.message));
    report.tokenizer = counter->family();

    // What every request carries besides the view: the system prompt in the Session's order
    // (default prompt, the transcript's own instructions, the strategy's section, AGENTS.md) and
    // the tools the transcript used.
    const QString agentsMd = options.agentsMd.value_or(sampleAgentsMd());
    report.agentsMdBytes = agentsMd.toUtf8().size();
    Message system = defaultSystemPrompt(options.workspace);
    QString base = system.text();
    // The date of the transcript, not of the run: a replay gives the same figures every day.
    base.replace(QDate::currentDate().toString(Qt::ISODate), transcriptDate(info, transcript).toString(Qt::ISODate));
    QStringList sections{base};
    if (!systemTexts.isEmpty())
        sections.append(systemTexts.join(QStringLiteral("\n\n")));
    if (strategy) {
        const QString section = strategy->systemPromptSection().trimmed();
        if (!section.isEmpty())
            sections.append(section);
    }
    if (!agentsMd.isEmpty())
        sections.append(QStringLiteral("# Instructions from AGENTS.md files\n\n## AGENTS.md\n\n") + agentsMd);
    system = systemPrompt(sections.join(QStringLiteral("\n\n")));
    const QString systemText = system.text();
    const QJsonArray tools = toolDefinitions(transcript);
    report.toolDefinitions = int(tools.size());
    report.fixedTokens = counter->countSystemPrompt(system) + counter->countToolDefinitions(tools);

    // The pipeline, set up as a Session sets up its own.
    ContextPipeline pipeline;
    pipeline.setModel(model, maxOutput);
    pipeline.setTokenCounter(counter);
    pipeline.setSession(info.id.isEmpty() ? QStringLiteral("replay") : info.id, QStringLiteral("replay"));
    auto archive = std::make_shared<ReplayArchive>();
    pipeline.setArchive(archive);
    pipeline.setSummariesAvailable(false);
    // No provider applies server-side context editing here: those strategies model it.
    pipeline.setSimulateServerSide(true);
    pipeline.setFixedTokens(report.fixedTokens);
    // Turn versions kept across builds, as a session's store keeps them; extractive, since a
    // replay calls no model.
    pipeline.setTurnVersions(std::make_shared<ExtractiveTurnVersions>([counter](const QString &text) {
        Message single;
        single.parts.append(Part::makeText(text));
        return counter->countMessage(single);
    }));
    if (strategy) {
        QJsonObject settings = strategy->defaultSettings();
        const QJsonObject own = options.strategySettings.value(strategy->id());
        for (auto it = own.constBegin(); it != own.constEnd(); ++it)
            settings.insert(it.key(), it.value());
        pipeline.setStrategies({strategy});
        pipeline.setStrategySettings({{strategy->id(), settings}});
    }

    QHash<QString, QString> captured;
    QHash<QString, int> recordIndexOf;
    for (int i = 0; i < transcript.size(); ++i) {
        recordIndexOf.insert(transcript.at(i).id, i);
        for (const Part &part : transcript.at(i).parts) {
            if (part.kind == PartKind::ToolResult && part.captured.isCaptured())
                captured.insert(part.captured.key, part.resultText());
        }
    }
    replay::ItemTracker items(*archive, captured);
    replay::FactTracker facts(transcript, options.facts);
    report.factsTracked = facts.tracked();
    report.factsRecentRequests = options.facts.recentRequests;
    double visibleSum = 0;
    double reachableSum = 0;
    MessageDigests digests(counter);
    PriceBook prices(model, &report.notes);
    QList<QByteArray> previous;
    bool havePrevious = false;
    QHash<QString, int> syntheticEnd; ///< replacement messages -> the span they stand for
    int spanEnd = -1;
    int handedToTracker = 0;
    QSet<QString> warned;
    int warnings = 0;
    QList<Message> record;
    record.reserve(transcript.size() * 2);
    QList<Message> lastView;

    for (int i = 0; i < transcript.size(); ++i) {
        const Message &message = transcript.at(i);
        if (message.role != Role::Assistant) {
            record.append(message);
            continue;
        }
        for (; handedToTracker < i; ++handedToTracker) {
            if (transcript.at(handedToTracker).role != Role::System)
                items.addMessage(transcript.at(handedToTracker), handedToTracker);
        }

        ContextView view = pipeline.build(record, message.turn, false);
        // Recorded before the answer, as the Session does, so the next build starts from them.
        for (const CompactionEvent &event : std::as_const(view.compactions))
            record.append(event.toMessage());
        for (const Error &warning : std::as_const(view.warnings)) {
            ++warnings;
            if (warned.size() < MaxWarningNotes && !warned.contains(warning.code)) {
                warned.insert(warning.code);
                report.notes.append(Text::tr("pipeline warning: %1").arg(warning.message));
            }
        }

        ReplayRequest row;
        row.recordIndex = i;
        row.messageId = message.id;
        row.turn = message.turn;
        row.viewMessages = int(view.messages.size());
        row.requestTokens = view.requestTokens;
        const qint64 recorded = message.usage.outputTokens;
        // Claude Code logs usage while the answer streams: a count larger than the log wins.
        row.outputTokens = qMax(recorded, counter->countMessage(message));
        row.windowShare = double(row.requestTokens) / double(model.contextWindow);
        row.overflow = row.requestTokens + row.outputTokens > model.contextWindow;

        if (!options.dumpViewsDir.isEmpty()) {
            replay::ViewFile file;
            file.number = int(report.requests.size()) + 1;
            file.header = QJsonObject{{QStringLiteral("session"), info.id},
                                      {QStringLiteral("strategy"), report.strategy},
                                      {QStringLiteral("model"), report.model},
                                      {QStringLiteral("contextWindow"), report.contextWindow},
                                      {QStringLiteral("outputReserve"), report.outputReserve},
                                      {QStringLiteral("fixedTokens"), report.fixedTokens},
                                      {QStringLiteral("recordIndex"), i},
                                      {QStringLiteral("messageId"), message.id},
                                      {QStringLiteral("turn"), message.turn}};
            file.systemPrompt = systemText;
            file.tools = tools;
            file.view = &view;
            const Result<void> written = replay::writeViewFile(options.dumpViewsDir, file);
            if (written.hasError())
                return written.error();
        }

        // The prompt cache: whole messages identical to the previous request's, from the start.
        // Boards sit after the cached prefix: written every time, never read, never an
        // invalidation when they change.
        const qsizetype beforeBoards = view.messages.size() - qBound(0, view.boardMessages, int(view.messages.size()));
        QList<QByteArray> current;
        current.reserve(beforeBoards);
        qint64 commonTokens = 0;
        int common = 0;
        bool samePrefix = havePrevious;
        for (qsizetype m = 0; m < beforeBoards; ++m) {
            const MessageDigests::Digest digest = digests.of(view.messages.at(m));
            current.append(digest.sha);
            if (samePrefix && common < previous.size() && previous.at(common) == digest.sha) {
                commonTokens += digest.tokens;
                ++common;
            } else {
                samePrefix = false;
            }
        }
        row.cacheReadTokens = havePrevious ? qMin(row.requestTokens, report.fixedTokens + commonTokens) : 0;
        row.cacheWriteTokens = qMax<qint64>(0, row.requestTokens - row.cacheReadTokens);
        row.invalidated = havePrevious && common < previous.size();
        previous = current;
        havePrevious = true;

        const UnitPrices unit = prices.at(row.requestTokens);
        row.inputCostUsd = double(row.cacheReadTokens) * unit.cacheRead + double(row.cacheWriteTokens) * unit.cacheWrite;
        row.outputCostUsd = double(row.outputTokens) * unit.output;

        for (const CompactionEvent &event : std::as_const(view.compactions)) {
            for (const ViewEdit &edit : event.edits) {
                if (edit.kind != ViewEdit::Kind::ReplacePrefix)
                    continue;
                const int end = recordIndexOf.contains(edit.lastMessageId) ? recordIndexOf.value(edit.lastMessageId)
                                                                          : syntheticEnd.value(edit.lastMessageId, -1);
                spanEnd = qMax(spanEnd, end);
                for (const Message &replacement : edit.messages) {
                    if (!recordIndexOf.contains(replacement.id))
                        syntheticEnd.insert(replacement.id, end);
                }
            }
            if (event.action == QLatin1String("summary-prepared"))
                continue;
            ++row.compactions;
            row.actions.append(event.action);
            const QJsonObject call = event.state.value(QLatin1String("summaryCall")).toObject();
            if (!call.isEmpty()) {
                const qint64 input = call.value(QLatin1String("inputTokens")).toInteger();
                const qint64 cached = qBound<qint64>(0, call.value(QLatin1String("cachedInputTokens")).toInteger(), input);
                const qint64 output = call.value(QLatin1String("outputTokens")).toInteger();
                const UnitPrices at = prices.at(input);
                // A continuation reads its prefix from the cache and writes the rest; a fresh
                // prompt pays the plain input price.
                row.summaryCostUsd += double(cached) * at.cacheRead + double(input - cached) * (cached > 0 ? at.cacheWrite : at.input)
                                      + double(output) * at.output;
                row.summaryInputTokens += input;
                row.summaryOutputTokens += output;
                ++report.summaryCalls;
            }
        }
        row.agentsMdIntact = agentsMd.isEmpty() || systemText.contains(agentsMd);

        const replay::ItemTracker::Step step = items.observe(view.messages, spanEnd);
        row.itemsRemoved = step.removed;
        row.itemsRecoverable = step.recoverable;
        const replay::FactTracker::Step seen = facts.observe(view.messages, i);
        row.oldFacts = seen.old;
        row.oldFactsVisible = seen.visible;
        row.oldFactsReachable = seen.reachable;
        if (seen.old > 0) {
            ++report.factsMeasuredRequests;
            visibleSum += *row.oldFactsVisibleShare();
            reachableSum += *row.oldFactsReachableShare();
        }

        report.inputTokens += row.requestTokens;
        report.cacheReadTokens += row.cacheReadTokens;
        report.cacheWriteTokens += row.cacheWriteTokens;
        report.outputTokens += row.outputTokens;
        if (row.requestTokens > report.peakTokens) {
            report.peakTokens = row.requestTokens;
            report.peakShare = row.windowShare;
        }
        report.overflows += row.overflow ? 1 : 0;
        report.invalidations += row.invalidated ? 1 : 0;
        report.compactions += row.compactions;
        for (const QString &action : std::as_const(row.actions))
            report.actions[action] += 1;
        report.summaryInputTokens += row.summaryInputTokens;
        report.summaryOutputTokens += row.summaryOutputTokens;
        report.inputCostUsd += row.inputCostUsd;
        report.outputCostUsd += row.outputCostUsd;
        report.summaryCostUsd += row.summaryCostUsd;
        report.agentsMdMissing += row.agentsMdIntact ? 0 : 1;
        report.requests.append(row);
        lastView = view.messages;

        record.append(message);
    }
    if (warnings > MaxWarningNotes)
        report.notes.append(Text::tr("%n pipeline warning(s) in all", nullptr, warnings));

    if (report.factsMeasuredRequests > 0) {
        report.oldFactsVisible = visibleSum / report.factsMeasuredRequests;
        report.oldFactsReachable = reachableSum / report.factsMeasuredRequests;
    }
    report.oldFactsVisibleAtLast = report.requests.constLast().oldFactsVisibleShare();
    report.oldFactsReachableAtLast = report.requests.constLast().oldFactsReachableShare();
    items.finish(lastView);
    report.itemsTracked = items.tracked();
    report.itemsRemoved = items.removed();
    report.itemsRecoverable = items.recoverable();
    report.itemsRemovedOutsideSummaries = items.removedOutsideSummaries();
    report.itemsRecoverableOutsideSummaries = items.recoverableOutsideSummaries();
    if (options.keepRecord)
        report.record = record;
    report.wallMs = timer.elapsed();
    return report;
}

Result<QList<ReplaySession>> importForReplay(const QString &path, const QString &scratchDir, QStringList *notes)
{
    const QFileInfo file(path);
    if (!file.exists())
        return Error(QStringLiteral("replay.no-file"), Text::tr("%1 does not exist").arg(path));
    if (file.isDir())
        return Error(QStringLiteral("replay.not-a-file"), Text::tr("%1 is a folder; name one transcript file").arg(path));
    if (!file.isReadable())
        return Error(QStringLiteral("replay.unreadable"), Text::tr("%1 cannot be read (no permission)").arg(path));
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = importers.read(path);
    if (transcript.hasError())
        return transcript.error();
    if (!QDir().mkpath(scratchDir))
        return Error(QStringLiteral("replay.scratch"), Text::tr("cannot create the folder %1").arg(scratchDir));
    Result<std::unique_ptr<SessionStore>> store =
        SessionStore::open(QDir(scratchDir).filePath(QStringLiteral("replay.db")), QDir(scratchDir).filePath(QStringLiteral("blobs")));
    if (store.hasError())
        return store.error();
    const Result<ImportReport> imported = store.value()->importTranscript(transcript.value());
    if (imported.hasError())
        return imported.error();
    if (notes)
        *notes += imported->notes;
    QList<ReplaySession> parents;
    QList<ReplaySession> children;
    for (const ImportedSessionReport &session : imported->sessions) {
        ReplaySession replay;
        const Result<SessionInfo> info = store.value()->session(session.sessionId);
        if (info.hasError())
            return info.error();
        Result<QList<Message>> stored = store.value()->messages(session.sessionId);
        if (stored.hasError())
            return stored.error();
        replay.info = info.value();
        replay.messages = std::move(stored).value();
        (replay.info.parentSessionId.isEmpty() ? parents : children).append(replay);
    }
    return parents + children;
}

} // namespace valis
