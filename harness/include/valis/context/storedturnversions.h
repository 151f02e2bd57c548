#pragma once

#include "valis/context/turnversions.h"
#include "valis/harness_export.h"

#include <functional>
#include <memory>

namespace valis {

class SessionStore;

/// The TurnVersionSource of a session with a store: a snapshot of the newest stored version of
/// each (turn, level), kept by its owner (the Session, on its thread) as versions are stored,
/// and read by the context pipeline, possibly on its worker thread (a mutex guards the
/// snapshot). A turn with no stored version at a level, or whose stored version was made from
/// other messages than the turn now holds (a stale source hash: an imported transcript that
/// grew), gets the extractive version (ExtractiveTurnVersions), made when first asked.
class VALIS_HARNESS_EXPORT StoredTurnVersions : public TurnVersionSource
{
public:
    /// `countTokens` counts the extractive versions made on demand (nullptr: bytes / 4).
    explicit StoredTurnVersions(std::function<qint64(const QString &)> countTokens = {});
    ~StoredTurnVersions() override;

    /// A source over what `store` holds for `sessionId` (SessionStore::turnVersions()).
    static Result<std::shared_ptr<StoredTurnVersions>> load(const SessionStore &store, const QString &sessionId,
                                                            std::function<qint64(const QString &)> countTokens = {});

    /// Replaces the snapshot with `versions` (the newest per turn and level).
    void reset(const QList<TurnVersion> &versions);
    /// Takes `versions` as the newest of their (turn, level): what the owner just stored.
    void update(const QList<TurnVersion> &versions);
    /// The stored version of `turn` at `level` in the snapshot, stale or not; nullopt when none.
    std::optional<TurnVersion> stored(int turn, TurnLevel level) const;

    /// The stored version when it was made from `turnMessages` (or when `turnMessages` is
    /// empty, so there is nothing to compare), else the extractive one of `turnMessages`.
    std::optional<TurnVersion> version(int turn, TurnLevel level, const QList<Message> &turnMessages) const override;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace valis
