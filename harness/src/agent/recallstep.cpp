#include "agent/recallstep.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/memoryref.h"
#include "valis/plugins/providerstream.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPromise>
#include <QRegularExpression>
#include <QThreadPool>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::RecallStep)
};

// Not translated: this is what the filter model reads.
const char FilterInstruction[] =
    "You judge which recalled notes would help an AI coding agent with the user's next request. "
    "Keep only those that are clearly relevant to it, at most %1. Answer with only a JSON object "
    "{\"keep\": [{\"id\": <number>, \"reason\": \"<one short line: why it helps>\"}]}; "
    "{\"keep\": []} when none is.";

constexpr int SnippetChars = 240;
// How many candidates the filter model sees per item it may keep.
constexpr int CandidatesPerItem = 3;

QString shortened(const QString &text, int chars = SnippetChars)
{
    QString line = text.simplified();
    if (line.size() > chars) {
        line.truncate(chars);
        line += QChar(0x2026);
    }
    return line;
}

bool holdsLesson(const RecallPassage &passage, const DetailStore *memory)
{
    if (passage.memoryType == QLatin1String("lesson"))
        return true;
    if (passage.memoryType != QLatin1String("note") || !memory)
        return false;
    // Offline processing may keep lessons as notes that say so in their metadata.
    const Result<MemoryRecord> record = memory->find(passage.memoryKey);
    if (record.hasError())
        return false;
    const QJsonObject metadata = record->metadata;
    return metadata.value(QLatin1String("kind")).toString() == QLatin1String("lesson")
        || metadata.value(QLatin1String("type")).toString() == QLatin1String("lesson");
}

/// Each hit's relevance: its retrievers' own scores against the best of the same answer (0..1),
/// so a threshold means the same with one retriever or several.
QHash<QString, double> relevances(const QList<RecallHit> &hits)
{
    QHash<QString, double> best;
    for (const RecallHit &hit : hits) {
        for (auto it = hit.scores.constBegin(); it != hit.scores.constEnd(); ++it)
            best[it.key()] = qMax(best.value(it.key()), it.value());
    }
    QHash<QString, double> out;
    for (const RecallHit &hit : hits) {
        double relevance = 0;
        for (auto it = hit.scores.constBegin(); it != hit.scores.constEnd(); ++it) {
            const double top = best.value(it.key());
            // A retriever whose scores are not positive says only its order.
            const double share = top > 0 && it.value() > 0 ? it.value() / top : 1.0 / qMax(1, hit.ranks.value(it.key(), 1));
            relevance = qMax(relevance, share);
        }
        out.insert(hit.passage.id(), relevance);
    }
    return out;
}

RecallItem itemFrom(const RecallHit &hit, double relevance)
{
    RecallItem item;
    item.sourceIds = {hit.passage.id()};
    item.score = hit.score;
    item.relevance = relevance;
    item.scores = hit.scores;
    item.foundBy = hit.foundBy();
    return item;
}
} // namespace

RecallStep::RecallStep(const RecallConfig &config, std::shared_ptr<DetailStore> memory, QObject *parent)
    : QObject(parent), m_config(config), m_memory(std::move(memory))
{
    m_budget.setSingleShot(true);
    m_budget.setTimerType(Qt::PreciseTimer);
    connect(&m_budget, &QTimer::timeout, this, &RecallStep::onBudget);
}

RecallStep::~RecallStep() = default;

void RecallStep::markShown(const QStringList &sourceIds)
{
    for (const QString &id : sourceIds)
        m_shown.insert(id);
}

QList<RecallStep::Candidate> RecallStep::candidatesFrom(const QList<RecallHit> &hits, const DetailStore *memory)
{
    const QHash<QString, double> relevance = relevances(hits);
    QList<Candidate> out;
    QSet<QString> seen;
    int rank = 0;
    static const QRegularExpression url(QStringLiteral("https?://[^\\s<>\"'`)\\]]+"));
    for (const RecallHit &hit : hits) {
        ++rank;
        const RecallPassage &passage = hit.passage;
        const double shared = relevance.value(passage.id());
        if (passage.kind == RecallSourceKind::Memory) {
            RecallItem item = itemFrom(hit, shared);
            item.memoryKey = passage.memoryKey;
            const QString summary = passage.summary.isEmpty() ? shortened(passage.text, 120) : passage.summary;
            item.memoryRef = MemoryRef{passage.memoryKey, summary}.line();
            if (holdsLesson(passage, memory)) {
                item.kind = RecallItemKind::Lesson;
                item.text = shortened(passage.text.isEmpty() ? summary : passage.text);
            } else {
                item.kind = RecallItemKind::Reference;
                item.text = passage.memoryPath.isEmpty() ? summary : QStringLiteral("/memories/") + passage.memoryPath + QStringLiteral(" - ") + summary;
            }
            seen.insert(passage.memoryKey);
            out.append({item, rank});
            continue;
        }
        RecallItem tickler = itemFrom(hit, shared);
        tickler.kind = RecallItemKind::Tickler;
        tickler.sessionId = passage.sessionId;
        tickler.messageId = passage.messageId;
        const QString where = passage.sessionTitle.isEmpty() ? QStringLiteral("session %1").arg(passage.sessionId)
                                                             : QStringLiteral("session \"%1\"").arg(passage.sessionTitle);
        tickler.text = QStringLiteral("%1 (turn %2, %3 message %4): \"%5\"")
                           .arg(where)
                           .arg(passage.turn)
                           .arg(roleName(passage.role), passage.messageId, shortened(passage.text));
        out.append({tickler, rank});
        // What the passage points at is worth a line of its own: a MemoryRef, a URL.
        for (const MemoryRef &ref : MemoryRef::findAll(passage.text)) {
            if (seen.contains(ref.key))
                continue;
            seen.insert(ref.key);
            RecallItem reference = itemFrom(hit, shared);
            reference.kind = RecallItemKind::Reference;
            reference.memoryKey = ref.key;
            reference.memoryRef = ref.line();
            reference.text = ref.summary;
            reference.sourceIds << QStringLiteral("memory:") + ref.key;
            out.append({reference, rank});
        }
        QRegularExpressionMatchIterator urls = url.globalMatch(passage.text);
        while (urls.hasNext()) {
            const QString found = urls.next().captured(0);
            if (seen.contains(found))
                continue;
            seen.insert(found);
            RecallItem reference = itemFrom(hit, shared);
            reference.kind = RecallItemKind::Reference;
            reference.text = found;
            out.append({reference, rank});
        }
    }
    return out;
}

