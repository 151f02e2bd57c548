#include "valis/memory/resultcapture.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/memoryref.h"
#include "valis/plugins/providerstream.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ResultCapture)
};

/// How much of an output a summarising model reads: its start and its end.
constexpr qsizetype ExcerptChars = 6000;

QString excerptOf(const QString &output)
{
    if (output.size() <= ExcerptChars)
        return output;
    const qsizetype half = ExcerptChars / 2;
    return output.left(half) + QStringLiteral("\n[...]\n") + output.right(half);
}

qint64 defaultTokens(const QString &text)
{
    return (text.toUtf8().size() + 3) / 4;
}

QString typeFor(const QString &toolName)
{
    return toolName == QLatin1String("exec") ? QLatin1String(MemoryType::CommandOutput)
                                              : QLatin1String(MemoryType::ToolResult);
}

} // namespace

OutputSummariser::~OutputSummariser() = default;

ProviderOutputSummariser::ProviderOutputSummariser(Provider *provider, QString model, ProviderEndpoint endpoint,
                                                   std::chrono::milliseconds timeout)
    : m_provider(provider), m_model(std::move(model)), m_endpoint(std::move(endpoint)), m_timeout(timeout)
{}

void ProviderOutputSummariser::summarise(const QString &excerpt, const OutputSource &source, QObject *context,
                                         std::function<void(Result<QString>)> done)
{
    ProviderRequest request;
    request.model = m_model;
    request.endpoint = m_endpoint;
    request.maxOutputTokens = 60;
    // English for the model; the line goes back to a model too.
    Message system;
    system.role = Role::System;
    system.parts.append(Part::makeText(QStringLiteral(
        "You label tool outputs for an agent's memory. Answer with one line of at most 15 words saying what the "
        "output is and its outcome (for example: \"npm install log, 412 packages added, 3 deprecation warnings\"). "
        "No preamble, no quotes, no markdown.")));
    request.system = system;
    Message user;
    user.role = Role::User;
    QString call = source.toolName;
    if (!source.arguments.isUndefined() && !source.arguments.isNull())
        call += QLatin1Char(' ') + QString::fromUtf8(QJsonDocument(source.arguments.toObject()).toJson(QJsonDocument::Compact)).left(400);
    user.parts.append(Part::makeText(QStringLiteral("Tool call: %1\nStatus: %2\nOutput (start and end):\n%3")
                                         .arg(call, source.status.isEmpty() ? QStringLiteral("-") : source.status, excerpt)));
    request.messages.append(user);

    ProviderStream *stream = m_provider->stream(request, context);
    auto text = std::make_shared<QString>();
    auto answered = std::make_shared<bool>(false);
    auto finish = [stream, answered, done](Result<QString> result) {
        if (*answered)
            return;
        *answered = true;
        stream->disconnect();
        stream->deleteLater();
        done(std::move(result));
    };
    QObject::connect(stream, &ProviderStream::eventReceived, context, [text](const ProviderEvent &event) {
        if (event.kind == ProviderEvent::Kind::TextDelta)
            *text += event.text;
    });
    QObject::connect(stream, &ProviderStream::finished, context, [text, finish] {
        const QString line = text->simplified();
        if (line.isEmpty())
            finish(Error(QStringLiteral("memory.summary-empty"), Text::tr("the summarising model gave no summary")));
        else
            finish(line.left(200));
    });
    QObject::connect(stream, &ProviderStream::failed, context, [finish](const ProviderFailure &failure) {
        finish(Error(QStringLiteral("memory.summary-failed"),
                     Text::tr("the summarising model failed: %1").arg(failure.message)));
    });
    QTimer::singleShot(m_timeout, stream, [stream, finish] {
        stream->cancel();
        finish(Error(QStringLiteral("memory.summary-timeout"), Text::tr("the summarising model did not answer in time")));
    });
}

struct ResultCapture::Batch
{
    struct Item
    {
        int result = -1;       // index into results
        int part = -1;         // index of the stored text part in the result's content
        QString output;
        OutputSource source;
        OutputSummary extractive;
        QString line;          // the MemoryRef's summary
        qint64 lineCount = 0;
    };
    QList<Part> results;
    QList<Item> items;
    QList<Error> warnings;
    CaptureScope scope;
    int nextSummary = 0;
    bool summaryWarned = false;
    std::function<void(QList<Part>, QList<Error>)> done;
};

ResultCapture::ResultCapture(std::shared_ptr<DetailStore> store, MemorySettings settings, QObject *parent)
    : QObject(parent), m_store(std::move(store)), m_settings(std::move(settings))
{}

ResultCapture::~ResultCapture() = default;

bool ResultCapture::wouldCapture(const Part &result, const CaptureScope &scope) const
{
    if (!m_store || result.kind != PartKind::ToolResult || result.captured.isCaptured())
        return false;
    if (scope.keepInContext.contains(result.toolName) || scope.keepCallIds.contains(result.callId))
        return false;
    const qint64 threshold = m_settings.captureThresholdFor(result.toolName);
    if (threshold <= 0)
        return false;
    const auto count = m_counter ? m_counter : std::function<qint64(const QString &)>(defaultTokens);
    qint64 total = 0;
    qint64 largest = 0;
    for (const Part &inner : result.content) {
        if (inner.kind != PartKind::Text)
            continue;
        const qint64 tokens = count(inner.text);
        total += tokens;
        largest = std::max(largest, tokens);
    }
    // The stored part must carry most of the weight; a result of many small parts stays whole.
    return total > threshold && largest * 2 > threshold;
}

