#include "responsesdecoder.h"

#include "jsonfields.h"
#include "jsonscanner.h"
#include "providerhttp.h"
#include "valis/wire/openairesponses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace valis::providers::openairesponses {

namespace {

const QString kType = QStringLiteral("type");
const QString kItem = QStringLiteral("item");
const QString kItemId = QStringLiteral("item_id");
const QString kOutputIndex = QStringLiteral("output_index");
const QString kDelta = QStringLiteral("delta");
const QString kCallId = QStringLiteral("call_id");
const QString kArguments = QStringLiteral("arguments");
const QString kText = QStringLiteral("text");

/// The keys an event names its item by: "id:<item id>" and "at:<output_index>"; a delta carries
/// both, a whole item may carry either.
QStringList itemKeys(const QString &itemId, std::optional<qint64> outputIndex)
{
    QStringList keys;
    if (!itemId.isEmpty())
        keys << QStringLiteral("id:") + itemId;
    if (outputIndex)
        keys << QStringLiteral("at:") + QString::number(*outputIndex);
    return keys;
}

std::optional<qint64> outputIndexOf(const QJsonObject &data)
{
    const QJsonValue index = data.value(kOutputIndex);
    return index.isDouble() ? std::optional<qint64>(index.toInteger()) : std::nullopt;
}

QStringList itemKeys(const QJsonObject &data, const QJsonObject &item)
{
    QString id = data.value(kItemId).toString();
    if (id.isEmpty())
        id = item.value(QLatin1String("id")).toString();
    return itemKeys(id, outputIndexOf(data));
}

std::optional<ResponsesDelta::Type> deltaType(QStringView type)
{
    if (type == QLatin1String("response.output_text.delta") || type == QLatin1String("response.refusal.delta"))
        return ResponsesDelta::Type::Text;
    if (type == QLatin1String("response.reasoning_summary_text.delta") || type == QLatin1String("response.reasoning_text.delta"))
        return ResponsesDelta::Type::Reasoning;
    if (type == QLatin1String("response.function_call_arguments.delta"))
        return ResponsesDelta::Type::Arguments;
    return std::nullopt;
}

/// The text of a message item's output_text and refusal elements, joined.
QString messageText(const QJsonObject &item)
{
    QString text;
    for (const QJsonValue &value : item.value(QLatin1String("content")).toArray()) {
        const QJsonObject element = value.toObject();
        const QString type = element.value(kType).toString();
        if (type == QLatin1String("output_text"))
            text += element.value(kText).toString();
        else if (type == QLatin1String("refusal"))
            text += element.value(QLatin1String("refusal")).toString();
    }
    return text;
}

} // namespace

std::optional<ResponsesDelta> scanResponsesDelta(QByteArrayView data)
{
    JsonScanner json(data);
    if (!json.beginObject())
        return std::nullopt;
    ResponsesDelta result;
    std::optional<ResponsesDelta::Type> type;
    int seen = 0;
    QByteArrayView key;
    while (json.nextKey(&key)) {
        const int bit = key == "type" ? 1 : key == "delta" ? 2 : key == "item_id" ? 4 : key == "output_index" ? 8 : 0;
        if (seen & bit)
            return std::nullopt;
        seen |= bit;
        bool read = true;
        if (bit == 1) {
            QString name;
            read = json.readString(&name) && (type = deltaType(name)).has_value();
        } else if (bit == 2) {
            read = json.readString(&result.delta);
        } else if (bit == 4) {
            read = json.readString(&result.itemId);
        } else if (bit == 8) {
            qint64 index = 0;
            read = json.readInteger(&index);
            result.outputIndex = index;
        } else {
            read = json.skipValue();
        }
        if (!read)
            return std::nullopt;
    }
    if (!json.atEnd() || !type)
        return std::nullopt;
    result.type = *type;
    return result;
}

std::optional<ResponsesDelta> responsesDeltaFromJson(const QJsonObject &data, const QString &type)
{
    const std::optional<ResponsesDelta::Type> kind = deltaType(type);
    if (!kind)
        return std::nullopt;
    return ResponsesDelta{*kind, data.value(kDelta).toString(), data.value(kItemId).toString(), outputIndexOf(data)};
}

