// The offline processing job: sessions one at a time, the store work on a thread of its own,
// the model requests (when a summary model is set) on the owner's thread like every stream.
#include "valis/memory/memoryprocessing.h"

#include "agent/streamassembler.h"
#include "memory/processing/ledgerrecords.h"
#include "valis/agent/failureclassifier.h"
#include "valis/plugins/providerstream.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#include <algorithm>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::MemoryProcessor)
};

} // namespace

QJsonObject MemoryProcessingResult::toJson() const
{
    QJsonObject out{{QStringLiteral("sessionsTotal"), sessionsTotal},
                    {QStringLiteral("sessionsProcessed"), sessionsProcessed},
                    {QStringLiteral("sessionsUpToDate"), sessionsUpToDate},
                    {QStringLiteral("messagesRead"), double(messagesRead)},
                    {QStringLiteral("transcriptBytes"), double(transcriptBytes)},
                    {QStringLiteral("modelAnswers"), modelAnswers},
                    {QStringLiteral("droppedEvidence"), droppedEvidence},
                    {QStringLiteral("added"), ledger.added},
                    {QStringLiteral("merged"), ledger.merged},
                    {QStringLiteral("superseded"), ledger.superseded},
                    {QStringLiteral("decayed"), ledger.decayed},
                    {QStringLiteral("usesFolded"), ledger.usesFolded},
                    {QStringLiteral("repaired"), ledger.repaired},
                    {QStringLiteral("recommendations"), ledger.recommendations},
                    {QStringLiteral("lessons"), ledger.lessons},
                    {QStringLiteral("references"), ledger.references},
                    {QStringLiteral("topics"), ledger.topics},
                    {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
                    {QStringLiteral("cancelled"), cancelled},
                    {QStringLiteral("elapsedMs"), double(elapsedMs)}};
    if (error)
        out.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), error->code}, {QStringLiteral("message"), error->message}});
    return out;
}

struct MemoryProcessor::Job
{
    MemoryProcessingOptions options;
    QDateTime now;
    QElapsedTimer timer;
    MemoryProcessingResult result;
    QList<SessionInfo> sessions;
    int index = 0;
    // The session in hand.
    QList<Message> messages;
    SessionExtraction extraction;
    ProviderRequest request;
    int attempts = 0;
    QList<QList<Message>> chunks; ///< what each model request reads
    int chunk = 0;
    QList<ExtractedItem> modelItems;
    // Only ever touched on the worker thread.
    std::unique_ptr<SessionStore> sessionStore;
    std::unique_ptr<MemoryLedger> ledger;
};

MemoryProcessor::MemoryProcessor(QString sessionDatabasePath, std::shared_ptr<DetailStore> store, QObject *parent)
    : QObject(parent)
    , m_sessionDatabasePath(std::move(sessionDatabasePath))
    , m_store(std::move(store))
    , m_thread(new QThread(this))
    , m_worker(new QObject)
    , m_cancelled(std::make_shared<std::atomic_bool>(false))
{
    m_thread->setObjectName(QStringLiteral("valis-memory-processing"));
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start(QThread::LowPriority);
}

MemoryProcessor::~MemoryProcessor()
{
    cancel();
    if (std::shared_ptr<Job> job = m_job) {
        // The job's SessionStore belongs to the worker thread: let it go there.
        QMetaObject::invokeMethod(m_worker, [job] { job->sessionStore.reset(); job->ledger.reset(); }, Qt::BlockingQueuedConnection);
    }
    m_thread->quit();
    m_thread->wait();
}

