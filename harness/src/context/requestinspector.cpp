#include "valis/context/requestinspector.h"

#include "context/requestinspectorsupport.h"

#include "valis/agent/contextpipeline.h"
#include "valis/core/modeltext.h"
#include "valis/memory/memoryref.h"
#include "valis/plugins/requestbodywriter.h"
#include "valis/record/branchindex.h"
#include "valis/record/recordjson.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(RequestInspector)
};

/// The text a message carries for previews and for finding MemoryRefs and pointers.
QString messageText(const Message &message)
{
    QStringList pieces;
    for (const Part &part : message.parts) {
        switch (part.kind) {
        case PartKind::Text:
        case PartKind::Thinking:
            pieces.append(part.text);
            break;
        case PartKind::ToolCall:
            pieces.append(QStringLiteral("\u2192 %1(%2)").arg(part.toolName, part.argumentsJson()));
            break;
        case PartKind::ToolResult: {
            QString result = part.resultText();
            for (const Part &inner : part.content) {
                if (inner.kind == PartKind::Image)
                    result += QStringLiteral(" [image %1]").arg(inner.image.mediaType);
            }
            pieces.append(QStringLiteral("\u2190 %1: %2").arg(part.toolName, result));
            break;
        }
        case PartKind::Image:
            pieces.append(QStringLiteral("[image %1]").arg(part.image.mediaType));
            break;
        }
    }
    return pieces.join(QLatin1Char('\n'));
}

QStringList pointersIn(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("/context/[^\\s\\]\\)\"'`,;<>]+"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();) {
        QString pointer = it.next().captured(0);
        while (pointer.endsWith(QLatin1Char('.')) || pointer.endsWith(QLatin1Char(':')))
            pointer.chop(1);
        if (!found.contains(pointer))
            found.append(pointer);
    }
    return found;
}

void loadImages(QList<Part> &parts, const std::function<Result<QByteArray>(const QString &)> &readBlob)
{
    for (Part &part : parts) {
        if (part.kind == PartKind::Image && part.image.data.isEmpty() && part.image.uri.startsWith(QLatin1String("blob:"))) {
            Result<QByteArray> bytes = readBlob ? readBlob(part.image.uri)
                                                : Result<QByteArray>(Error(QStringLiteral("inspector.no-blobs"), QString()));
            if (bytes.ok())
                part.image.data = bytes.value();
            else // as the agent loop sends an image it cannot read
                part = Part::makeText(modeltext::missingImageNote(part.image.mediaType));
        } else if (part.kind == PartKind::ToolResult) {
            loadImages(part.content, readBlob);
        }
    }
}

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

/// Why the rebuilt view hash differs from the recorded one, as precisely as the manifest allows.
QString viewMismatchReason(const inspector::Rebuilt &rebuilt)
{
    const RequestManifest &manifest = *rebuilt.ref.manifest;
    if (!rebuilt.problem.isEmpty())
        return rebuilt.problem;
    const QList<Message> &messages = rebuilt.request.messages;
    const qsizetype recordedCount = manifest.messageDigests.size() / 8;
    for (qsizetype i = 0; i < qMin(recordedCount, messages.size()); ++i) {
        if (viewMessageDigest(messages.at(i)) != manifest.messageDigests.mid(i * 8, 8)) {
            const Message &message = messages.at(i);
            return Text::tr("message %1 of the view (%2, id %3, turn %4) differs from the one sent: the record was changed "
                            "after the request")
                .arg(i)
                .arg(roleName(message.role), message.id.isEmpty() ? Text::tr("none") : message.id)
                .arg(message.turn);
        }
    }
    if (recordedCount != messages.size())
        return Text::tr("the rebuilt view has %1 messages, the request sent %2").arg(messages.size()).arg(recordedCount);
    if (rebuilt.systemSha256 != manifest.systemSha256)
        return Text::tr("the stored system prompt does not hash to the one recorded (%1)").arg(manifest.systemSha256.left(12));
    if (rebuilt.toolsSha256 != manifest.toolsSha256)
        return Text::tr("the stored tool definitions do not hash to the ones recorded (%1)").arg(manifest.toolsSha256.left(12));
    return Text::tr("the messages match but the model, options, output limit or cache breakpoint differ from the request sent");
}

} // namespace