QList<RecallItem> RecallStep::byThreshold(const QList<Candidate> &candidates, double threshold, int maxItems)
{
    QList<RecallItem> kept;
    for (const Candidate &candidate : candidates) {
        if (kept.size() >= maxItems)
            break;
        if (candidate.item.relevance + 1e-9 < threshold)
            continue;
        RecallItem item = candidate.item;
        // For the person reading the "Recalled" block: English like every other recorded fact.
        item.reason = QStringLiteral("relevance %1 reached the threshold %2 (fused rank %3)")
                          .arg(item.relevance, 0, 'f', 2)
                          .arg(threshold, 0, 'f', 2)
                          .arg(candidate.rank);
        kept.append(item);
    }
    return kept;
}

ProviderRequest RecallStep::filterRequest(const QList<Candidate> &candidates, const QString &query) const
{
    QString list;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const RecallItem &item = candidates.at(i).item;
        list += QStringLiteral("[%1] (%2) %3\n").arg(i + 1).arg(recallItemKindName(item.kind), item.text);
    }
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("Request:\n") + query + QStringLiteral("\n\nRecalled notes:\n") + list)};
    ProviderRequest request;
    request.model = m_config.settings.filterModel;
    request.system.role = Role::System;
    request.system.parts = {Part::makeText(QString::fromLatin1(FilterInstruction).arg(m_config.settings.maxItems))};
    request.messages = {user};
    request.maxOutputTokens = m_config.filterMaxOutputTokens;
    request.endpoint = m_config.filterEndpoint;
    return request;
}

Result<QList<RecallItem>> RecallStep::parseFilterAnswer(const QString &answer, const QList<Candidate> &candidates, int maxItems)
{
    const qsizetype open = answer.indexOf(QLatin1Char('{'));
    const qsizetype close = answer.lastIndexOf(QLatin1Char('}'));
    const QJsonDocument document = open >= 0 && close > open ? QJsonDocument::fromJson(answer.mid(open, close - open + 1).toUtf8())
                                                             : QJsonDocument();
    if (!document.isObject() || !document.object().value(QLatin1String("keep")).isArray())
        return Error(QStringLiteral("recall.filter-unreadable"), Text::tr("the recall filter's answer could not be read"));
    QList<RecallItem> kept;
    QSet<int> taken;
    for (const QJsonValue &entry : document.object().value(QLatin1String("keep")).toArray()) {
        const QJsonObject object = entry.toObject();
        const int index = object.value(QLatin1String("id")).toInt() - 1;
        if (index < 0 || index >= candidates.size() || taken.contains(index) || kept.size() >= maxItems)
            continue;
        taken.insert(index);
        RecallItem item = candidates.at(index).item;
        item.reason = object.value(QLatin1String("reason")).toString().simplified();
        kept.append(item);
    }
    return kept;
}

QString RecallStep::filterName() const
{
    if (m_config.filterProvider && !m_config.settings.filterModel.isEmpty())
        return m_config.filterProvider->id() + QLatin1Char('/') + m_config.settings.filterModel;
    return QStringLiteral("threshold");
}

