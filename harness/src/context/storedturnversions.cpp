#include "valis/context/storedturnversions.h"

#include "valis/store/sessionstore.h"

#include <QHash>
#include <QMutex>

namespace valis {

namespace {

/// Names a turn's messages cheaply: the record is append-only, so the same first and last
/// message ids with the same count are the same messages.
QString messagesKey(const QList<Message> &turnMessages)
{
    return turnMessages.constFirst().id + QLatin1Char('|') + turnMessages.constLast().id + QLatin1Char('|')
         + QString::number(turnMessages.size());
}

} // namespace

class StoredTurnVersions::Private
{
public:
    explicit Private(std::function<qint64(const QString &)> count) : extractive(std::move(count)) {}

    static quint64 key(int turn, TurnLevel level) { return (quint64(quint32(turn)) << 2) | quint64(level); }

    /// turnSourceHash() of `turnMessages`, remembered per turn: a view build asks for every
    /// turn, and hashing the whole record on each build would cost more than the view.
    QString hashOf(int turn, const QList<Message> &turnMessages)
    {
        const QString messages = messagesKey(turnMessages);
        auto found = hashes.find(turn);
        if (found == hashes.end() || found->first != messages)
            found = hashes.insert(turn, {messages, turnSourceHash(turnMessages)});
        return found->second;
    }

    ExtractiveTurnVersions extractive;
    mutable QMutex mutex;
    QHash<quint64, TurnVersion> versions;
    QHash<int, std::pair<QString, QString>> hashes; ///< turn -> (messages key, source hash)
};

StoredTurnVersions::StoredTurnVersions(std::function<qint64(const QString &)> countTokens)
    : d(std::make_unique<Private>(std::move(countTokens)))
{}

StoredTurnVersions::~StoredTurnVersions() = default;

Result<std::shared_ptr<StoredTurnVersions>> StoredTurnVersions::load(const SessionStore &store, const QString &sessionId,
                                                                     std::function<qint64(const QString &)> countTokens)
{
    const Result<QList<TurnVersion>> versions = store.turnVersions(sessionId);
    if (versions.hasError())
        return versions.error();
    auto source = std::make_shared<StoredTurnVersions>(std::move(countTokens));
    source->reset(versions.value());
    return source;
}

void StoredTurnVersions::reset(const QList<TurnVersion> &versions)
{
    QMutexLocker lock(&d->mutex);
    d->versions.clear();
    for (const TurnVersion &version : versions)
        d->versions.insert(Private::key(version.turn, version.level), version);
}

void StoredTurnVersions::update(const QList<TurnVersion> &versions)
{
    QMutexLocker lock(&d->mutex);
    for (const TurnVersion &version : versions)
        d->versions.insert(Private::key(version.turn, version.level), version);
}

std::optional<TurnVersion> StoredTurnVersions::stored(int turn, TurnLevel level) const
{
    QMutexLocker lock(&d->mutex);
    const auto found = d->versions.constFind(Private::key(turn, level));
    if (found == d->versions.cend())
        return std::nullopt;
    return *found;
}

std::optional<TurnVersion> StoredTurnVersions::version(int turn, TurnLevel level, const QList<Message> &turnMessages) const
{
    if (level == TurnLevel::Raw)
        return std::nullopt;
    {
        QMutexLocker lock(&d->mutex);
        const auto found = d->versions.constFind(Private::key(turn, level));
        if (found != d->versions.cend()) {
            if (turnMessages.isEmpty() || found->sourceHash == d->hashOf(turn, turnMessages))
                return *found;
        } else if (turnMessages.isEmpty()) {
            return std::nullopt;
        }
    }
    // ExtractiveTurnVersions has its own lock; extracting outside ours lets the owner store
    // versions meanwhile.
    return d->extractive.version(turn, level, turnMessages);
}

} // namespace valis
