#include "valis/context/contextarchive.h"

#include "context/resultsbackend.h"
#include "valis/core/ids.h"
#include "valis/filesystem/agentfilesystem.h"
#include "valis/memory/detailstore.h"

#include <QCryptographicHash>
#include <QHash>
#include <QMutex>

namespace valis {

namespace {

const QString ResultsFolder = QStringLiteral("/context/results/");
const QString TranscriptsFolder = QStringLiteral("/context/transcripts/");

/// The one-line summary a DetailStore record of moved content gets: what it was, from the
/// metadata the strategy gave.
QString summaryOf(const QByteArray &content, const QJsonObject &metadata)
{
    QString what = metadata.value(QLatin1String("description")).toString();
    if (what.isEmpty()) {
        const QString tool = metadata.value(QLatin1String("tool")).toString();
        what = tool.isEmpty() ? QStringLiteral("context content") : QStringLiteral("%1 %2").arg(tool, metadata.value(QLatin1String("item")).toString());
    }
    return QStringLiteral("%1, %2 bytes, %3 lines").arg(what.trimmed()).arg(content.size()).arg(countLines(content));
}

/// Writes results as files through the session's AgentFilesystem (no DetailStore), and
/// transcripts always.
class SessionContextArchive : public ContextArchive
{
public:
    SessionContextArchive(std::shared_ptr<AgentFilesystem> filesystem, std::shared_ptr<DetailStore> memory, QString agentId,
                          QString sessionId)
        : m_filesystem(std::move(filesystem)), m_memory(std::move(memory)), m_agentId(std::move(agentId)),
          m_sessionId(std::move(sessionId))
    {
    }

    Result<QString> storeResult(const QByteArray &content, const QString &suffix, const QJsonObject &metadata) override
    {
        if (m_memory) {
            NewMemory memory;
            memory.agentId = m_agentId;
            memory.sessionId = m_sessionId;
            memory.type = QLatin1String(MemoryType::ContextResult);
            memory.summary = summaryOf(content, metadata);
            memory.content = content;
            memory.metadata = metadata;
            memory.metadata.insert(QStringLiteral("suffix"), suffix);
            Result<MemoryRecord> stored = m_memory->put(memory);
            if (stored.hasError())
                return stored.error();
            return QString(ResultsFolder + stored->key + QLatin1Char('.') + suffix);
        }
        if (!m_filesystem)
            return Error(QStringLiteral("context.no-archive"), QStringLiteral("this session has nowhere to keep moved content"));
        // Content-addressed; a longer id only if a different content already took the short one.
        for (int digits = 6; digits <= 64; digits += 2) {
            const QString path = ResultsFolder + contentId(u"r", content, digits) + QLatin1Char('.') + suffix;
            const Result<QByteArray> existing = m_filesystem->read(path);
            if (existing.ok()) {
                if (existing.value() == content)
                    return path;
                continue;
            }
            const Result<void> written = m_filesystem->write(path, content);
            if (written.hasError())
                return written.error();
            return path;
        }
        return Error(QStringLiteral("context.archive-full"), QStringLiteral("no free content id for a result"));
    }

    Result<QStringList> storeTranscript(const QString &name, const QByteArray &json, const QByteArray &markdown) override
    {
        if (!m_filesystem)
            return Error(QStringLiteral("context.no-archive"), QStringLiteral("this session has nowhere to keep transcripts"));
        const QStringList paths{TranscriptsFolder + name + QStringLiteral(".json"), TranscriptsFolder + name + QStringLiteral(".md")};
        Result<void> written = m_filesystem->write(paths.at(0), json);
        if (written.ok())
            written = m_filesystem->write(paths.at(1), markdown);
        if (written.hasError())
            return written.error();
        return paths;
    }

    Result<QByteArray> read(const QString &path) const override
    {
        if (!m_filesystem)
            return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(path));
        return m_filesystem->read(path);
    }

private:
    std::shared_ptr<AgentFilesystem> m_filesystem;
    std::shared_ptr<DetailStore> m_memory;
    QString m_agentId;
    QString m_sessionId;
};

} // namespace

ContextArchive::~ContextArchive() = default;

std::shared_ptr<ContextArchive> ContextArchive::forSession(std::shared_ptr<AgentFilesystem> filesystem,
                                                           std::shared_ptr<DetailStore> memory, const QString &agentId,
                                                           const QString &sessionId)
{
    return std::make_shared<SessionContextArchive>(std::move(filesystem), std::move(memory), agentId, sessionId);
}

void ContextArchive::mountResults(AgentFilesystem &filesystem, std::shared_ptr<DetailStore> memory, const QString &agentId,
                                  const QString &sessionId)
{
    filesystem.mount(QStringLiteral("/context/results/"),
                     std::make_shared<DetailStoreResultsBackend>(std::move(memory), agentId, sessionId));
}

QString contextResultId(const QByteArray &content, int hexDigits)
{
    return contentId(u"r", content, hexDigits);
}

class MemoryContextArchive::Private
{
public:
    mutable QMutex mutex;
    QHash<QString, QByteArray> files;
    QStringList order;
};

MemoryContextArchive::MemoryContextArchive() : d(std::make_unique<Private>()) {}
MemoryContextArchive::~MemoryContextArchive() = default;

Result<QString> MemoryContextArchive::storeResult(const QByteArray &content, const QString &suffix, const QJsonObject &)
{
    QMutexLocker lock(&d->mutex);
    for (int digits = 6; digits <= 64; digits += 2) {
        const QString path = ResultsFolder + contentId(u"r", content, digits) + QLatin1Char('.') + suffix;
        const auto it = d->files.constFind(path);
        if (it != d->files.cend() && it.value() != content)
            continue;
        if (it == d->files.cend()) {
            d->files.insert(path, content);
            d->order.append(path);
        }
        return path;
    }
    return Error(QStringLiteral("context.archive-full"), QStringLiteral("no free content id for a result"));
}

Result<QStringList> MemoryContextArchive::storeTranscript(const QString &name, const QByteArray &json, const QByteArray &markdown)
{
    QMutexLocker lock(&d->mutex);
    const QStringList paths{TranscriptsFolder + name + QStringLiteral(".json"), TranscriptsFolder + name + QStringLiteral(".md")};
    for (int i = 0; i < 2; ++i) {
        if (!d->files.contains(paths.at(i)))
            d->order.append(paths.at(i));
        d->files.insert(paths.at(i), i == 0 ? json : markdown);
    }
    return paths;
}

Result<QByteArray> MemoryContextArchive::read(const QString &path) const
{
    QMutexLocker lock(&d->mutex);
    const auto it = d->files.constFind(path);
    if (it == d->files.cend())
        return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist.").arg(path));
    return it.value();
}

QStringList MemoryContextArchive::paths() const
{
    QMutexLocker lock(&d->mutex);
    return d->order;
}

} // namespace valis
