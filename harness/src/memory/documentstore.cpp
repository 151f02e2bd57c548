#include "valis/memory/documentstore.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonDocument>
#include <QMutex>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <algorithm>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::DocumentStore)
};

// Entries are listed in pages of this many records while looking for a key.
constexpr int EntryPage = 500;
constexpr qsizetype MaxSlug = 24;

QString stateName(DocumentInfo::State state)
{
    switch (state) {
    case DocumentInfo::State::Active:
        return QStringLiteral("active");
    case DocumentInfo::State::Deleted:
        return QStringLiteral("deleted");
    case DocumentInfo::State::Expired:
        return QStringLiteral("expired");
    }
    return QStringLiteral("active");
}

DocumentInfo::State stateFromName(const QString &name)
{
    if (name == QLatin1String("deleted"))
        return DocumentInfo::State::Deleted;
    if (name == QLatin1String("expired"))
        return DocumentInfo::State::Expired;
    return DocumentInfo::State::Active;
}

DocumentSource sourceFromName(const QString &name)
{
    if (name == QLatin1String("from_call"))
        return DocumentSource::FromCall;
    if (name == QLatin1String("from_key"))
        return DocumentSource::FromKey;
    return DocumentSource::Content;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime timeFrom(const QJsonValue &value)
{
    QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (time.isValid())
        time = time.toUTC();
    return time;
}

QJsonObject metadataOf(const DocumentInfo &info, qint64 revision)
{
    return QJsonObject{
        {QStringLiteral("fileKey"), info.fileKey},
        {QStringLiteral("name"), info.name},
        {QStringLiteral("contentKey"), info.contentKey},
        {QStringLiteral("retentionDays"), info.retentionDays},
        {QStringLiteral("pinned"), info.pinned},
        {QStringLiteral("createdAt"), timeText(info.createdAt)},
        {QStringLiteral("source"), documentSourceName(info.source)},
        {QStringLiteral("sourceRef"), info.sourceRef},
        {QStringLiteral("sizeBytes"), info.sizeBytes},
        {QStringLiteral("lineCount"), info.lineCount},
        {QStringLiteral("state"), stateName(info.state)},
        {QStringLiteral("endedAt"), timeText(info.endedAt)},
        {QStringLiteral("revision"), revision},
    };
}

DocumentInfo infoFrom(const MemoryRecord &entry)
{
    const QJsonObject m = entry.metadata;
    DocumentInfo info;
    info.fileKey = m.value(QLatin1String("fileKey")).toString();
    info.name = m.value(QLatin1String("name")).toString();
    info.agentId = entry.agentId;
    info.sessionId = entry.sessionId;
    info.contentKey = m.value(QLatin1String("contentKey")).toString();
    info.entryKey = entry.key;
    info.retentionDays = m.value(QLatin1String("retentionDays")).toInt(DocumentStore::DefaultRetentionDays);
    info.pinned = m.value(QLatin1String("pinned")).toBool();
    info.createdAt = timeFrom(m.value(QLatin1String("createdAt")));
    if (!info.createdAt.isValid())
        info.createdAt = entry.createdAt;
    if (!info.pinned)
        info.expiresAt = info.createdAt.addDays(info.retentionDays);
    info.source = sourceFromName(m.value(QLatin1String("source")).toString());
    info.sourceRef = m.value(QLatin1String("sourceRef")).toString();
    info.sizeBytes = qint64(m.value(QLatin1String("sizeBytes")).toDouble());
    info.lineCount = qint64(m.value(QLatin1String("lineCount")).toDouble());
    info.state = stateFromName(m.value(QLatin1String("state")).toString());
    info.endedAt = timeFrom(m.value(QLatin1String("endedAt")));
    return info;
}

qint64 revisionOf(const MemoryRecord &entry)
{
    return qint64(entry.metadata.value(QLatin1String("revision")).toDouble());
}

Error unknownDocument(const QString &fileKey)
{
    return Error(QStringLiteral("document.unknown"), Text::tr("no document has the key %1").arg(fileKey));
}

} // namespace