void RecallStep::start(const Request &request)
{
    const quint64 run = ++m_runs;
    m_waitedRun = run;
    m_waiting = true;
    m_query = request.text;
    m_carried = m_late;
    m_late.clear();
    m_clock.start();
    m_budget.start(qMax(0, m_config.settings.budgetMs));

    RecallQuery query;
    query.text = request.text;
    query.agentId = request.agentId;
    query.excludeSessionId = request.excludeSessionId;
    // The filter (or the threshold) chooses among more than it keeps.
    query.k = qMax(1, m_config.settings.maxItems) * CandidatesPerItem;
    std::shared_ptr<const HybridRetriever> retriever = m_config.retriever;
    std::shared_ptr<DetailStore> memory = m_memory;
    auto promise = std::make_shared<QPromise<Result<QList<Candidate>>>>();
    auto *watcher = new QFutureWatcher<Result<QList<Candidate>>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, run] {
        watcher->deleteLater();
        const QFuture<Result<QList<Candidate>>> future = watcher->future();
        onCandidates(run, future.resultCount() > 0 ? future.result()
                                                   : Result<QList<Candidate>>(Error(QStringLiteral("recall.failed"), {})));
    });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, retriever, memory, query] {
        const Result<QList<RecallHit>> hits = retriever->recall(query);
        if (hits.hasError())
            promise->addResult(Result<QList<Candidate>>(hits.error()));
        else
            promise->addResult(Result<QList<Candidate>>(candidatesFrom(hits.value(), memory.get())));
        promise->finish();
    });
}

void RecallStep::cancelWait()
{
    m_waiting = false;
    m_budget.stop();
    // What this turn would have shown waits for the next one.
    m_late = m_carried + m_late;
    m_carried.clear();
}

void RecallStep::onCandidates(quint64 run, const Result<QList<Candidate>> &candidates)
{
    if (candidates.hasError()) {
        finishRun(run, {}, candidates.error().message);
        return;
    }
    QList<Candidate> fresh;
    for (const Candidate &candidate : candidates.value()) {
        bool shown = false;
        for (const QString &id : candidate.item.sourceIds)
            shown = shown || m_shown.contains(id);
        if (!shown)
            fresh.append(candidate);
    }
    if (fresh.isEmpty()) {
        finishRun(run, {}, {});
        return;
    }
    if (m_config.filterProvider && !m_config.settings.filterModel.isEmpty()) {
        filter(run, fresh);
        return;
    }
    finishRun(run, byThreshold(fresh, m_config.settings.scoreThreshold, m_config.settings.maxItems), {});
}

void RecallStep::filter(quint64 run, const QList<Candidate> &candidates)
{
    ProviderStream *stream = m_config.filterProvider->stream(filterRequest(candidates, m_query), this);
    auto text = std::make_shared<QString>();
    connect(stream, &ProviderStream::eventReceived, this, [text](const ProviderEvent &event) {
        if (event.kind == ProviderEvent::Kind::TextDelta)
            *text += event.text;
    });
    const int maxItems = m_config.settings.maxItems;
    const double threshold = m_config.settings.scoreThreshold;
    connect(stream, &ProviderStream::finished, this, [this, stream, text, candidates, run, maxItems, threshold] {
        stream->deleteLater();
        const Result<QList<RecallItem>> kept = parseFilterAnswer(*text, candidates, maxItems);
        if (kept.hasError())
            finishRun(run, byThreshold(candidates, threshold, maxItems), kept.error().message);
        else
            finishRun(run, kept.value(), {});
    });
    connect(stream, &ProviderStream::failed, this, [this, stream, candidates, run, maxItems, threshold](const ProviderFailure &failure) {
        stream->deleteLater();
        // Without the judge the threshold still gives the agent something.
        finishRun(run, byThreshold(candidates, threshold, maxItems),
                  Text::tr("the recall filter failed (%1)")
                      .arg(failure.message.isEmpty() ? ProviderFailure::kindName(failure.kind) : failure.message));
    });
}

void RecallStep::finishRun(quint64 run, QList<RecallItem> items, const QString &error)
{
    QList<RecallItem> fresh;
    for (RecallItem &item : items) {
        bool shown = false;
        for (const QString &id : std::as_const(item.sourceIds))
            shown = shown || m_shown.contains(id);
        if (shown)
            continue;
        markShown(item.sourceIds);
        fresh.append(item);
    }
    if (m_waiting && run == m_waitedRun) {
        m_waiting = false;
        m_budget.stop();
        RecallOutcome outcome;
        outcome.items = (m_carried + fresh).mid(0, qMax(1, m_config.settings.maxItems));
        outcome.query = m_query;
        outcome.elapsedMs = m_clock.elapsed();
        outcome.budgetMs = m_config.settings.budgetMs;
        outcome.filter = filterName();
        outcome.error = error;
        m_carried.clear();
        Q_EMIT settled(outcome);
        return;
    }
    // Its turn went on without it: offered, flagged late, with the next one.
    for (RecallItem &item : fresh) {
        item.late = true;
        m_late.append(item);
    }
}

void RecallStep::onBudget()
{
    if (!m_waiting)
        return;
    m_waiting = false;
    RecallOutcome outcome;
    outcome.items = m_carried;
    outcome.query = m_query;
    outcome.elapsedMs = m_clock.elapsed();
    outcome.budgetMs = m_config.settings.budgetMs;
    outcome.timedOut = true;
    outcome.filter = filterName();
    m_carried.clear();
    Q_EMIT settled(outcome);
}

} // namespace valis