void ResultCapture::capture(const QList<Part> &calls, const QList<Part> &results, const CaptureScope &scope,
                            std::function<void(QList<Part>, QList<Error>)> done)
{
    auto batch = std::make_shared<Batch>();
    batch->results = results;
    batch->scope = scope;
    batch->done = std::move(done);
    for (int i = 0; i < results.size(); ++i) {
        const Part &result = results.at(i);
        if (!wouldCapture(result, scope))
            continue;
        Batch::Item item;
        item.result = i;
        QStringList status;
        for (int p = 0; p < result.content.size(); ++p) {
            const Part &inner = result.content.at(p);
            if (inner.kind == PartKind::Text && (item.part < 0 || inner.text.size() > result.content.at(item.part).text.size()))
                item.part = p;
        }
        for (int p = 0; p < result.content.size(); ++p) {
            if (p != item.part && result.content.at(p).kind == PartKind::Text)
                status << result.content.at(p).text;
        }
        item.output = result.content.at(item.part).text;
        item.source.toolName = result.toolName;
        item.source.isError = result.isError;
        item.source.status = status.join(QLatin1Char('\n'));
        for (const Part &call : calls) {
            if (call.callId == result.callId) {
                item.source.arguments = call.arguments;
                if (item.source.toolName.isEmpty())
                    item.source.toolName = call.toolName;
                break;
            }
        }
        item.extractive = extractiveSummary(item.output, item.source);
        item.line = item.extractive.line;
        item.lineCount = countLines(item.output.toUtf8());
        batch->items.append(item);
    }
    if (batch->items.isEmpty()) {
        QMetaObject::invokeMethod(this, [batch] { batch->done(batch->results, batch->warnings); }, Qt::QueuedConnection);
        return;
    }
    summariseNext(batch);
}

void ResultCapture::summariseNext(std::shared_ptr<Batch> batch)
{
    if (!m_summariser || batch->nextSummary >= batch->items.size()) {
        store(batch);
        return;
    }
    Batch::Item &item = batch->items[batch->nextSummary];
    m_summariser->summarise(excerptOf(item.output), item.source, this, [this, batch](Result<QString> line) {
        Batch::Item &answered = batch->items[batch->nextSummary];
        if (line.ok()) {
            answered.line = line.value();
        } else if (!batch->summaryWarned) {
            batch->summaryWarned = true;
            batch->warnings.append(line.error());
        }
        ++batch->nextSummary;
        summariseNext(batch);
    });
}

void ResultCapture::store(std::shared_ptr<Batch> batch)
{
    QList<NewMemory> memories;
    for (const Batch::Item &item : std::as_const(batch->items)) {
        const Part &result = batch->results.at(item.result);
        NewMemory memory;
        memory.agentId = batch->scope.agentId;
        memory.sessionId = batch->scope.sessionId;
        memory.type = typeFor(item.source.toolName);
        memory.summary = item.line;
        memory.content = item.output.toUtf8();
        QJsonObject metadata{{QStringLiteral("tool"), item.source.toolName},
                             {QStringLiteral("callId"), result.callId},
                             {QStringLiteral("isError"), result.isError}};
        if (!item.source.status.isEmpty())
            metadata.insert(QStringLiteral("status"), item.source.status);
        if (batch->scope.turn >= 0)
            metadata.insert(QStringLiteral("turn"), batch->scope.turn);
        if (item.source.arguments.isObject()) {
            const QJsonObject arguments = item.source.arguments.toObject();
            const QString command = arguments.value(QStringLiteral("command")).isString()
                                        ? arguments.value(QStringLiteral("command")).toString()
                                        : QString();
            if (!command.isEmpty())
                metadata.insert(QStringLiteral("command"), command);
            metadata.insert(QStringLiteral("arguments"), arguments);
        }
        memory.metadata = metadata;
        memories.append(memory);
    }

    QPointer<ResultCapture> self(this);
    std::shared_ptr<DetailStore> detailStore = m_store;
    QThreadPool::globalInstance()->start([self, detailStore, batch, memories] {
        Result<QList<MemoryRecord>> stored = detailStore->putMany(memories);
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, batch, stored = std::move(stored)] {
                if (!self)
                    return;
                if (stored.hasError()) {
                    // The results go to the model whole: too big, but nothing is lost.
                    batch->warnings.append(Error(QStringLiteral("memory.capture-failed"),
                                                 Text::tr("large tool output could not be stored in memory and is "
                                                          "shown whole: %1")
                                                     .arg(stored.error().toString())));
                    batch->done(batch->results, batch->warnings);
                    return;
                }
                for (int i = 0; i < batch->items.size(); ++i) {
                    const Batch::Item &item = batch->items.at(i);
                    Part &result = batch->results[item.result];
                    result.captured.key = stored.value().at(i).key;
                    result.captured.placeholder = placeholderText(result.captured.key, item.line, item.extractive,
                                                                  item.source.status, item.lineCount);
                }
                batch->done(batch->results, batch->warnings);
            },
            Qt::QueuedConnection);
    });
}

QString ResultCapture::placeholderText(const QString &key, const QString &summaryLine, const OutputSummary &extractive,
                                       const QString &status, qint64 lineCount)
{
    // For the model: English, and the same bytes every time it is shown.
    QString text;
    if (!status.isEmpty())
        text += status + QLatin1Char('\n');
    text += MemoryRef{key, summaryLine}.line() + QLatin1Char('\n');
    text += QStringLiteral("The full output is stored in memory, not shown here: ") + extractive.details + QLatin1Char('\n');
    text += QStringLiteral("Read any part with retrieve_memory {\"key\": \"%1\", \"offset\": 1, \"limit\": 200} "
                           "(offset is a line number counting from 1; %2 lines in all), or search it with search_memory.")
                .arg(key)
                .arg(lineCount);
    return text;
}

} // namespace valis
