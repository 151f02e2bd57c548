#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QList>
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
    int tier = 0;       ///< 0 = the newest slice of the index; higher = older.
};

/// Hits are ranked by bm25 within recency tiers: the index is read newest slice first (slices
/// grow fourfold going back), each slice's hits are ranked, and reading stops once `limit` hits
/// are found. So a word that occurs everywhere costs a ranked scan of the newest slice only,
/// and recent passages come before equally good old ones.
struct VALIS_HARNESS_EXPORT SearchResults
{
    QList<SearchHit> hits;
    int tiersSearched = 0;
    bool exhausted = false; ///< The whole index was searched.
};

/// The start and end markers of matched words in SearchHit::snippet.
inline constexpr QChar snippetMatchStart{0x02};
inline constexpr QChar snippetMatchEnd{0x03};

} // namespace valis
