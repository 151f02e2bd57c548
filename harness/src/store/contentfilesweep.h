#pragma once

#include "valis/core/result.h"
#include "valis/store/orphansweep.h"

#include <QDateTime>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <chrono>

namespace valis::store {

/// Removes the files of a content-addressed folder ("3f/3f9a2c...", named by SHA-256) that no
/// row refers to and that are older than a grace period; leftovers of an interrupted write
/// ("<sha256>.<suffix>") count as their content's files.
///
/// Two steps, so the write lock is held only for the second: findCandidates() lists old files
/// without any lock; removeUnreferenced() is called by the store inside a write transaction
/// with the set of SHA-256s its rows refer to, so no writer can be between writing a file and
/// committing its row while files go. Each candidate's time is looked at again there.
class ContentFileSweep
{
public:
    ContentFileSweep(QString directory, std::chrono::seconds gracePeriod);

    void findCandidates();
    bool hasCandidates() const { return !m_candidates.isEmpty(); }
    /// Removes the candidates whose SHA-256 is not in `referenced`; an Error when a file that
    /// should go cannot be removed (the others still go).
    Result<void> removeUnreferenced(const QSet<QString> &referenced);

    const OrphanSweepReport &report() const { return m_report; }

private:
    struct Candidate
    {
        QString path = {};
        QString sha256 = {};
    };
    bool isOld(const QDateTime &modified) const;

    QString m_directory;
    std::chrono::seconds m_grace;
    QDateTime m_cutoff;
    QList<Candidate> m_candidates;
    OrphanSweepReport m_report;
};

/// Sets the file's modification time to now: storing content that already has a file makes it
/// as new as a freshly written one, so a sweep cannot take it before its row commits.
void renewContentFile(const QString &path);

} // namespace valis::store
