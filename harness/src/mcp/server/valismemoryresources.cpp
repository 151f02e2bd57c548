// ValisMemoryServer's resources, prompts, completions and change detection.
#include "valis/mcp/valismemoryserver.h"

#include "valismemorycommon.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/memorypager.h"
#include "valis/store/sessionstore.h"

#include <QUrl>
#include <QUrlQuery>

namespace valis {

using namespace mcpmemory;

namespace {

constexpr int ResourcesPerPage = 100;
constexpr int MaxCompletions = 100;

QJsonObject resourceEntry(const QString &uri, const QString &name, const QString &description, qint64 size)
{
    return {{QStringLiteral("uri"), uri},
            {QStringLiteral("name"), name},
            {QStringLiteral("description"), description},
            {QStringLiteral("mimeType"), QStringLiteral("text/plain")},
            {QStringLiteral("size"), size}};
}

QJsonObject textResource(const QString &uri, const QString &text, const QString &nextUri)
{
    QJsonObject content{{QStringLiteral("uri"), uri}, {QStringLiteral("mimeType"), QStringLiteral("text/plain")},
                        {QStringLiteral("text"), text}};
    if (!nextUri.isEmpty())
        content.insert(QStringLiteral("_meta"), QJsonObject{{QStringLiteral("valis/nextUri"), nextUri}});
    return {{QStringLiteral("contents"), QJsonArray{content}}};
}

QJsonObject completion(const QStringList &values, qsizetype total)
{
    return {{QStringLiteral("completion"), QJsonObject{{QStringLiteral("values"), QJsonArray::fromStringList(values)},
                                                       {QStringLiteral("total"), qint64(total)},
                                                       {QStringLiteral("hasMore"), total > values.size()}}}};
}

} // namespace

Result<QJsonObject> ValisMemoryServer::listResources(const McpCaller &, const QString &cursor)
{
    const Result<qint64> offset = offsetOf(cursor);
    if (offset.hasError())
        return offset.error();
    QJsonArray resources;
    if (!m_memory)
        return QJsonObject{{QStringLiteral("resources"), resources}};
    // The /memories/ files first (one page: an agent keeps tens of them), then the records,
    // newest first, a page at a time.
    if (*offset == 0) {
        const Result<QList<MemoryRecord>> files = m_memory->listFiles(m_options.agentId);
        if (files.hasError())
            return files.error();
        for (const MemoryRecord &record : *files)
            resources.append(resourceEntry(memoriesUri(record.path), QStringLiteral("/memories/") + record.path, record.summary, record.sizeBytes));
    }
    MemoryFilter filter;
    filter.agentId = m_options.agentId;
    filter.offset = int(*offset);
    filter.limit = ResourcesPerPage + 1;
    const Result<QList<MemoryRecord>> records = m_memory->list(filter);
    if (records.hasError())
        return records.error();
    for (qsizetype i = 0; i < records->size() && i < ResourcesPerPage; ++i) {
        const MemoryRecord &record = records->at(i);
        if (record.type == QLatin1String(MemoryType::MemoryFile))
            continue;
        resources.append(resourceEntry(memoryUri(record.key), record.key, record.summary, record.sizeBytes));
    }
    QJsonObject result{{QStringLiteral("resources"), resources}};
    if (records->size() > ResourcesPerPage)
        result.insert(QStringLiteral("nextCursor"), cursorFor(*offset + ResourcesPerPage));
    return result;
}

QJsonArray ValisMemoryServer::resourceTemplates() const
{
    const auto entry = [](const QString &uri, const QString &name, const QString &description) {
        return QJsonObject{{QStringLiteral("uriTemplate"), uri}, {QStringLiteral("name"), name},
                           {QStringLiteral("description"), description}, {QStringLiteral("mimeType"), QStringLiteral("text/plain")}};
    };
    return {entry(QStringLiteral("valis://memory/{key}{?offset}"), QStringLiteral("memory"),
                  QStringLiteral("A stored memory, from line `offset` (default 1), up to 2,000 lines or 64 KiB; _meta "
                                 "\"valis/nextUri\" names the next page.")),
            entry(QStringLiteral("valis://memories/{+path}{?offset}"), QStringLiteral("memories-file"),
                  QStringLiteral("A file of the agent's /memories/ folder, paged as a memory.")),
            entry(QStringLiteral("valis://session/{id}{?page}"), QStringLiteral("session"),
                  QStringLiteral("A session's messages, 50 per page (page from 1).")),
    };
}

Result<QJsonObject> ValisMemoryServer::readResource(const McpCaller &, const QString &uri)
{
    const QUrl url(uri);
    if (url.scheme() != QLatin1String("valis") || !url.isValid())
        return notFound(QStringLiteral("Not a Valis resource: ") + uri);
    const QString host = url.host();
    QString rest = url.path(QUrl::FullyDecoded);
    while (rest.startsWith(QLatin1Char('/')))
        rest.remove(0, 1);
    const QUrlQuery query(url);
    const auto number = [&query](const QString &name, qint64 fallback, qint64 low) -> Result<qint64> {
        if (!query.hasQueryItem(name))
            return fallback;
        bool ok = false;
        const qint64 value = query.queryItemValue(name).toLongLong(&ok);
        if (!ok || value < low)
            return invalidParams(QStringLiteral("`%1` in the URI must be a whole number from %2").arg(name).arg(low));
        return value;
    };
    if (rest.isEmpty())
        return notFound(QStringLiteral("The URI names nothing: ") + uri);

    if (host == QLatin1String("memory") || host == QLatin1String("memories")) {
        if (!m_memory)
            return Error(QStringLiteral("mcp.unavailable"), QStringLiteral("Valis has no memory store."));
        const Result<qint64> offset = number(QStringLiteral("offset"), 1, 1);
        if (offset.hasError())
            return offset.error();
        MemoryPagerRequest request;
        request.key = host == QLatin1String("memories") ? QStringLiteral("/memories/") + rest : rest;
        request.agentId = m_options.agentId;
        request.offset = *offset;
        request.limit = memorypager::MaxLines;
        const MemoryPagerAnswer answer = readMemoryPage(*m_memory, request);
        if (answer.isError)
            return notFound(answer.text);
        QString next;
        if (answer.nextOffset >= 0) {
            // A line longer than a page goes on by bytes, which a resource URI does not offer:
            // its first page is all the resource shows, and the footer says so.
            QString base = uri;
            base.truncate(base.indexOf(QLatin1Char('?')) >= 0 ? base.indexOf(QLatin1Char('?')) : base.size());
            if (answer.nextUnit == MemoryPageRequest::Unit::Lines)
                next = base + QStringLiteral("?offset=") + QString::number(answer.nextOffset);
        }
        return textResource(uri, QString::fromUtf8(answer.bytes), next);
    }
    if (host == QLatin1String("session")) {
        if (!m_sessions)
            return Error(QStringLiteral("mcp.unavailable"), QStringLiteral("Valis's session store could not be opened."));
        const Result<qint64> page = number(QStringLiteral("page"), 1, 1);
        if (page.hasError())
            return page.error();
        const qint64 from = (*page - 1) * SessionPageMessages;
        const Result<SessionPage> messages = sessionPage(*m_sessions, rest, from, SessionPageMessages);
        if (messages.hasError())
            return messages.error();
        const bool more = messages->next >= 0 && messages->next < from + SessionPageMessages;
        QString text = QStringLiteral("[session %1 \"%2\": page %3, messages from #%4, %5 in all]\n\n")
                           .arg(rest, messages->title, QString::number(*page), QString::number(from), QString::number(messages->total))
            + messages->text;
        if (more)
            text += QStringLiteral("[The page is cut to stay under about 10k tokens; read the rest with read_session from #%1.]")
                        .arg(messages->next);
        const QString next = messages->next >= 0 ? sessionUri(rest, *page + 1) : QString();
        return textResource(uri, text, next);
    }
    return notFound(QStringLiteral("Not a Valis resource: ") + uri);
}

QJsonArray ValisMemoryServer::prompts() const
{
    QJsonArray list{QJsonObject{
        {QStringLiteral("name"), QStringLiteral("recall")},
        {QStringLiteral("title"), QStringLiteral("Recall what Valis knows")},
        {QStringLiteral("description"), QStringLiteral("The memories and past conversations relevant to a task, to start it informed.")},
        {QStringLiteral("arguments"), QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("task")},
                                                             {QStringLiteral("description"), QStringLiteral("What you are about to do.")},
                                                             {QStringLiteral("required"), true}}}}}};
    if (m_prompts) {
        for (const QJsonValue &prompt : m_prompts->prompts())
            list.append(prompt);
    }
    return list;
}

