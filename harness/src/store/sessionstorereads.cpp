// The read side of SessionStore: the record, its branches and versions, token counts and
// search. Searches first index what was appended since the last idle pass, so they see it all.
#include "store/sessionstoreprivate.h"

#include "valis/record/branchindex.h"

namespace valis {

using namespace store;

Result<QList<Message>> SessionStore::messageOutline(const QString &sessionId) const
{
    return d->reader->outline(sessionId);
}

Result<QSet<qint64>> SessionStore::shownBranch(const QString &sessionId) const
{
    Result<QList<Message>> outline = d->reader->outline(sessionId);
    if (outline.hasError())
        return outline.error();
    Result<SessionInfo> info = d->reader->session(sessionId);
    if (info.hasError())
        return info.error();
    const BranchIndex branches(outline.value());
    const QString leaf = branches.newestLeafUnder(info->activeLeafId); // empty: the last message
    QSet<qint64> seqs;
    for (const Message &message : branches.path(outline.value(), leaf))
        seqs.insert(message.seq);
    return seqs;
}

Result<QList<Message>> SessionStore::messages(const QString &sessionId, qint64 from, qint64 count) const
{
    return d->reader->messages(sessionId, from, count);
}

Result<std::optional<Message>> SessionStore::message(const QString &sessionId, const QString &messageId) const
{
    return d->reader->message(sessionId, messageId);
}

Result<QList<MessageLocation>> SessionStore::locateMessage(const QString &messageId) const
{
    return d->reader->locateMessage(messageId);
}

Result<QList<TurnInfo>> SessionStore::turns(const QString &sessionId) const
{
    return d->reader->turns(sessionId);
}

Result<qint64> SessionStore::messageCount(const QString &sessionId) const
{
    return d->reader->messageCount(sessionId);
}

Result<QByteArray> SessionStore::readBlob(const QString &uri) const
{
    return d->blobs->get(uri);
}

Result<SearchResults> SessionStore::search(const SearchQuery &query) const
{
    // A search sees everything appended so far: text still waiting for the index goes in first.
    Result<bool> pending = d->index->hasPending();
    if (!pending.ok())
        return pending.error();
    if (pending.value()) {
        Result<bool> indexed = d->transaction([&]() { return d->index->indexPending(); });
        if (!indexed.ok())
            return indexed.error();
    }
    return d->index->search(query);
}

Result<QList<RecallMatch>> SessionStore::recallMessages(const QStringList &terms, const RecallMatchQuery &query) const
{
    Result<bool> pending = d->recall->hasPending();
    if (!pending.ok())
        return pending.error();
    if (pending.value()) {
        Result<bool> indexed = d->transaction([&]() { return d->recall->indexPending(query.indexBudgetBytes); });
        if (!indexed.ok())
            return indexed.error();
    }
    return d->recall->search(terms, query);
}

Result<QList<TurnVersion>> SessionStore::turnVersions(const QString &sessionId, std::optional<int> turn,
                                                      std::optional<TurnLevel> level) const
{
    return d->versions->newest(sessionId, turn, level);
}

Result<QList<TurnVersion>> SessionStore::turnVersionHistory(const QString &sessionId, int turn) const
{
    return d->versions->history(sessionId, turn);
}

Result<QList<PartTokenCount>> SessionStore::tokenCounts(const QString &sessionId, const QString &family) const
{
    return d->reader->tokenCounts(sessionId, family);
}

} // namespace valis
