#pragma once

#include "valis/agent/recallitems.h"
#include "valis/agent/recallsettings.h"
#include "valis/core/result.h"
#include "valis/memory/recall.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <memory>

namespace valis {

class DetailStore;
class ProviderStream;

/// The recall step of the agent loop: before a user turn's first model request, finds what the
/// agent should be reminded of (retrieval on a worker thread, then the cheap filter model or the
/// score threshold) and hands it over within the budget.
///
/// start() is answered by exactly one settled() (unless cancelWait() comes first), at the
/// latest when the budget runs out. Work that is still running then goes on; its items are kept
/// and offered, flagged late, with the next turn's answer. Items already shown in the session
/// (markShown()) are not offered again. Lives in the session's thread.
class RecallStep : public QObject
{
    Q_OBJECT

public:
    RecallStep(const RecallConfig &config, std::shared_ptr<DetailStore> memory, QObject *parent = nullptr);
    ~RecallStep() override;

    struct Request
    {
        QString text;
        QString agentId;
        QString excludeSessionId;
    };
    void start(const Request &request);
    /// The waiting turn was interrupted: no settled() for it; its items still arrive, late.
    void cancelWait();
    bool isWaiting() const { return m_waiting; }
    /// Source ids (RecallPassage::id()) the session's record shows already.
    void markShown(const QStringList &sourceIds);

    /// A candidate before the filter: the item it would make, with its rank in the fused list.
    struct Candidate
    {
        RecallItem item;
        int rank = 0;
    };
    /// Turns fused hits into candidate items (lessons, references, ticklers); runs on a worker
    /// thread (`memory` is read to tell a note that holds a lesson).
    static QList<Candidate> candidatesFrom(const QList<RecallHit> &hits, const DetailStore *memory);
    /// The candidates the score threshold keeps, at most `maxItems`, with their reasons.
    static QList<RecallItem> byThreshold(const QList<Candidate> &candidates, double threshold, int maxItems);
    /// The filter model's request for `candidates` and `query`.
    ProviderRequest filterRequest(const QList<Candidate> &candidates, const QString &query) const;
    /// Reads the filter model's answer ({"keep": [{"id": 2, "reason": "..."}]}): the chosen
    /// candidates with the model's reasons, in the model's order, at most `maxItems`. An error
    /// when nothing parses.
    static Result<QList<RecallItem>> parseFilterAnswer(const QString &answer, const QList<Candidate> &candidates,
                                                       int maxItems);

Q_SIGNALS:
    void settled(const valis::RecallOutcome &outcome);

private:
    void onCandidates(quint64 run, const Result<QList<Candidate>> &candidates);
    void filter(quint64 run, const QList<Candidate> &candidates);
    void finishRun(quint64 run, QList<RecallItem> items, const QString &error);
    void onBudget();
    QString filterName() const;

    RecallConfig m_config;
    std::shared_ptr<DetailStore> m_memory;
    QTimer m_budget;
    QElapsedTimer m_clock;
    quint64 m_runs = 0;
    quint64 m_waitedRun = 0;    ///< the run the waiting turn waits for
    bool m_waiting = false;
    QString m_query;
    QList<RecallItem> m_carried; ///< late items of earlier runs, offered with this turn
    QList<RecallItem> m_late;    ///< items that missed their turn, for the next one
    QSet<QString> m_shown;
};

} // namespace valis
