#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QList>
#include <QDateTime>
#include <QString>

#include <optional>

namespace valis {

/// A transcript search. `text` is what a person types: words must all occur, "quoted words" must
/// occur as a phrase, a trailing * matches a prefix. With `ftsSyntax` it is passed to SQLite FTS5
/// unchanged (AND/OR/NOT, NEAR, column filters) and a syntax error is reported as such.
/// `regex` (QRegularExpression syntax) is applied to each hit's text after ranking, keeping only
/// hits it matches.
struct VALIS_HARNESS_EXPORT SearchQuery
{
    QString text;
    bool ftsSyntax = false;
    QString regex;
    QString sessionId;
    std::optional<Role> role;
    QString toolName;
    /// Only passages of messages written at or after `since` and before `until` (an invalid
    /// time: no bound), by the messages' own timestamps (an imported message keeps its source's).
    QDateTime since;
    QDateTime until;
    int limit = 50;
};

/// One hit: a passage (chunk) of one part of one message.
///
/// `snippet` marks matched words with U+0002 (start) and U+0003 (end) so a caller can render them
/// as it likes; `…` marks cut text.
struct VALIS_HARNESS_EXPORT SearchHit
{
    QString sessionId;
    QString sessionTitle;
    QString messageId;
    qint64 seq = 0;
    int turn = 0;
    Role role = Role::User;
    int partIndex = 0;
    PartKind partKind = PartKind::Text;
    QString toolName;
    QString snippet;
    double score = 0;   ///< bm25 (lower is better), comparable within one tier only.
    int tier = 0;       ///< 0 = the newest tier; higher = older.
};

/// Hits are ranked by BM25 within recency tiers. A tier is the next few hundred matching
/// passages, newest first; tiers are read until `limit` hits are found. A word with fewer matches
/// than one tier is ranked over the whole record; a word that occurs everywhere costs the ranking
/// of its newest few hundred matches only, with recent passages before equally good old ones.
/// Document frequencies come from the tier's own matches (scaled to the stretch of the record it
/// covers), which spares the scan of every match FTS5's bm25() makes per query.
struct VALIS_HARNESS_EXPORT SearchResults
{
    QList<SearchHit> hits;
    int tiersSearched = 0;
    bool exhausted = false; ///< The whole index was searched.
};

/// The start and end markers of matched words in SearchHit::snippet.
inline constexpr QChar snippetMatchStart{0x02};
inline constexpr QChar snippetMatchEnd{0x03};

/// Which messages SessionStore::recallMessages() ranks.
struct VALIS_HARNESS_EXPORT RecallMatchQuery
{
    QString sessionId;          ///< Only this session (empty: all)
    QString excludeSessionId;   ///< Never this session
    int limit = 50;
    /// How much text appended since the last indexing is indexed before the search, in bytes
    /// (-1: all of it). A caller with a deadline caps it; the rest is indexed in idle time.
    qint64 indexBudgetBytes = -1;
};

/// One message the recall index ranked: where it is, its text (cut) and its BM25 score
/// (higher is better, comparable within one answer).
struct VALIS_HARNESS_EXPORT RecallMatch
{
    QString sessionId;
    QString sessionTitle;
    QString messageId;
    qint64 seq = 0;
    int turn = 0;
    Role role = Role::User;
    QDateTime createdAt;
    QString text;
    double score = 0;
};

} // namespace valis