namespace inspector {

QList<RequestRef> requestsOf(const QList<Message> &path, QList<Error> *errors)
{
    QList<RequestRef> recorded;
    QList<RequestRef> imported;
    for (int i = 0; i < path.size(); ++i) {
        const Message &message = path.at(i);
        if (message.role != Role::Assistant)
            continue;
        if (const auto manifest = RequestManifest::fromMessage(message)) {
            if (manifest->hasError()) {
                errors->append(manifest->error());
                continue;
            }
            recorded.append(RequestRef{i, manifest->value()});
        } else if (!message.usage.isEmpty()) {
            imported.append(RequestRef{i, std::nullopt});
        }
    }
    return recorded.isEmpty() ? imported : recorded;
}

Rebuilt rebuild(const QList<Message> &path, const RequestRef &ref, const QJsonObject &content,
                const std::shared_ptr<TokenCounter> &counter)
{
    Rebuilt out;
    out.ref = ref;
    QList<Message> record;
    QHash<QString, const Message *> byId;
    if (ref.manifest) {
        const RequestManifest &manifest = *ref.manifest;
        int last = -1;
        for (int i = ref.answerIndex - 1; i >= 0 && last < 0; --i) {
            if (path.at(i).id == manifest.lastMessageId)
                last = i;
        }
        if (last < 0) {
            out.problem = Text::tr("the message the request was built from (%1) is not on the session's path").arg(manifest.lastMessageId);
            last = ref.answerIndex - 1;
        }
        record = path.mid(0, last + 1);
        // This request's own compactions were recorded after the build started, before the answer.
        const QSet<QString> wanted(manifest.compactions.cbegin(), manifest.compactions.cend());
        QSet<QString> found;
        for (int i = last + 1; i < ref.answerIndex; ++i) {
            if (const auto event = CompactionEvent::fromMessage(path.at(i)); event && event->ok() && wanted.contains(event->value().id)) {
                record.append(path.at(i));
                found.insert(event->value().id);
            }
        }
        if (found.size() != wanted.size() && out.problem.isEmpty())
            out.problem = Text::tr("%n compaction event(s) of this request are missing from the record", nullptr,
                                   int(wanted.size() - found.size()));
    } else {
        record = path.mid(0, ref.answerIndex);
    }
    for (const Message &message : std::as_const(record))
        byId.insert(message.id, &message);

    ContextPipeline pipeline; // no strategies: it only applies what the record says was done
    pipeline.setTokenCounter(counter);
    const Message &answer = path.at(ref.answerIndex);
    const ContextView view = pipeline.build(record, answer.turn, false);
    QList<Message> messages = view.messages;
    for (const Message &message : std::as_const(messages)) {
        const Message *source = byId.value(message.id);
        if (!source) {
            out.origins.append(QStringLiteral("summary"));
            continue;
        }
        QList<Message> shown{*source};
        showCapturedResults(shown);
        out.origins.append(shown.constFirst().parts == message.parts ? QStringLiteral("record") : QStringLiteral("edited"));
    }

    ProviderRequest &request = out.request;
    if (ref.manifest) {
        const RequestManifest &manifest = *ref.manifest;
        if (messages.size() != manifest.baseMessages && out.problem.isEmpty())
            out.problem = Text::tr("the history rebuilt from the record has %1 messages, the request sent %2 before its reminders")
                              .arg(messages.size())
                              .arg(manifest.baseMessages);
        messages += manifest.appended;
        for (int i = 0; i < manifest.appended.size(); ++i)
            out.origins.append(manifest.appendedOrigins.value(i, QStringLiteral("reminder")));
        request.model = manifest.model;
        request.options = manifest.options;
        request.maxOutputTokens = manifest.maxOutputTokens;
        request.stableHistoryEnd = manifest.stableHistoryEnd;
        request.cacheKey = manifest.cacheKey;
        const QJsonObject system = content.value(manifest.systemSha256).toObject();
        const QJsonObject tools = content.value(manifest.toolsSha256).toObject();
        if (system.isEmpty() && out.problem.isEmpty())
            out.problem = Text::tr("the system prompt %1 is not stored in the session").arg(manifest.systemSha256.left(12));
        if (tools.isEmpty() && out.problem.isEmpty())
            out.problem = Text::tr("the tool definitions %1 are not stored in the session").arg(manifest.toolsSha256.left(12));
        if (!system.isEmpty()) {
            const Result<Message> prompt = systemPromptFromContent(system.value(QLatin1String("value")));
            if (prompt.ok())
                request.system = prompt.value();
            else if (out.problem.isEmpty())
                out.problem = prompt.error().message;
            out.systemSha256 = contentSha256(systemPromptContent(request.system));
        }
        if (!tools.isEmpty()) {
            request.tools = tools.value(QLatin1String("value")).toArray();
            out.toolsSha256 = contentSha256(request.tools);
        }
    } else {
        request.model = answer.model;
        request.stableHistoryEnd = view.stableHistoryEnd;
    }
    request.messages = messages;
    for (const Message &message : std::as_const(request.messages))
        out.tokens.append(counter->countMessage(message));
    out.systemTokens = request.system.parts.isEmpty() ? 0 : counter->countSystemPrompt(request.system);
    out.toolsTokens = request.tools.isEmpty() ? 0 : counter->countToolDefinitions(request.tools);
    return out;
}

} // namespace inspector