Result<QJsonObject> ValisMemoryServer::getPrompt(const McpCaller &, const QString &name, const QJsonObject &arguments)
{
    if (name == QLatin1String("recall"))
        return recallPrompt(arguments);
    if (m_prompts)
        return m_prompts->getPrompt(name, arguments);
    return notFound(QStringLiteral("No prompt is called \"%1\".").arg(name));
}

Result<QJsonObject> ValisMemoryServer::recallPrompt(const QJsonObject &arguments)
{
    const QString task = arguments.value(QStringLiteral("task")).toString().trimmed();
    if (task.isEmpty())
        return invalidParams(QStringLiteral("The recall prompt needs a `task`."));
    // The task's words, any of which may match: a memory search wants every word, so each
    // longer word is searched alone and the hits merged, best first.
    QStringList words;
    for (const QString &word : task.split(QRegularExpression(QStringLiteral("[^\\p{L}\\p{N}_]+")), Qt::SkipEmptyParts)) {
        if (word.size() >= 4 && !words.contains(word.toLower()))
            words.append(word.toLower());
    }
    QString memories;
    QSet<QString> seen;
    if (m_memory) {
        for (const QString &word : std::as_const(words).mid(0, 8)) {
            MemoryFilter filter;
            filter.agentId = m_options.agentId;
            filter.limit = 5;
            const Result<QList<MemoryHit>> hits = m_memory->search(word, filter);
            if (hits.hasError())
                continue;
            for (const MemoryHit &hit : *hits) {
                if (seen.contains(hit.record.key) || seen.size() >= 10)
                    continue;
                seen.insert(hit.record.key);
                memories += QStringLiteral("- [MemoryRef: %1 - %2] %3\n")
                                .arg(hit.record.key, oneLine(hit.record.summary, 160), oneLine(hit.snippet, 240));
            }
        }
    }
    QString passages;
    if (m_sessions && !words.isEmpty()) {
        SearchQuery search;
        search.text = words.mid(0, 8).join(QStringLiteral(" OR "));
        search.ftsSyntax = true;
        search.limit = 5;
        const Result<SearchResults> found = m_sessions->search(search);
        if (found.ok()) {
            for (const SearchHit &hit : found->hits) {
                QString snippet = hit.snippet;
                snippet.remove(snippetMatchStart).remove(snippetMatchEnd);
                passages += QStringLiteral("- session %1 #%2 (%3): %4\n").arg(hit.sessionId, QString::number(hit.seq), roleName(hit.role), oneLine(snippet, 240));
            }
        }
    }
    QString text = QStringLiteral("Before starting this task, here is what Valis remembers that may bear on it.\n\nTask: %1\n\n").arg(task);
    text += memories.isEmpty() ? QStringLiteral("No stored memory matches its words.\n")
                               : QStringLiteral("Memories (read one whole with retrieve_memory):\n") + memories;
    if (!passages.isEmpty())
        text += QStringLiteral("\nPast conversations (read more with read_session):\n") + passages;
    QJsonObject message{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), QJsonValue(textContent(text))}};
    return QJsonObject{{QStringLiteral("description"), QString(QStringLiteral("What Valis remembers for: ") + oneLine(task, 80))},
                       {QStringLiteral("messages"), QJsonArray{message}}};
}