QString documentSourceName(DocumentSource source)
{
    switch (source) {
    case DocumentSource::Content:
        return QStringLiteral("content");
    case DocumentSource::FromCall:
        return QStringLiteral("from_call");
    case DocumentSource::FromKey:
        return QStringLiteral("from_key");
    }
    return QStringLiteral("content");
}

DocumentStore::DocumentStore(DetailStore &store, Clock now) : m_store(store), m_now(std::move(now)) {}

QDateTime DocumentStore::now() const
{
    return (m_now ? m_now() : QDateTime::currentDateTimeUtc()).toUTC();
}

bool DocumentStore::isDocumentKey(const QString &key)
{
    static const QRegularExpression form(QStringLiteral("^doc-[a-z0-9-]*[0-9a-f]{6}$"));
    return form.match(key).hasMatch();
}

QString DocumentStore::newFileKey(const QString &name)
{
    QString slug = name.toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    slug = slug.left(MaxSlug);
    while (slug.startsWith(QLatin1Char('-')))
        slug.remove(0, 1);
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    const QString id = QString::number(QRandomGenerator::global()->bounded(0x1000000), 16).rightJustified(6, QLatin1Char('0'));
    return slug.isEmpty() ? QStringLiteral("doc-") + id : QStringLiteral("doc-%1-%2").arg(slug, id);
}

Result<DocumentInfo> DocumentStore::save(const NewDocument &document)
{
    if (document.retentionDays < 1 || document.retentionDays > MaxRetentionDays) {
        return Error(QStringLiteral("document.invalid"),
                     Text::tr("a retention of %1 days is outside 1 to %2").arg(document.retentionDays).arg(MaxRetentionDays));
    }
    DocumentInfo info;
    info.name = document.name.trimmed().isEmpty() ? QStringLiteral("document") : document.name.trimmed();
    info.fileKey = newFileKey(info.name);
    info.agentId = document.agentId.isEmpty() ? QStringLiteral("default") : document.agentId;
    info.sessionId = document.sessionId;
    info.retentionDays = document.retentionDays;
    info.pinned = document.pinned;
    info.createdAt = now();
    info.source = document.source;
    info.sourceRef = document.sourceRef;
    info.sizeBytes = document.content.size();
    info.lineCount = countLines(document.content);

    NewMemory content;
    content.agentId = info.agentId;
    content.sessionId = info.sessionId;
    content.type = QLatin1String(MemoryType::Document);
    content.summary = info.name;
    content.content = document.content;
    content.metadata = QJsonObject{{QStringLiteral("fileKey"), info.fileKey}, {QStringLiteral("name"), info.name}};
    // Identical bytes already stored for this agent come back as that record: shared, not copied.
    const Result<MemoryRecord> stored = m_store.put(content);
    if (stored.hasError())
        return stored.error();
    info.contentKey = stored->key;
    return putEntry(info, QString());
}

Result<DocumentInfo> DocumentStore::putEntry(DocumentInfo info, const QString &previousEntryKey)
{
    qint64 revision = 1;
    if (!previousEntryKey.isEmpty()) {
        const Result<MemoryRecord> previous = m_store.find(previousEntryKey);
        if (previous.ok())
            revision = revisionOf(*previous) + 1;
    }
    NewMemory entry;
    entry.agentId = info.agentId;
    entry.sessionId = info.sessionId;
    entry.type = QLatin1String(MemoryType::DocumentEntry);
    entry.summary = QStringLiteral("%1 (%2)").arg(info.name, info.fileKey);
    entry.metadata = metadataOf(info, revision);
    // The entry's content is its facts plus the revision: unique, so never merged with another.
    QJsonObject body = entry.metadata;
    body.insert(QStringLiteral("writtenAt"), timeText(QDateTime::currentDateTimeUtc()));
    entry.content = QJsonDocument(body).toJson(QJsonDocument::Compact);
    const Result<MemoryRecord> stored = m_store.put(entry);
    if (stored.hasError())
        return stored.error();
    if (!previousEntryKey.isEmpty()) {
        const Result<void> retired = m_store.deactivate(previousEntryKey);
        if (retired.hasError())
            return retired.error();
    }
    if (info.state != DocumentInfo::State::Active) {
        // An ended document's newest entry stays readable (for "deleted on <date>") but leaves lists.
        const Result<void> ended = m_store.deactivate(stored->key);
        if (ended.hasError())
            return ended.error();
    }
    info.entryKey = stored->key;
    info.expiresAt = info.pinned ? QDateTime() : info.createdAt.addDays(info.retentionDays);
    return info;
}

