// ValisMemoryServer's tools: each answers in under about 10k tokens, with a cursor or the next
// offset for more, and search results link the resources they found.
#include "valis/mcp/valismemoryserver.h"

#include "valismemorycommon.h"

#include "valis/core/modeltext.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memorypager.h"
#include "valis/store/sessionstore.h"

#include <QRegularExpression>

#include <optional>

namespace valis {

using namespace mcpmemory;

namespace {

constexpr int DefaultHits = 10;
constexpr int MaxHits = 50;
constexpr int MaxSkipped = 500;
constexpr qint64 MaxStoredBytes = 1024 * 1024;
constexpr int MaxDescription = 200;

/// An integer argument in [low, high], `fallback` when absent.
Result<qint64> integer(const QJsonObject &arguments, const QString &name, qint64 fallback, qint64 low, qint64 high)
{
    const QJsonValue value = arguments.value(name);
    if (value.isUndefined() || value.isNull())
        return fallback;
    const double number = value.toDouble(-1e300);
    if (!value.isDouble() || number != double(qint64(number)) || number < double(low) || number > double(high))
        return invalidParams(QStringLiteral("`%1` must be a whole number from %2 to %3").arg(name, QString::number(low), QString::number(high)));
    return qint64(number);
}

Result<QString> text(const QJsonObject &arguments, const QString &name, bool required)
{
    const QJsonValue value = arguments.value(name);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            return invalidParams(QStringLiteral("`%1` is required").arg(name));
        return QString();
    }
    if (!value.isString())
        return invalidParams(QStringLiteral("`%1` must be a string").arg(name));
    return value.toString();
}

/// The first error among `results`, in order.
template<typename... T>
std::optional<Error> firstError(const Result<T> &...results)
{
    std::optional<Error> error;
    ((error || results.ok() ? void() : void(error = results.error())), ...);
    return error;
}

/// The arguments every search tool takes: query, cursor and limit.
struct SearchArguments
{
    QString query;
    qint64 skip = 0;
    qint64 limit = DefaultHits;
};

Result<SearchArguments> searchArguments(const QJsonObject &arguments)
{
    const Result<QString> query = text(arguments, QStringLiteral("query"), true);
    const Result<QString> cursor = text(arguments, QStringLiteral("cursor"), false);
    const Result<qint64> limit = integer(arguments, QStringLiteral("limit"), DefaultHits, 1, MaxHits);
    if (const std::optional<Error> error = firstError(query, cursor, limit))
        return *error;
    const Result<qint64> skip = offsetOf(*cursor);
    if (skip.hasError())
        return skip.error();
    if (query->trimmed().isEmpty())
        return invalidParams(QStringLiteral("`query` must contain a word"));
    return SearchArguments{*query, *skip, *limit};
}

/// One page of a search tool's answer as it is gathered.
struct SearchPage
{
    QString text; ///< the results' lines
    QJsonArray results;
    QJsonArray links;
};

/// The answer: the page's results under `heading` and over `footer`, or `none` when there are
/// none; when `next` >= 0 more matched, and `more` (with %1 for the cursor) says how to get them.
QJsonObject searchAnswer(SearchPage page, const QString &none, const QString &heading, const QString &footer,
                         const QString &more, qint64 next)
{
    QJsonObject structured{{QStringLiteral("results"), page.results}};
    QString out = none;
    if (!page.results.isEmpty()) {
        out = heading + QStringLiteral("\n\n") + page.text + QLatin1Char('\n') + footer;
        if (next >= 0) {
            const QString cursor = cursorFor(next);
            structured.insert(QStringLiteral("nextCursor"), cursor);
            out += QLatin1Char(' ') + more.arg(cursor);
        }
    }
    return toolResult(out, structured, page.links);
}

QString noStore()
{
    return QStringLiteral("Valis has no memory store (it is not configured or could not be opened).");
}

QString facts(const MemoryRecord &record)
{
    return QStringLiteral("%1, %2, %3").arg(record.type, modeltext::plural(record.lineCount, QStringLiteral("line")),
                                            modeltext::plural(record.sizeBytes, QStringLiteral("byte")));
}

QString snippetText(QString snippet)
{
    snippet.replace(snippetMatchStart, QStringLiteral("**"));
    snippet.replace(snippetMatchEnd, QStringLiteral("**"));
    return oneLine(snippet, 300);
}

} // namespace