Result<QJsonObject> ValisMemoryServer::complete(const McpCaller &, const QJsonObject &ref, const QJsonObject &argument)
{
    const QString type = ref.value(QStringLiteral("type")).toString();
    const QString name = argument.value(QStringLiteral("name")).toString();
    const QString value = argument.value(QStringLiteral("value")).toString();
    QStringList values;
    if (type == QLatin1String("ref/resource") && m_memory) {
        const QString uri = ref.value(QStringLiteral("uri")).toString();
        if (uri.startsWith(QLatin1String("valis://memories/")) && name == QLatin1String("path")) {
            const Result<QList<MemoryRecord>> files = m_memory->listFiles(m_options.agentId, value);
            if (files.ok()) {
                for (const MemoryRecord &record : *files)
                    values.append(record.path);
            }
        } else if (uri.startsWith(QLatin1String("valis://memory/")) && name == QLatin1String("key")) {
            MemoryFilter filter;
            filter.agentId = m_options.agentId;
            filter.limit = 1000;
            const Result<QList<MemoryRecord>> records = m_memory->list(filter);
            if (records.ok()) {
                for (const MemoryRecord &record : *records) {
                    if (record.key.startsWith(value))
                        values.append(record.key);
                }
            }
        }
    }
    if (type == QLatin1String("ref/resource") && m_sessions && name == QLatin1String("id")
        && ref.value(QStringLiteral("uri")).toString().startsWith(QLatin1String("valis://session/"))) {
        const Result<QList<SessionInfo>> sessions = m_sessions->sessions();
        if (sessions.ok()) {
            for (const SessionInfo &info : *sessions) {
                if (info.id.startsWith(value))
                    values.append(info.id);
            }
        }
    }
    const qsizetype total = values.size();
    return completion(values.mid(0, MaxCompletions), total);
}

