#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace valis {

/// How faithfully a turn is shown: the record itself, or one of three shorter versions.
/// R: the record. S (smoothed, about 60% of R): formatting normalised, noise and repetition
/// removed, tool calls with summarised arguments. C (compressed, 30-40%): key points, decisions,
/// actions and results, tool calls as `{tool X called → result Y}`. T (tiny, 1-5%): one sentence.
/// S and C keep paths, URLs, ids, error codes and numbers that matter verbatim.
enum class TurnLevel { Raw, Smoothed, Compressed, Tiny };

/// "R", "S", "C", "T".
VALIS_HARNESS_EXPORT QString turnLevelLetter(TurnLevel level);
/// The level a letter (any case) or word ("raw", "smoothed", ...) names; nullopt for others.
VALIS_HARNESS_EXPORT std::optional<TurnLevel> turnLevelFromString(const QString &text);

/// One stored version of one turn at one level (S, C or T; R is the record). Versions are
/// append-only: a regenerated one is a new row, the newest wins.
struct VALIS_HARNESS_EXPORT TurnVersion
{
    int turn = -1;
    TurnLevel level = TurnLevel::Smoothed;
    QString text;
    qint64 tokens = -1;       ///< as the session's counter counted `text`; -1: not counted
    /// Who wrote it: a model id, or ExtractiveModel for the deterministic version.
    QString model;
    /// turnSourceHash() of the turn's messages when the version was made: a version whose hash
    /// no longer matches (an imported transcript that grew) is stale.
    QString sourceHash;
    QDateTime createdAt;

    static constexpr const char *ExtractiveModel = "extractive";
    bool isExtractive() const { return model == QLatin1String(ExtractiveModel); }
    bool operator==(const TurnVersion &other) const = default;
};

/// The S, C and T versions of one turn.
struct VALIS_HARNESS_EXPORT TurnVersionSet
{
    TurnVersion smoothed;
    TurnVersion compressed;
    TurnVersion tiny;

    const TurnVersion &at(TurnLevel level) const;
    QList<TurnVersion> all() const { return {smoothed, compressed, tiny}; }
};

/// A stable hash of a turn's messages (roles, text, tool calls and results): what a version was
/// made from.
VALIS_HARNESS_EXPORT QString turnSourceHash(const QList<Message> &turnMessages);

/// The messages of `record` grouped by turn (Message::turn), in record order; context-control
/// entries (compaction events, pins) and System messages left out.
VALIS_HARNESS_EXPORT QHash<int, QList<Message>> messagesByTurn(const QList<Message> &record);

/// The deterministic S, C and T versions of one turn, made without a model: what a session
/// shows until the model's versions arrive, and what replays use. Keeps every path, URL, id,
/// error code and number of the turn's tool arguments and results that the level has room for
/// verbatim. `countTokens` fills in TurnVersion::tokens (nullptr: bytes / 4).
VALIS_HARNESS_EXPORT TurnVersionSet extractTurnVersions(const QList<Message> &turnMessages, int turn,
                                                        const std::function<qint64(const QString &)> &countTokens = {});

/// Where the context pipeline finds a session's turn versions. Implementations: the session
/// store's table (with the extractive version for a turn that has none yet) and an in-memory
/// set for replays. Must be safe to call from the pipeline's worker thread.
class VALIS_HARNESS_EXPORT TurnVersionSource
{
public:
    virtual ~TurnVersionSource();
    /// The newest version of `turn` at `level` (Smoothed, Compressed or Tiny), or nullopt when
    /// there is none; `turnMessages` are the turn's messages in the record, for a source that
    /// makes missing versions on demand.
    virtual std::optional<TurnVersion> version(int turn, TurnLevel level, const QList<Message> &turnMessages) const = 0;
};

/// A TurnVersionSource that makes the extractive versions of a turn when first asked and keeps
/// them (replays, sessions without a store).
class VALIS_HARNESS_EXPORT ExtractiveTurnVersions : public TurnVersionSource
{
public:
    explicit ExtractiveTurnVersions(std::function<qint64(const QString &)> countTokens = {});
    ~ExtractiveTurnVersions() override;
    std::optional<TurnVersion> version(int turn, TurnLevel level, const QList<Message> &turnMessages) const override;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace valis