StreamDecoder::Status ResponsesDecoder::decode(const SseEvent &event, QList<ProviderEvent> &out,
                                               ProviderFailure *failure)
{
    if (event.data.isEmpty())
        return Status::Continue;
    if (m_fastPath == FastPath::On) {
        if (std::optional<ResponsesDelta> delta = scanResponsesDelta(event.data))
            return applyDelta(event, *delta, out, failure);
    }
    const std::optional<QJsonObject> parsed = eventObject(event, event.data, failure);
    if (!parsed)
        return Status::Failed;
    const QJsonObject data = *parsed;
    QString type = data.value(kType).toString();
    if (type.isEmpty())
        type = QString::fromUtf8(event.event);

    if (std::optional<ResponsesDelta> delta = responsesDeltaFromJson(data, type))
        return applyDelta(event, *delta, out, failure);
    if (type == QLatin1String("response.output_item.added"))
        return itemAdded(data, out);
    if (type == QLatin1String("response.output_item.done"))
        return itemDone(data, out);
    if (type == QLatin1String("response.completed")) {
        const QJsonObject response = data.value(QLatin1String("response")).toObject();
        return stop(response, QString(), out, failure);
    }
    if (type == QLatin1String("response.incomplete")) {
        const QJsonObject response = data.value(QLatin1String("response")).toObject();
        const QString reason = response.value(QLatin1String("incomplete_details")).toObject()
                                   .value(QLatin1String("reason")).toString();
        QString stopReason = reason;
        if (reason == QLatin1String("max_output_tokens") || reason.isEmpty())
            stopReason = QStringLiteral("max_tokens");
        return stop(response, stopReason, out, failure);
    }
    if (type == QLatin1String("response.failed") || type == QLatin1String("error")) {
        QJsonObject details = type == QLatin1String("error") ? data : data.value(QLatin1String("response")).toObject()
                                                                          .value(QLatin1String("error")).toObject();
        if (details.value(QLatin1String("error")).isObject())
            details = details.value(QLatin1String("error")).toObject();
        QString code = scalarText(details.value(QLatin1String("code")));
        if (code.isEmpty() && details.value(kType).toString() != QLatin1String("error"))
            code = scalarText(details.value(kType));
        *failure = streamErrorFailure(code, details.value(QLatin1String("message")).toString());
        return Status::Failed;
    }
    return Status::Continue; // created, in_progress, *.done, content_part.*, annotations, ...
}

StreamDecoder::Status ResponsesDecoder::finish(QList<ProviderEvent> &, ProviderFailure *failure)
{
    *failure = interruptedFailure(QStringLiteral("the stream ended before response.completed"));
    return Status::Failed;
}

qsizetype ResponsesDecoder::callFor(const QStringList &keys) const
{
    for (const QString &key : keys) {
        const qsizetype call = m_callByKey.value(key, -1);
        if (call >= 0)
            return call;
    }
    return -1;
}

StreamDecoder::Status ResponsesDecoder::applyDelta(const SseEvent &event, const ResponsesDelta &delta,
                                                   QList<ProviderEvent> &out, ProviderFailure *failure)
{
    // A run of deltas names one item: look it up (and mark it streamed) once per run.
    const bool sameItem = m_last.valid && m_last.type == delta.type && m_last.itemId == delta.itemId
                       && m_last.outputIndex == delta.outputIndex;
    if (!sameItem) {
        const QStringList keys = itemKeys(delta.itemId, delta.outputIndex);
        m_last = {delta.type, delta.itemId, delta.outputIndex, -1, true};
        if (delta.type == ResponsesDelta::Type::Arguments) {
            m_last.call = callFor(keys);
            if (m_last.call < 0) {
                m_last.valid = false;
                *failure = protocolFailure(event, QStringLiteral("arguments for a function call that was never added"));
                return Status::Failed;
            }
        } else {
            QSet<QString> &streamed = delta.type == ResponsesDelta::Type::Text ? m_streamedText : m_streamedReasoning;
            for (const QString &key : keys)
                streamed.insert(key);
        }
    }
    if (delta.type == ResponsesDelta::Type::Arguments) {
        Call &call = m_calls[m_last.call];
        call.arguments += delta.delta;
        if (!delta.delta.isEmpty())
            out.append(ProviderEvent::makeToolCallArgumentsDelta(call.callId, delta.delta));
    } else if (!delta.delta.isEmpty()) {
        out.append(delta.type == ResponsesDelta::Type::Text ? ProviderEvent::makeTextDelta(delta.delta)
                                                            : ProviderEvent::makeThinkingDelta(delta.delta));
    }
    return Status::Continue;
}

StreamDecoder::Status ResponsesDecoder::itemAdded(const QJsonObject &data, QList<ProviderEvent> &out)
{
    const QJsonObject item = data.value(kItem).toObject();
    if (item.value(kType).toString() != QLatin1String("function_call"))
        return Status::Continue;
    Call call{item.value(kCallId).toString(), item.value(QLatin1String("name")).toString(),
              item.value(kArguments).toString()};
    out.append(ProviderEvent::makeToolCallStarted(call.callId, call.name));
    if (!call.arguments.isEmpty())
        out.append(ProviderEvent::makeToolCallArgumentsDelta(call.callId, call.arguments));
    m_calls.append(call);
    for (const QString &key : itemKeys(data, item))
        m_callByKey.insert(key, m_calls.size() - 1);
    m_last.valid = false;
    return Status::Continue;
}