Result<QJsonObject> ValisMemoryServer::searchMemory(const QJsonObject &arguments)
{
    const Result<SearchArguments> search = searchArguments(arguments);
    const Result<QString> type = text(arguments, QStringLiteral("type"), false);
    const Result<QString> session = text(arguments, QStringLiteral("session"), false);
    if (const std::optional<Error> error = firstError(search, type, session))
        return *error;
    const QString &query = search->query;
    const qint64 skip = search->skip;
    const qint64 limit = search->limit;
    if (skip > MaxSkipped)
        return toolResult(QStringLiteral("No more results are paged past %1 matches: add words to the query.").arg(MaxSkipped));
    if (!m_memory)
        return toolError(noStore());

    MemoryFilter filter;
    filter.agentId = m_options.agentId;
    filter.type = type->trimmed().toLower();
    filter.sessionId = session->trimmed();
    filter.limit = int(skip + limit + 1);
    const Result<QList<MemoryHit>> hits = m_memory->search(query.trimmed(), filter);
    if (hits.hasError())
        return toolError(QStringLiteral("search_memory failed: %1").arg(hits.error().message));

    SearchPage page;
    qint64 shown = 0;
    for (qsizetype i = skip; i < hits->size() && shown < limit; ++i, ++shown) {
        const MemoryHit &hit = hits->at(i);
        const MemoryRecord &record = hit.record;
        const QString uri = record.path.isEmpty() ? memoryUri(record.key) : memoriesUri(record.path);
        page.text += QStringLiteral("%1. %2 - %3\n   %4 · %5%6\n").arg(QString::number(i + 1), record.key, oneLine(record.summary, 200),
                                                                     facts(record), record.createdAt.toUTC().toString(Qt::ISODate),
                                                                     record.path.isEmpty() ? QString() : QStringLiteral(" · /memories/") + record.path);
        const QString snippet = snippetText(hit.snippet);
        if (!snippet.isEmpty())
            page.text += QStringLiteral("   > ") + snippet + QLatin1Char('\n');
        page.results.append(QJsonObject{{QStringLiteral("key"), record.key},
                                        {QStringLiteral("summary"), record.summary},
                                        {QStringLiteral("type"), record.type},
                                        {QStringLiteral("path"), record.path},
                                        {QStringLiteral("sessionId"), record.sessionId},
                                        {QStringLiteral("createdAt"), record.createdAt.toUTC().toString(Qt::ISODate)},
                                        {QStringLiteral("lines"), record.lineCount},
                                        {QStringLiteral("bytes"), record.sizeBytes},
                                        {QStringLiteral("snippet"), snippet},
                                        {QStringLiteral("uri"), uri}});
        page.links.append(resourceLink(uri, record.key, oneLine(record.summary, 200), QStringLiteral("text/plain")));
    }
    return searchAnswer(std::move(page),
                        skip > 0 ? QStringLiteral("No more memories match \"%1\".").arg(query)
                                 : QStringLiteral("No memories match \"%1\". Try fewer words or the start of a word.").arg(query),
                        QStringLiteral("Memories matching \"%1\", best first:").arg(query),
                        QStringLiteral("Read one with retrieve_memory (its key; page with offset and limit) or the linked resource."),
                        QStringLiteral("More matches: call search_memory again with cursor \"%1\"."),
                        hits->size() > skip + shown ? skip + shown : -1);
}