ValisMemoryServer::Fingerprint ValisMemoryServer::fingerprint() const
{
    Fingerprint print;
    if (!m_memory)
        return print;
    const Result<MemoryStats> stats = m_memory->stats(m_options.agentId);
    if (stats.ok()) {
        print.records = stats->records;
        print.inactive = stats->inactiveRecords;
        print.bytes = stats->contentBytes;
    }
    MemoryFilter newest;
    newest.agentId = m_options.agentId;
    newest.limit = 1;
    const Result<QList<MemoryRecord>> records = m_memory->list(newest);
    if (records.ok() && !records->isEmpty())
        print.newestKey = records->first().key;
    const Result<QList<MemoryRecord>> files = m_memory->listFiles(m_options.agentId);
    if (files.ok()) {
        for (const MemoryRecord &record : *files)
            print.files.insert(record.path, record.sha256.isEmpty() ? record.key : record.sha256);
    }
    return print;
}

std::optional<qint64> ValisMemoryServer::changeCounter() const
{
    if (!m_memory)
        return std::nullopt;
    const Result<qint64> counter = m_memory->changeCounter();
    return counter.ok() ? std::optional<qint64>(*counter) : std::nullopt;
}

void ValisMemoryServer::checkForChanges()
{
    if (m_prompts && m_prompts->changedSinceLastAsked())
        Q_EMIT promptsChanged();
    if (!m_memory)
        return;
    // The fingerprint reads the whole agent's stats and /memories/ listing: at 100k records that
    // is work the poll should not do every two seconds when the counter says nothing moved. The
    // counter is read first, so a write landing while the fingerprint is read is seen next time.
    std::optional<qint64> counter = changeCounter();
    if (counter && counter == m_lastCounter)
        return;
    m_lastCounter = counter;
    Fingerprint now = fingerprint();
    if (now == m_last)
        return;
    QStringList uris;
    for (auto it = now.files.cbegin(); it != now.files.cend(); ++it) {
        if (m_last.files.value(it.key()) != it.value())
            uris.append(memoriesUri(it.key()));
    }
    for (auto it = m_last.files.cbegin(); it != m_last.files.cend(); ++it) {
        if (!now.files.contains(it.key()))
            uris.append(memoriesUri(it.key()));
    }
    if (!now.newestKey.isEmpty() && now.newestKey != m_last.newestKey)
        uris.append(memoryUri(now.newestKey));
    m_last = std::move(now);
    Q_EMIT resourcesChanged(uris);
}

} // namespace valis