Result<RequestInspectionInput> RequestInspectionInput::fromStore(const SessionStore *store, const QString &sessionId)
{
    const Result<SessionInfo> info = store->session(sessionId);
    if (info.hasError())
        return info.error();
    const Result<QList<Message>> messages = store->messages(sessionId);
    if (messages.hasError())
        return messages.error();
    RequestInspectionInput input;
    input.sessionId = sessionId;
    input.path = BranchIndex::activePath(messages.value(), info->activeLeafId);
    input.readBlob = [store](const QString &uri) { return store->readBlob(uri); };
    return input;
}

QString requestProviderId(const QList<Message> &path, int request)
{
    QList<Error> ignored;
    const QList<inspector::RequestRef> requests = inspector::requestsOf(path, &ignored);
    if (requests.isEmpty())
        return {};
    const int index = request > 0 ? request - 1 : int(requests.size()) - 1;
    if (index >= requests.size() || !requests.at(index).manifest)
        return {};
    return requests.at(index).manifest->provider;
}

int countRequests(const QList<Message> &path)
{
    QList<Error> ignored;
    return int(inspector::requestsOf(path, &ignored).size());
}

Result<QJsonObject> inspectRequest(const RequestInspectionInput &input)
{
    QList<Error> unreadable;
    const QList<inspector::RequestRef> requests = inspector::requestsOf(input.path, &unreadable);
    if (!unreadable.isEmpty())
        return unreadable.constFirst();
    if (requests.isEmpty())
        return Error(QStringLiteral("inspector.no-requests"),
                     Text::tr("session %1 records no model request to inspect").arg(input.sessionId));
    const int number = input.request > 0 ? input.request : int(requests.size());
    if (number > requests.size())
        return Error(QStringLiteral("inspector.out-of-range"),
                     Text::tr("session %1 has %n request(s); there is no request %2", nullptr, int(requests.size()))
                         .arg(input.sessionId)
                         .arg(number));

    QJsonObject content;
    for (const inspector::RequestRef &ref : requests) {
        if (ref.manifest) {
            for (auto it = ref.manifest->content.constBegin(); it != ref.manifest->content.constEnd(); ++it)
                content.insert(it.key(), it.value());
        }
    }
    const inspector::RequestRef &ref = requests.at(number - 1);
    const Message &answer = input.path.at(ref.answerIndex);
    const QString modelName = ref.manifest ? ref.manifest->model : answer.model;
    const ModelInfo model = input.catalog.lookup(modelName).model;
    const std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(model);
    const inspector::Rebuilt rebuilt = inspector::rebuild(input.path, ref, content, counter);
    const ProviderRequest &request = rebuilt.request;

    QJsonObject out{{QStringLiteral("session"), input.sessionId},
                    {QStringLiteral("request"), number},
                    {QStringLiteral("requests"), int(requests.size())},
                    {QStringLiteral("model"), modelName},
                    {QStringLiteral("provider"), ref.manifest ? QJsonValue(ref.manifest->provider) : QJsonValue()},
                    {QStringLiteral("answerMessageId"), answer.id},
                    {QStringLiteral("turn"), answer.turn},
                    {QStringLiteral("createdAt"), answer.createdAt.isValid() ? QJsonValue(recordjson::formatTimestamp(answer.createdAt)) : QJsonValue()},
                    {QStringLiteral("source"), ref.manifest ? QStringLiteral("recorded") : QStringLiteral("imported")}};

    // The hash check.
    QJsonObject hash;
    if (ref.manifest) {
        const RequestManifest &manifest = *ref.manifest;
        const QString rebuiltView = requestViewSha256(request);
        hash.insert(QStringLiteral("recordedView"), manifest.viewSha256);
        hash.insert(QStringLiteral("rebuiltView"), rebuiltView);
        hash.insert(QStringLiteral("recordedBody"), orNull(manifest.bodySha256));
        QString rebuiltBody;
        if (input.bodyWriter) {
            ProviderRequest loaded = request;
            for (Message &message : loaded.messages)
                loadImages(message.parts, input.readBlob);
            rebuiltBody = sha256Hex(input.bodyWriter->requestBody(loaded));
        }
        hash.insert(QStringLiteral("rebuiltBody"), orNull(rebuiltBody));
        const bool viewMatches = rebuiltView == manifest.viewSha256 && rebuilt.problem.isEmpty();
        const bool bodyChecked = !rebuiltBody.isEmpty() && !manifest.bodySha256.isEmpty();
        const bool bodyMatches = !bodyChecked || rebuiltBody == manifest.bodySha256;
        hash.insert(QStringLiteral("match"), viewMatches && bodyMatches);
        hash.insert(QStringLiteral("bodyChecked"), bodyChecked);
        QString reason;
        if (!viewMatches)
            reason = viewMismatchReason(rebuilt);
        else if (!bodyMatches)
            reason = Text::tr("the view matches, but the body %1 writes for it today (%2) differs from the body sent (%3): "
                              "its wire format changed since")
                         .arg(manifest.provider, rebuiltBody.left(12), manifest.bodySha256.left(12));
        else if (bodyChecked)
            reason = Text::tr("the rebuilt view and body hash to the ones recorded when the request was sent");
        else
            reason = Text::tr("the rebuilt view hashes to the one recorded; the body was not checked (%1)")
                         .arg(manifest.bodySha256.isEmpty() ? Text::tr("its transport did not hash it")
                                                            : Text::tr("the provider %1 is not loaded").arg(manifest.provider));
        hash.insert(QStringLiteral("reason"), reason);
    } else {
        for (const char *key : {"recordedBody", "rebuiltBody", "recordedView", "rebuiltView", "match"})
            hash.insert(QLatin1String(key), QJsonValue());
        hash.insert(QStringLiteral("reason"), Text::tr("an imported session records no request: the view is rebuilt from the "
                                                       "record alone (no system prompt or tools), with nothing to check it against"));
    }
    out.insert(QStringLiteral("hash"), hash);

    // Tokens, per section and per message, with what the view points to.
    qint64 messageTokens = 0;
    for (qint64 tokens : rebuilt.tokens)
        messageTokens += tokens;
    const QString counterKind = counter->isExact() ? QStringLiteral("exact") : QStringLiteral("estimate");
    out.insert(QStringLiteral("tokens"), QJsonObject{{QStringLiteral("total"), rebuilt.systemTokens + rebuilt.toolsTokens + messageTokens},
                                                    {QStringLiteral("counter"), counterKind},
                                                    {QStringLiteral("system"), rebuilt.systemTokens},
                                                    {QStringLiteral("tools"), rebuilt.toolsTokens},
                                                    {QStringLiteral("messages"), messageTokens}});
    QJsonArray breakpoints;
    if (request.stableHistoryEnd >= 0 && request.stableHistoryEnd < request.messages.size() - 1)
        breakpoints.append(request.stableHistoryEnd);
    if (!request.messages.isEmpty())
        breakpoints.append(int(request.messages.size() - 1));
    QJsonArray messages;
    QJsonArray allRefs;
    QJsonArray allPointers;
    QSet<QString> seenRefs;
    QSet<QString> seenPointers;
    for (int i = 0; i < request.messages.size(); ++i) {
        const Message &message = request.messages.at(i);
        const QString text = messageText(message);
        QJsonArray refs;
        for (const MemoryRef &found : MemoryRef::findAll(text)) {
            const QJsonObject memoryRef{{QStringLiteral("key"), found.key}, {QStringLiteral("description"), found.summary}};
            refs.append(memoryRef);
            if (!seenRefs.contains(found.key)) {
                seenRefs.insert(found.key);
                allRefs.append(memoryRef);
            }
        }
        const QStringList pointers = pointersIn(text);
        for (const QString &pointer : pointers) {
            if (!seenPointers.contains(pointer)) {
                seenPointers.insert(pointer);
                allPointers.append(pointer);
            }
        }
        QString preview = text.left(input.previewChars);
        if (preview.size() < text.size())
            preview += QStringLiteral("\u2026");
        messages.append(QJsonObject{{QStringLiteral("index"), i},
                                    {QStringLiteral("id"), orNull(message.id)},
                                    {QStringLiteral("role"), roleName(message.role)},
                                    {QStringLiteral("turn"), message.turn},
                                    {QStringLiteral("tokens"), rebuilt.tokens.value(i)},
                                    {QStringLiteral("origin"), rebuilt.origins.value(i, QStringLiteral("record"))},
                                    {QStringLiteral("text"), preview},
                                    {QStringLiteral("chars"), qint64(text.size())},
                                    {QStringLiteral("pointers"), QJsonArray::fromStringList(pointers)},
                                    {QStringLiteral("memoryRefs"), refs},
                                    {QStringLiteral("cacheBreakpoint"), breakpoints.contains(i)}});
    }
    out.insert(QStringLiteral("sections"),
               QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("system")},
                                      {QStringLiteral("tokens"), rebuilt.systemTokens},
                                      {QStringLiteral("sha256"), orNull(ref.manifest ? ref.manifest->systemSha256 : QString())},
                                      {QStringLiteral("text"), messageText(request.system).left(input.previewChars)}},
                          QJsonObject{{QStringLiteral("kind"), QStringLiteral("tools")},
                                      {QStringLiteral("tokens"), rebuilt.toolsTokens},
                                      {QStringLiteral("sha256"), orNull(ref.manifest ? ref.manifest->toolsSha256 : QString())},
                                      {QStringLiteral("count"), int(request.tools.size())},
                                      {QStringLiteral("names"), [&request] {
                                           QJsonArray names;
                                           for (const QJsonValue &tool : request.tools)
                                               names.append(tool.toObject().value(QLatin1String("name")));
                                           return names;
                                       }()}},
                          QJsonObject{{QStringLiteral("kind"), QStringLiteral("messages")},
                                      {QStringLiteral("tokens"), messageTokens},
                                      {QStringLiteral("count"), int(request.messages.size())}}});
    out.insert(QStringLiteral("messages"), messages);
    out.insert(QStringLiteral("memoryRefs"), allRefs);
    out.insert(QStringLiteral("pointers"), allPointers);

    // What the provider said it read from and wrote to its cache, and the cost.
    const Usage &usage = answer.usage;
    const auto tokensOrNull = [](qint64 tokens) { return tokens < 0 ? QJsonValue() : QJsonValue(tokens); };
    const std::optional<double> cost = usage.isEmpty() ? std::nullopt : input.catalog.cost(modelName, usage).total();
    out.insert(QStringLiteral("cache"), QJsonObject{{QStringLiteral("breakpoints"), breakpoints},
                                                   {QStringLiteral("readTokens"), tokensOrNull(usage.cacheReadTokens)},
                                                   {QStringLiteral("writeTokens"), tokensOrNull(usage.cacheWriteTokens)},
                                                   {QStringLiteral("inputTokens"), tokensOrNull(usage.inputTokens)},
                                                   {QStringLiteral("outputTokens"), tokensOrNull(usage.outputTokens)},
                                                   {QStringLiteral("costUsd"), cost ? QJsonValue(*cost) : QJsonValue()}});

    if (input.diff) {
        if (number == 1) {
            out.insert(QStringLiteral("diff"), QJsonObject{{QStringLiteral("previous"), QJsonValue()}});
        } else {
            const inspector::Rebuilt previous = inspector::rebuild(input.path, requests.at(number - 2), content, counter);
            out.insert(QStringLiteral("diff"), inspector::diffOf(input.path, previous, number - 1, rebuilt, model));
        }
    }
    return out;
}

} // namespace valis