Result<QJsonObject> ValisMemoryServer::retrieveMemory(const QJsonObject &arguments, const QString &pathPrefix)
{
    const bool file = !pathPrefix.isEmpty();
    const Result<QString> raw = text(arguments, file ? QStringLiteral("path") : QStringLiteral("key"), true);
    const Result<QString> unitName = text(arguments, QStringLiteral("unit"), false);
    if (const std::optional<Error> error = firstError(raw, unitName))
        return *error;
    if (!unitName->isEmpty() && *unitName != QLatin1String("lines") && *unitName != QLatin1String("bytes"))
        return invalidParams(QStringLiteral("`unit` must be \"lines\" or \"bytes\""));
    const bool lines = *unitName != QLatin1String("bytes");
    const Result<qint64> offset = integer(arguments, QStringLiteral("offset"), lines ? 1 : 0, lines ? 1 : 0, memorypager::MaxOffset);
    const Result<qint64> limit = integer(arguments, QStringLiteral("limit"), lines ? memorypager::DefaultLines : memorypager::DefaultBytes,
                                         1, lines ? memorypager::MaxLines : memorypager::MaxPageBytes);
    if (const std::optional<Error> error = firstError(offset, limit))
        return *error;
    QString key;
    if (file) {
        QString path = raw->trimmed();
        if (path.startsWith(pathPrefix))
            path = path.mid(pathPrefix.size());
        while (path.startsWith(QLatin1Char('/')))
            path.remove(0, 1);
        if (path.isEmpty())
            return invalidParams(QStringLiteral("`path` names no file"));
        key = pathPrefix + path;
    } else {
        key = keyFrom(*raw);
        if (key.isEmpty())
            return invalidParams(QStringLiteral("`key` holds no key"));
    }
    if (!m_memory)
        return toolError(noStore());

    MemoryPagerRequest request;
    request.key = key;
    request.agentId = m_options.agentId;
    request.unit = lines ? MemoryPageRequest::Unit::Lines : MemoryPageRequest::Unit::Bytes;
    request.offset = *offset;
    request.limit = *limit;
    const MemoryPagerAnswer answer = readMemoryPage(*m_memory, request);
    if (answer.isError)
        return toolError(answer.text);
    const auto unitText = [](MemoryPageRequest::Unit unit) {
        return unit == MemoryPageRequest::Unit::Lines ? QStringLiteral("lines") : QStringLiteral("bytes");
    };
    QJsonObject structured{{QStringLiteral("key"), answer.key},
                           {QStringLiteral("unit"), unitText(answer.unit)},
                           {QStringLiteral("first"), answer.first},
                           {QStringLiteral("count"), answer.count},
                           {QStringLiteral("total"), answer.total},
                           {QStringLiteral("text"), QString::fromUtf8(answer.bytes)},
                           {QStringLiteral("nextOffset"), answer.nextOffset >= 0 ? QJsonValue(answer.nextOffset) : QJsonValue()},
                           {QStringLiteral("nextUnit"), unitText(answer.nextUnit)}};
    return toolResult(answer.text, structured);
}

Result<QJsonObject> ValisMemoryServer::storeMemory(const McpCaller &caller, const QJsonObject &arguments)
{
    const Result<QString> content = text(arguments, QStringLiteral("content"), true);
    const Result<QString> description = text(arguments, QStringLiteral("description"), true);
    const Result<QString> rawType = text(arguments, QStringLiteral("type"), false);
    if (const std::optional<Error> error = firstError(content, description, rawType))
        return *error;
    QString type = rawType->trimmed().toLower();
    type.replace(QRegularExpression(QStringLiteral("[\\s-]+")), QStringLiteral("_"));
    if (type.isEmpty())
        type = QLatin1String(MemoryType::Note);
    static const QRegularExpression word(QStringLiteral("^[a-z][a-z0-9_]{0,39}$"));
    if (!word.match(type).hasMatch() || type == QLatin1String(MemoryType::MemoryFile))
        return invalidParams(QStringLiteral("`type` must be one short lower-case word (not \"memory_file\"), like \"note\" or \"fact\""));
    const QByteArray bytes = content->toUtf8();
    if (bytes.isEmpty())
        return invalidParams(QStringLiteral("`content` is empty"));
    if (bytes.size() > MaxStoredBytes)
        return invalidParams(QStringLiteral("`content` is %1 bytes, more than one memory holds (%2)").arg(bytes.size()).arg(MaxStoredBytes));
    if (description->trimmed().isEmpty())
        return invalidParams(QStringLiteral("`description` is empty"));
    if (!m_memory)
        return toolError(noStore());

    NewMemory memory;
    memory.agentId = m_options.agentId;
    memory.type = type;
    memory.summary = oneLine(*description, MaxDescription);
    memory.content = bytes;
    // The origin mark: which agent wrote this, through which transport.
    QString source = QStringLiteral("mcp:") + (caller.clientName.isEmpty() ? QStringLiteral("unknown") : caller.clientName);
    if (!caller.clientVersion.isEmpty())
        source += QLatin1Char(' ') + caller.clientVersion;
    memory.metadata = QJsonObject{{QStringLiteral("source"), source},
                                  {QStringLiteral("origin"), QJsonObject{{QStringLiteral("client"), caller.clientName},
                                                                         {QStringLiteral("version"), caller.clientVersion},
                                                                         {QStringLiteral("transport"), caller.transport},
                                                                         {QStringLiteral("session"), caller.sessionId}}}};
    const Result<MemoryRecord> stored = m_memory->put(memory);
    if (stored.hasError())
        return toolError(QStringLiteral("store_memory failed: %1").arg(stored.error().message));
    checkForChanges();
    const MemoryRecord &record = *stored;
    const bool existing = record.metadata.value(QStringLiteral("source")).toString() != source || record.summary != memory.summary;
    const QString text = existing
        ? QStringLiteral("Already stored as %1 (same content; its description stays \"%2\"): [MemoryRef: %1 - %2]").arg(record.key, record.summary)
        : QStringLiteral("Stored as %1 (%2): [MemoryRef: %1 - %3]").arg(record.key, facts(record), record.summary);
    return toolResult(text, QJsonObject{{QStringLiteral("key"), record.key}, {QStringLiteral("uri"), memoryUri(record.key)},
                                        {QStringLiteral("existing"), existing}},
                      QJsonArray{resourceLink(memoryUri(record.key), record.key, record.summary, QStringLiteral("text/plain"))});
}