Result<QList<DocumentInfo>> DocumentStore::entries(const QString &agentId, bool includeEnded) const
{
    // The newest revision per file key wins.
    QHash<QString, std::pair<qint64, DocumentInfo>> newest;
    QList<QString> order;
    MemoryFilter filter;
    filter.agentId = agentId;
    filter.type = QLatin1String(MemoryType::DocumentEntry);
    filter.includeInactive = includeEnded;
    filter.limit = EntryPage;
    for (filter.offset = 0;; filter.offset += EntryPage) {
        const Result<QList<MemoryRecord>> page = m_store.list(filter);
        if (page.hasError())
            return page.error();
        for (const MemoryRecord &record : *page) {
            const DocumentInfo info = infoFrom(record);
            if (info.fileKey.isEmpty())
                continue;
            const qint64 revision = revisionOf(record);
            auto it = newest.find(info.fileKey);
            if (it == newest.end()) {
                newest.insert(info.fileKey, {revision, info});
                order.append(info.fileKey);
            } else if (revision > it->first) {
                *it = {revision, info};
            }
        }
        if (page->size() < EntryPage)
            break;
    }
    QList<DocumentInfo> documents;
    for (const QString &key : std::as_const(order)) {
        const DocumentInfo &info = newest.value(key).second;
        if (includeEnded || info.state == DocumentInfo::State::Active)
            documents.append(info);
    }
    std::sort(documents.begin(), documents.end(),
              [](const DocumentInfo &a, const DocumentInfo &b) { return a.createdAt > b.createdAt; });
    return documents;
}

Result<DocumentInfo> DocumentStore::find(const QString &agentId, const QString &fileKey) const
{
    if (!isDocumentKey(fileKey))
        return Error(QStringLiteral("document.invalid"), Text::tr("%1 is not a document key (doc-...)").arg(fileKey));
    // Live documents first: a cheap list of active entries; the whole history only when needed.
    for (const bool includeEnded : {false, true}) {
        const Result<QList<DocumentInfo>> all = entries(agentId, includeEnded);
        if (all.hasError())
            return all.error();
        for (const DocumentInfo &info : *all) {
            if (info.fileKey == fileKey)
                return info;
        }
    }
    return unknownDocument(fileKey);
}

Result<QByteArray> DocumentStore::content(const QString &agentId, const QString &fileKey) const
{
    const Result<DocumentInfo> info = find(agentId, fileKey);
    if (info.hasError())
        return info.error();
    if (info->state != DocumentInfo::State::Active)
        return Error(QStringLiteral("document.ended"), Text::tr("document %1 was deleted").arg(fileKey));
    const Result<MemoryRecord> record = m_store.get(info->contentKey);
    if (record.hasError())
        return record.error();
    return record->content;
}

Result<QList<DocumentInfo>> DocumentStore::list(const QString &agentId) const
{
    return entries(agentId, false);
}

Result<DocumentInfo> DocumentStore::remove(const QString &agentId, const QString &fileKey)
{
    return end(agentId, fileKey, DocumentInfo::State::Deleted);
}

