#pragma once

#include "valis/core/result.h"
#include "valis/store/transcriptsearch.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace valis::store {

/// The recall index of one SessionStore database: one passage per message, stemmed (Porter),
/// with the text of its neighbours in a second, lighter column.
///
/// Recall asks questions ("when did we move the staging build?") whose words seldom all occur
/// in one message and whose answer is often the reply to the message that names the subject.
/// So a passage is a message's own text plus its neighbours' (document expansion), and any
/// query word may match (BM25 ranks by how many and how rare). The transcript search's index
/// (TranscriptIndex) answers what a person types and stays as it is.
///
/// The FTS5 table is contentless (no text is stored a second time). A message's passage is
/// fixed by the record: its text, its predecessor's and, once it exists, its successor's;
/// `recall_docs` notes which messages are in the index and whether their successor was, so a
/// passage can be taken out exactly (FTS5 needs the indexed text for that) when the next
/// message arrives and when a session is deleted.
class RecallIndex
{
public:
    explicit RecallIndex(const QSqlDatabase &db);

    /// Indexes messages appended since the last call, oldest first, about `maxBytes` of text
    /// (-1: all). Runs in the caller's transaction. Returns true when nothing is left.
    Result<bool> indexPending(qint64 maxBytes = -1);
    Result<bool> hasPending() const;
    /// Takes the passages of the sessions with these row ids out of the index; called before
    /// their messages are deleted.
    Result<void> forgetSessions(const QList<qint64> &sessionRows);

    /// Messages ranked for `terms` (plain words; any may match) with the filters of `query`.
    Result<QList<RecallMatch>> search(const QStringList &terms, const RecallMatchQuery &query) const;

    /// The most text of one message a passage holds, and of each neighbour.
    static constexpr int bodyChars = 6000;
    static constexpr int neighbourChars = 1500;
    /// The neighbours' column counts this much of a match in the message itself.
    static constexpr double neighbourWeight = 0.5;
    /// In an index of at least commonWordMinPassages passages, a word found in more than
    /// commonWordShare of them is left out of a question that has other words: its BM25 weight
    /// is small (idf below 1.4) and ranking its list is most of the cost of the search.
    static constexpr qint64 commonWordMinPassages = 5000;
    static constexpr double commonWordShare = 0.2;

private:
    struct Passage
    {
        QString body;
        QString context;
    };
    Result<QString> bodyOf(qint64 messageRow) const;
    Result<QStringList> withoutCommonWords(const QStringList &phrases) const;
    Result<void> insertPassage(qint64 messageRow, const Passage &passage);
    Result<void> deletePassage(qint64 messageRow, const Passage &passage);

    QSqlDatabase m_db;
};

} // namespace valis::store
