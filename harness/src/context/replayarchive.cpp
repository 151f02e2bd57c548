#include "valis/context/replayer.h"

#include <QHash>
#include <QMutex>

namespace valis {

class ReplayArchive::Private
{
public:
    mutable QMutex mutex;
    MemoryContextArchive memory;
    QHash<QString, QByteArray> files; ///< storeFile()'s
    QStringList order;
    quint64 generation = 0;

    void remember(const QString &path)
    {
        if (!order.contains(path))
            order.append(path);
        ++generation;
    }
};

ReplayArchive::ReplayArchive() : d(std::make_unique<Private>()) {}
ReplayArchive::~ReplayArchive() = default;

Result<QString> ReplayArchive::storeResult(const QByteArray &content, const QString &suffix, const QJsonObject &metadata)
{
    QMutexLocker lock(&d->mutex);
    Result<QString> path = d->memory.storeResult(content, suffix, metadata);
    if (path.ok())
        d->remember(path.value());
    return path;
}

Result<QStringList> ReplayArchive::storeTranscript(const QString &name, const QByteArray &json, const QByteArray &markdown)
{
    QMutexLocker lock(&d->mutex);
    Result<QStringList> paths = d->memory.storeTranscript(name, json, markdown);
    if (paths.ok()) {
        for (const QString &path : paths.value())
            d->remember(path);
    }
    return paths;
}

Result<QByteArray> ReplayArchive::read(const QString &path) const
{
    QMutexLocker lock(&d->mutex);
    const auto file = d->files.constFind(path);
    if (file != d->files.cend())
        return file.value();
    return d->memory.read(path);
}

Result<QString> ReplayArchive::storeFile(const QString &path, const QByteArray &content)
{
    if (!path.startsWith(QLatin1Char('/')) || path.contains(QLatin1String("/../")) || path.endsWith(QLatin1Char('/')))
        return Error(QStringLiteral("context.bad-path"), QStringLiteral("not an absolute file path: %1").arg(path));
    QMutexLocker lock(&d->mutex);
    d->files.insert(path, content);
    d->remember(path);
    return path;
}

QStringList ReplayArchive::paths() const
{
    QMutexLocker lock(&d->mutex);
    return d->order;
}

quint64 ReplayArchive::generation() const
{
    QMutexLocker lock(&d->mutex);
    return d->generation;
}

} // namespace valis