bool MemoryProcessor::start(const MemoryProcessingOptions &options)
{
    if (m_running)
        return false;
    m_running = true;
    m_cancelled->store(false);
    auto job = std::make_shared<Job>();
    job->options = options;
    job->now = options.now.isValid() ? options.now : QDateTime::currentDateTimeUtc();
    job->timer.start();
    m_job = job;
    const QString path = m_sessionDatabasePath;
    std::shared_ptr<DetailStore> store = m_store;
    QMetaObject::invokeMethod(m_worker, [this, job, path, store] {
        std::optional<Error> failure;
        Result<std::unique_ptr<SessionStore>> opened = SessionStore::open(path);
        if (opened.hasError()) {
            failure = opened.error();
        } else {
            job->sessionStore = std::move(opened).value();
            job->ledger = std::make_unique<MemoryLedger>(store, job->options.agentId);
            const Result<LedgerReport> loaded = job->ledger->load();
            if (loaded.hasError())
                failure = loaded.error();
            else
                job->result.ledger.add(loaded.value());
        }
        if (!failure) {
            SessionFilter filter;
            filter.includeArchived = job->options.includeArchived;
            Result<QList<SessionInfo>> sessions = job->sessionStore->sessions(filter);
            if (sessions.hasError()) {
                failure = sessions.error();
            } else {
                for (const SessionInfo &session : sessions.value()) {
                    if (!job->options.sessionIds.isEmpty() && !job->options.sessionIds.contains(session.id))
                        continue;
                    if (job->options.since.isValid() && session.updatedAt < job->options.since)
                        continue;
                    job->sessions.append(session);
                }
                // Oldest first: a later session's lesson supersedes an earlier one's.
                std::stable_sort(job->sessions.begin(), job->sessions.end(),
                                 [](const SessionInfo &a, const SessionInfo &b) { return a.createdAt < b.createdAt; });
                for (const QString &wanted : job->options.sessionIds) {
                    const bool found = std::any_of(job->sessions.cbegin(), job->sessions.cend(),
                                                   [&wanted](const SessionInfo &session) { return session.id == wanted; });
                    if (!found)
                        failure = Error(QStringLiteral("store.no-session"), Text::tr("no session %1").arg(wanted));
                }
                job->result.sessionsTotal = int(job->sessions.size());
            }
        }
        QMetaObject::invokeMethod(this, [this, job, failure] {
            if (job != m_job)
                return;
            if (failure)
                finish(&*failure);
            else
                next();
        }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
    return true;
}

void MemoryProcessor::cancel()
{
    m_cancelled->store(true);
    if (m_running && m_stream) {
        dropStream();
        finish(nullptr);
    }
}

void MemoryProcessor::next()
{
    std::shared_ptr<Job> job = m_job;
    if (m_cancelled->load() || job->index >= job->sessions.size()) {
        if (m_cancelled->load()) {
            finish(nullptr);
            return;
        }
        // Every session done: consolidate and recommend.
        QMetaObject::invokeMethod(m_worker, [this, job] {
            std::optional<Error> failure;
            Result<LedgerReport> consolidated = job->ledger->consolidate(job->now, job->options.halfLifeDays);
            if (consolidated.hasError()) {
                failure = consolidated.error();
            } else {
                job->result.ledger.add(consolidated.value());
                Result<LedgerReport> recommended = job->ledger->recommend(job->now);
                if (recommended.hasError())
                    failure = recommended.error();
                else
                    job->result.ledger.add(recommended.value());
            }
            QMetaObject::invokeMethod(this, [this, job, failure] {
                if (job == m_job)
                    finish(failure ? &*failure : nullptr);
            }, Qt::QueuedConnection);
        }, Qt::QueuedConnection);
        return;
    }
    const bool withModel = job->options.provider != nullptr;
    QMetaObject::invokeMethod(m_worker, [this, job, withModel] {
        const SessionInfo session = job->sessions.at(job->index);
        std::optional<Error> failure;
        bool upToDate = false;
        const Result<qint64> through = job->ledger->checkpoint(session.id);
        Result<QList<Message>> messages = through.ok() ? job->sessionStore->messages(session.id, through.value() + 1)
                                                       : Result<QList<Message>>(through.error());
        if (messages.hasError()) {
            failure = messages.error();
        } else if (messages->isEmpty()) {
            upToDate = true;
        } else {
            job->messages = std::move(messages).value();
            job->extraction = extractSession(session, job->messages);
            job->result.messagesRead += job->extraction.messages;
            job->result.transcriptBytes += job->extraction.transcriptBytes;
        }
        QMetaObject::invokeMethod(this, [this, job, failure, upToDate, withModel] {
            if (job != m_job)
                return;
            if (failure) {
                finish(&*failure);
            } else if (upToDate) {
                ++job->result.sessionsUpToDate;
                const QString done = job->sessions.at(job->index).id;
                ++job->index;
                Q_EMIT progress(job->index, int(job->sessions.size()), done);
                next();
            } else if (withModel && !m_cancelled->load()) {
                askModel();
            } else {
                storeCurrent({}, false);
            }
        }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void MemoryProcessor::askModel()
{
    Job &job = *m_job;
    job.chunks = memoryExtractionChunks(job.messages, job.options.maxTranscriptChars);
    if (job.chunks.size() > job.options.maxRequestsPerSession) {
        job.result.warnings.append(Text::tr("session %1: only its first %2 parts were read by the summary model; the rest "
                                            "only extractively")
                                       .arg(job.extraction.sessionId)
                                       .arg(job.options.maxRequestsPerSession));
        job.chunks = job.chunks.mid(0, job.options.maxRequestsPerSession);
    }
    job.chunk = 0;
    job.modelItems.clear();
    if (job.chunks.isEmpty()) {
        storeCurrent({}, false);
        return;
    }
    askChunk();
}

void MemoryProcessor::askChunk()
{
    Job &job = *m_job;
    job.attempts = 0;
    job.request = ProviderRequest();
    job.request.model = job.options.model;
    job.request.endpoint = job.options.endpoint;
    job.request.cacheKey = job.extraction.sessionId;
    job.request.system.role = Role::System;
    job.request.system.parts.append(Part::makeText(
        QStringLiteral("You distil what a conversation between a user and an AI assistant that uses tools taught: its "
                       "topics, the lessons learned and the references used. The conversation is given between "
                       "<transcript> and </transcript>.")));
    Message instruction;
    instruction.role = Role::User;
    const QString part = job.chunks.size() > 1 ? QStringLiteral("(part %1 of %2 of the conversation)\n").arg(job.chunk + 1).arg(job.chunks.size())
                                               : QString();
    instruction.parts.append(Part::makeText(part + QStringLiteral("<transcript>\n")
                                            + memoryExtractionTranscript(job.chunks.at(job.chunk), job.options.maxTranscriptChars)
                                            + QStringLiteral("</transcript>\n\n") + memoryExtractionInstruction()));
    job.request.messages.append(instruction);
    job.request.maxOutputTokens = 4096;
    sendModelRequest();
}

void MemoryProcessor::sendModelRequest()
{
    if (!m_running || !m_job)
        return;
    ++m_job->attempts;
    m_assembler = std::make_unique<StreamAssembler>();
    ProviderStream *stream = m_job->options.provider->stream(m_job->request, this);
    m_stream = stream;
    connect(stream, &ProviderStream::eventReceived, this, [this](const ProviderEvent &event) {
        if (sender() == m_stream && m_assembler)
            m_assembler->add(event);
    });
    connect(stream, &ProviderStream::finished, this, [this] {
        if (sender() != m_stream)
            return;
        const QString answer = m_assembler ? m_assembler->text() : QString();
        dropStream();
        modelAnswered(answer);
    });
    connect(stream, &ProviderStream::failed, this, [this](const ProviderFailure &failure) {
        if (sender() != m_stream)
            return;
        dropStream();
        modelFailed(failure);
    });
}

void MemoryProcessor::dropStream()
{
    if (!m_stream)
        return;
    ProviderStream *stream = m_stream;
    m_stream = nullptr;
    stream->disconnect(this);
    stream->cancel();
    stream->deleteLater();
    m_assembler.reset();
}

void MemoryProcessor::modelFailed(const ProviderFailure &failure)
{
    const ClassifiedFailure classified = classifyProviderFailure(failure, FailureContext());
    if (classified.retryable && !m_cancelled->load()) {
        if (const auto delay = m_job->options.retry.delayBefore(m_job->attempts, classified.retryAfter)) {
            std::shared_ptr<Job> job = m_job;
            QTimer::singleShot(*delay, this, [this, job] {
                if (job == m_job && !m_cancelled->load())
                    sendModelRequest();
                else if (job == m_job)
                    finish(nullptr);
            });
            return;
        }
    }
    m_job->result.warnings.append(Text::tr("session %1: the summary model failed (%2); its extractive items were stored instead")
                                      .arg(m_job->extraction.sessionId, classified.error.message));
    storeCurrent({}, false);
}

void MemoryProcessor::modelAnswered(const QString &answer)
{
    QSet<QString> ids;
    for (const Message &message : std::as_const(m_job->chunks.at(m_job->chunk)))
        ids.insert(message.id);
    const Result<QList<ExtractedItem>> items =
        parseMemoryExtractionAnswer(answer, m_job->extraction.sessionId, ids, &m_job->result.droppedEvidence);
    if (items.hasError()) {
        m_job->result.warnings.append(Text::tr("session %1: %2; its extractive items were stored instead")
                                          .arg(m_job->extraction.sessionId, items.error().message));
        storeCurrent({}, false);
        return;
    }
    ++m_job->result.modelAnswers;
    m_job->modelItems += items.value();
    if (++m_job->chunk < m_job->chunks.size() && !m_cancelled->load()) {
        askChunk();
        return;
    }
    storeCurrent(m_job->modelItems, true);
}

void MemoryProcessor::storeCurrent(const QList<ExtractedItem> &modelItems, bool fromModel)
{
    std::shared_ptr<Job> job = m_job;
    if (fromModel) {
        // The model's topics and lessons; references stay the exact ones the text holds, plus
        // those the model named.
        QList<ExtractedItem> items = modelItems;
        for (const ExtractedItem &item : std::as_const(job->extraction.items)) {
            if (item.type == QLatin1String(ProcessedType::Reference) || item.kind == QLatin1String("fix"))
                items.append(item);
        }
        job->extraction.items = items;
        job->extraction.extractor = QStringLiteral("model:") + job->options.model;
    }
    if (m_cancelled->load()) {
        finish(nullptr);
        return;
    }
    QMetaObject::invokeMethod(m_worker, [this, job] {
        std::optional<Error> failure;
        const Result<LedgerReport> applied = job->ledger->apply(job->extraction, job->now);
        if (applied.hasError())
            failure = applied.error();
        else
            job->result.ledger.add(applied.value());
        job->messages.clear();
        QMetaObject::invokeMethod(this, [this, job, failure] {
            if (job != m_job)
                return;
            if (failure) {
                finish(&*failure);
                return;
            }
            ++job->result.sessionsProcessed;
            ++job->index;
            Q_EMIT progress(job->index, int(job->sessions.size()), job->extraction.sessionId);
            next();
        }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void MemoryProcessor::finish(const Error *error)
{
    std::shared_ptr<Job> job = m_job;
    if (!job)
        return;
    m_job.reset();
    m_running = false;
    MemoryProcessingResult result = job->result;
    result.cancelled = m_cancelled->load();
    result.elapsedMs = job->timer.elapsed();
    if (error)
        result.error = *error;
    // The SessionStore goes on the thread that opened it.
    QMetaObject::invokeMethod(m_worker, [job] {
        job->sessionStore.reset();
        job->ledger.reset();
    }, Qt::QueuedConnection);
    Q_EMIT finished(result);
}

} // namespace valis