Result<QJsonObject> ValisMemoryServer::searchTranscripts(const QJsonObject &arguments)
{
    const Result<SearchArguments> paging = searchArguments(arguments);
    const Result<QString> session = text(arguments, QStringLiteral("session"), false);
    const Result<QString> role = text(arguments, QStringLiteral("role"), false);
    const Result<QString> tool = text(arguments, QStringLiteral("tool"), false);
    const Result<QString> since = text(arguments, QStringLiteral("since"), false);
    const Result<QString> until = text(arguments, QStringLiteral("until"), false);
    if (const std::optional<Error> error = firstError(paging, session, role, tool, since, until))
        return *error;
    const QString &query = paging->query;
    const qint64 skip = paging->skip;
    const qint64 limit = paging->limit;
    SearchQuery search;
    search.text = query.trimmed();
    search.sessionId = session->trimmed();
    search.toolName = tool->trimmed();
    if (!role->isEmpty()) {
        Role parsed = Role::User;
        if (!roleFromName(*role, &parsed))
            return invalidParams(QStringLiteral("`role` must be \"user\", \"assistant\" or \"system\""));
        search.role = parsed;
    }
    for (const auto &[value, bound] : {std::pair{*since, &search.since}, std::pair{*until, &search.until}}) {
        if (value.isEmpty())
            continue;
        *bound = QDateTime::fromString(value, Qt::ISODate);
        if (!bound->isValid())
            return invalidParams(QStringLiteral("`since` and `until` are ISO 8601 times (\"2026-05-01\" or \"2026-05-01T10:00:00Z\")"));
    }
    if (skip > MaxSkipped)
        return toolResult(QStringLiteral("No more results are paged past %1 hits: narrow the search.").arg(MaxSkipped));
    if (!m_sessions)
        return toolError(QStringLiteral("Valis's session store could not be opened."));
    search.limit = int(skip + limit + 1);
    const Result<SearchResults> found = m_sessions->search(search);
    if (found.hasError())
        return toolError(QStringLiteral("search_transcripts failed: %1").arg(found.error().message));

    SearchPage page;
    qint64 shown = 0;
    for (qsizetype i = skip; i < found->hits.size() && shown < limit; ++i, ++shown) {
        const SearchHit &hit = found->hits.at(i);
        const QString uri = sessionUri(hit.sessionId, hit.seq / SessionPageMessages + 1);
        const QString snippet = snippetText(hit.snippet);
        page.text += QStringLiteral("%1. session %2 \"%3\", message #%4 (%5%6, turn %7)\n   > %8\n")
                         .arg(QString::number(i + 1), hit.sessionId, oneLine(hit.sessionTitle, 80), QString::number(hit.seq),
                              roleName(hit.role), hit.toolName.isEmpty() ? QString() : QStringLiteral(", tool ") + hit.toolName,
                              QString::number(hit.turn), snippet);
        page.results.append(QJsonObject{{QStringLiteral("sessionId"), hit.sessionId},
                                        {QStringLiteral("sessionTitle"), hit.sessionTitle},
                                        {QStringLiteral("messageId"), hit.messageId},
                                        {QStringLiteral("seq"), hit.seq},
                                        {QStringLiteral("turn"), hit.turn},
                                        {QStringLiteral("role"), roleName(hit.role)},
                                        {QStringLiteral("tool"), hit.toolName},
                                        {QStringLiteral("snippet"), snippet},
                                        {QStringLiteral("uri"), uri}});
        page.links.append(resourceLink(uri, hit.sessionTitle.isEmpty() ? hit.sessionId : hit.sessionTitle,
                                       QStringLiteral("Messages around #%1").arg(hit.seq), QStringLiteral("text/plain")));
    }
    return searchAnswer(std::move(page), QStringLiteral("No transcript passages match \"%1\".").arg(query),
                        QStringLiteral("Transcript passages matching \"%1\", best first:").arg(query),
                        QStringLiteral("Read the messages around one with read_session (session id, offset = message #) or the linked resource."),
                        QStringLiteral("More hits: call again with cursor \"%1\"."),
                        found->hits.size() > skip + shown ? skip + shown : -1);
}

