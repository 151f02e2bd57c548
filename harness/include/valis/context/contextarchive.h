#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace valis {

class AgentFilesystem;
class DetailStore;

/// Where a context strategy puts what it moves out of the view, so the agent can read it back
/// with read_file: offloaded and evicted tool results and inputs under `/context/results/`,
/// the saved transcripts of summarised spans under `/context/transcripts/`.
///
/// Paths are short and content-addressed: the same bytes give the same path, so a view built
/// again (or a session reopened) shows the same pointer and storing twice costs nothing.
/// Thread-safe: the context pipeline builds views on a worker thread.
class VALIS_HARNESS_EXPORT ContextArchive
{
public:
    virtual ~ContextArchive();

    /// Stores `content` (a tool result or input, whole) and returns the path the agent reads it
    /// back with: "/context/results/<id>.<suffix>". `suffix` is "txt" or "json". `metadata`
    /// says where it came from (tool, call id, message id, turn).
    virtual Result<QString> storeResult(const QByteArray &content, const QString &suffix,
                                        const QJsonObject &metadata) = 0;
    /// Saves a summarised span as "/context/transcripts/<name>.json" (the record's messages, the
    /// Valis JSONL form) and "<name>.md" (readable); returns both paths, JSON first.
    virtual Result<QStringList> storeTranscript(const QString &name, const QByteArray &json,
                                                const QByteArray &markdown) = 0;
    /// The bytes stored at `path` (a path storeResult or storeTranscript returned).
    virtual Result<QByteArray> read(const QString &path) const = 0;

    /// The archive of one session: results go to `memory` when there is a DetailStore (the path
    /// is then "/context/results/<key>.<suffix>", the record's key, and the session's
    /// AgentFilesystem serves it), else they are written as files through `filesystem`;
    /// transcripts are always files under `/context/transcripts/` of `filesystem`.
    static std::shared_ptr<ContextArchive> forSession(std::shared_ptr<AgentFilesystem> filesystem,
                                                      std::shared_ptr<DetailStore> memory,
                                                      const QString &agentId, const QString &sessionId);
    /// Mounts the session's /context/results/ from `memory` on `filesystem`: where the archive of
    /// a session with a DetailStore keeps results, read-only.
    static void mountResults(AgentFilesystem &filesystem, std::shared_ptr<DetailStore> memory, const QString &agentId,
                             const QString &sessionId);
};

/// A ContextArchive in memory: for replays and tests, where nothing may be written to a
/// profile. Paths look exactly like the session archive's file paths.
class VALIS_HARNESS_EXPORT MemoryContextArchive : public ContextArchive
{
public:
    MemoryContextArchive();
    ~MemoryContextArchive() override;

    Result<QString> storeResult(const QByteArray &content, const QString &suffix, const QJsonObject &metadata) override;
    Result<QStringList> storeTranscript(const QString &name, const QByteArray &json, const QByteArray &markdown) override;
    Result<QByteArray> read(const QString &path) const override;
    /// Every path stored so far.
    QStringList paths() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

/// The content id of `content`: "r-" and the first `hexDigits` hex digits of its SHA-256.
VALIS_HARNESS_EXPORT QString contextResultId(const QByteArray &content, int hexDigits = 6);

} // namespace valis