StreamDecoder::Status ResponsesDecoder::itemDone(const QJsonObject &data, QList<ProviderEvent> &out)
{
    const QJsonObject item = data.value(kItem).toObject();
    const QString type = item.value(kType).toString();
    const QStringList keys = itemKeys(data, item);
    const auto streamed = [&keys](const QSet<QString> &set) {
        for (const QString &key : keys) {
            if (set.contains(key))
                return true;
        }
        return false;
    };
    if (type == QLatin1String("function_call")) {
        const qsizetype call = callFor(keys);
        const QString callId = item.value(kCallId).toString();
        const QString arguments = item.value(kArguments).toString();
        if (call < 0)
            out.append(ProviderEvent::makeToolCallStarted(callId, item.value(QLatin1String("name")).toString()));
        if ((call < 0 || m_calls.at(call).arguments.isEmpty()) && !arguments.isEmpty())
            out.append(ProviderEvent::makeToolCallArgumentsDelta(callId, arguments));
        out.append(ProviderEvent::makeToolCallFinished(callId));
    } else if (type == QLatin1String("message")) {
        const QString text = messageText(item);
        if (!text.isEmpty() && !streamed(m_streamedText))
            out.append(ProviderEvent::makeTextDelta(text));
    } else if (type == QLatin1String("reasoning")) {
        if (!streamed(m_streamedReasoning)) {
            for (QLatin1String array : {QLatin1String("summary"), QLatin1String("content")}) {
                for (const QJsonValue &element : item.value(array).toArray()) {
                    const QString text = element.toObject().value(kText).toString();
                    if (!text.isEmpty())
                        out.append(ProviderEvent::makeThinkingDelta(text));
                }
            }
        }
    }
    const std::optional<qint64> index = outputIndexOf(data);
    const qint64 at = index ? *index : (m_doneItems.isEmpty() ? 0 : m_doneItems.lastKey() + 1);
    m_doneItems.insert(at, item);
    return Status::Continue;
}

StreamDecoder::Status ResponsesDecoder::stop(const QJsonObject &response, const QString &stopReason,
                                             QList<ProviderEvent> &out, ProviderFailure *failure)
{
    const QJsonObject usage = response.value(QLatin1String("usage")).toObject();
    if (!usage.isEmpty()) {
        const qint64 cached = countField(usage.value(QLatin1String("input_tokens_details")).toObject(),
                                    QLatin1String("cached_tokens"));
        const Usage reported = Usage::fromInclusivePrompt(countField(usage, QLatin1String("input_tokens")),
                                                          countField(usage, QLatin1String("output_tokens")), -1, cached);
        if (!reported.isEmpty())
            out.append(ProviderEvent::makeUsageReported(reported));
    }
    QJsonArray output = response.value(QLatin1String("output")).toArray();
    if (output.isEmpty()) {
        for (const QJsonObject &item : std::as_const(m_doneItems))
            output.append(item);
    }
    bool calledTools = false;
    for (const QJsonValue &value : std::as_const(output)) {
        const QJsonObject item = value.toObject();
        const QString type = item.value(kType).toString();
        calledTools = calledTools || type == QLatin1String("function_call");
        // The server encrypts reasoning anew for the final output (output_item.done's copy
        // differs), so the final one is the one to send back.
        const QString encrypted = item.value(QLatin1String("encrypted_content")).toString();
        if (type == QLatin1String("reasoning") && !encrypted.isEmpty())
            out.append(ProviderEvent::makeRedactedThinking(encrypted));
    }
    Result<QList<Message>> messages = wire::openairesponses::itemsFromJson(output);
    if (!messages.ok()) {
        SseEvent event;
        event.event = "response.completed";
        event.data = QJsonDocument(response).toJson(QJsonDocument::Compact);
        *failure = protocolFailure(event, messages.error().toString());
        return Status::Failed;
    }
    QList<Part> parts;
    for (const Message &message : std::as_const(messages.value()))
        parts.append(message.parts);
    QString reason = stopReason;
    if (reason.isEmpty())
        reason = calledTools ? QStringLiteral("tool_use") : QStringLiteral("end_turn");
    out.append(ProviderEvent::makeStopped(reason, parts));
    return Status::Done;
}

} // namespace valis::providers::openairesponses