Result<QJsonObject> ValisMemoryServer::readSession(const QJsonObject &arguments)
{
    const Result<QString> session = text(arguments, QStringLiteral("session"), true);
    const Result<qint64> offset = integer(arguments, QStringLiteral("offset"), 0, 0, memorypager::MaxOffset);
    const Result<qint64> limit = integer(arguments, QStringLiteral("limit"), SessionPageMessages, 1, 200);
    if (const std::optional<Error> error = firstError(session, offset, limit))
        return *error;
    if (!m_sessions)
        return toolError(QStringLiteral("Valis's session store could not be opened."));
    const Result<SessionPage> page = sessionPage(*m_sessions, session->trimmed(), *offset, *limit);
    if (page.hasError())
        return toolError(page.error().message);
    QString out = QStringLiteral("[session %1 \"%2\": %3 messages from #%4 of %5]\n\n")
                      .arg(session->trimmed(), page->title, QString::number(page->shown), QString::number(*offset),
                           QString::number(page->total))
        + page->text;
    out += page->next >= 0 ? QStringLiteral("[More: read_session with offset %1.]").arg(page->next)
                           : QStringLiteral("[End of the session.]");
    return toolResult(out, QJsonObject{{QStringLiteral("session"), session->trimmed()},
                                       {QStringLiteral("shown"), page->shown},
                                       {QStringLiteral("total"), page->total},
                                       {QStringLiteral("nextOffset"), page->next >= 0 ? QJsonValue(page->next) : QJsonValue()}});
}

Result<QJsonObject> ValisMemoryServer::listMemoriesFiles(const QJsonObject &arguments)
{
    const Result<QString> prefix = text(arguments, QStringLiteral("prefix"), false);
    if (prefix.hasError())
        return prefix.error();
    QString folder = prefix->trimmed();
    if (folder.startsWith(QLatin1String("/memories/")))
        folder = folder.mid(10);
    if (!m_memory)
        return toolError(noStore());
    const Result<QList<MemoryRecord>> files = m_memory->listFiles(m_options.agentId, folder);
    if (files.hasError())
        return toolError(QStringLiteral("list_memories_files failed: %1").arg(files.error().message));
    QJsonArray list;
    QJsonArray links;
    QString out;
    int shown = 0;
    for (const MemoryRecord &record : *files) {
        if (out.size() > MaxAnswerBytes / 2 || shown == 500)
            break;
        ++shown;
        out += QStringLiteral("/memories/%1 (%2, %3) - %4\n")
                   .arg(record.path, modeltext::plural(record.lineCount, QStringLiteral("line")),
                        modeltext::plural(record.sizeBytes, QStringLiteral("byte")), oneLine(record.summary, 120));
        list.append(QJsonObject{{QStringLiteral("path"), record.path},
                                {QStringLiteral("key"), record.key},
                                {QStringLiteral("lines"), record.lineCount},
                                {QStringLiteral("bytes"), record.sizeBytes},
                                {QStringLiteral("summary"), record.summary}});
        if (links.size() < 50)
            links.append(resourceLink(memoriesUri(record.path), record.path, oneLine(record.summary, 200), QStringLiteral("text/plain")));
    }
    if (files->isEmpty())
        out = QStringLiteral("/memories/%1 holds no files.").arg(folder);
    else if (shown < files->size())
        out += QStringLiteral("[%1 more files: list a subfolder with prefix.]").arg(files->size() - shown);
    return toolResult(out, QJsonObject{{QStringLiteral("files"), list}}, links);
}

} // namespace valis