Result<DocumentInfo> DocumentStore::setPinned(const QString &agentId, const QString &fileKey, bool pinned)
{
    const Result<DocumentInfo> current = find(agentId, fileKey);
    if (current.hasError())
        return current.error();
    if (current->state != DocumentInfo::State::Active)
        return Error(QStringLiteral("document.ended"), Text::tr("document %1 was deleted").arg(fileKey));
    if (current->pinned == pinned)
        return current;
    DocumentInfo next = *current;
    next.pinned = pinned;
    return putEntry(next, current->entryKey);
}

Result<DocumentInfo> DocumentStore::end(const QString &agentId, const QString &fileKey, DocumentInfo::State state)
{
    const Result<DocumentInfo> current = find(agentId, fileKey);
    if (current.hasError())
        return current.error();
    if (current->state != DocumentInfo::State::Active)
        return current;
    DocumentInfo ended = *current;
    ended.state = state;
    ended.endedAt = now();
    Result<DocumentInfo> stored = putEntry(ended, current->entryKey);
    if (stored.hasError())
        return stored;
    const Result<qint64> released = releaseContent(*stored, state == DocumentInfo::State::Expired);
    if (released.hasError())
        return released.error();
    return stored;
}

Result<qint64> DocumentStore::releaseContent(const DocumentInfo &ended, bool purge)
{
    // Only bytes the cabinet stored itself, and only when no live document still uses them: a
    // MemoryRef the document was saved from belongs to the record that shows it.
    const Result<MemoryRecord> record = m_store.find(ended.contentKey);
    if (record.hasError())
        return record.error().code == QLatin1String("memory.unknown-key") ? Result<qint64>(qint64(0)) : record.error();
    if (record->type != QLatin1String(MemoryType::Document))
        return qint64(0);
    const Result<QList<DocumentInfo>> live = entries(ended.agentId, false);
    if (live.hasError())
        return live.error();
    for (const DocumentInfo &other : *live) {
        if (other.contentKey == ended.contentKey)
            return qint64(0);
    }
    const Result<void> released = purge ? m_store.purge(ended.contentKey) : m_store.deactivate(ended.contentKey);
    if (released.hasError())
        return released.error();
    return purge ? record->sizeBytes : qint64(0);
}

Result<DocumentSweep> DocumentStore::sweep()
{
    DocumentSweep report;
    const Result<QList<DocumentInfo>> live = entries(QString(), false);
    if (live.hasError())
        return live.error();
    const QDateTime at = now();
    for (const DocumentInfo &info : *live) {
        if (info.pinned || !info.expiresAt.isValid() || info.expiresAt > at)
            continue;
        DocumentInfo expired = info;
        expired.state = DocumentInfo::State::Expired;
        expired.endedAt = at;
        const Result<DocumentInfo> stored = putEntry(expired, info.entryKey);
        if (stored.hasError())
            return stored.error();
        const Result<qint64> purged = releaseContent(*stored, true);
        if (purged.hasError())
            return purged.error();
        report.expired.append(info.fileKey);
        report.purgedBytes += *purged;
    }
    return report;
}

Result<std::optional<DocumentSweep>> sweepDocumentsIfDue(DetailStore &store, std::chrono::seconds interval)
{
    static QMutex mutex;
    static QHash<QString, QDateTime> lastSweeps;
    const QString id = store.description();
    const QDateTime at = QDateTime::currentDateTimeUtc();
    {
        QMutexLocker lock(&mutex);
        const QDateTime last = lastSweeps.value(id);
        if (last.isValid() && last.secsTo(at) < interval.count())
            return std::optional<DocumentSweep>();
        // Claimed before sweeping, so a second caller meanwhile does not sweep twice.
        lastSweeps.insert(id, at);
    }
    Result<DocumentSweep> swept = DocumentStore(store).sweep();
    if (swept.hasError()) {
        QMutexLocker lock(&mutex);
        lastSweeps.remove(id);
        return swept.error();
    }
    return std::optional<DocumentSweep>(std::move(swept).value());
}

} // namespace valis
