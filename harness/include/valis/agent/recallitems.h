#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace valis {

/// What a recalled item is for the model: a nudge to look at an earlier conversation, a lesson
/// the memory layer learned, or a pointer (file, URL, command, memory key).
enum class RecallItemKind { Tickler, Lesson, Reference };

VALIS_HARNESS_EXPORT QString recallItemKindName(RecallItemKind kind);

/// One item the recall step injects, with the evidence of why it was chosen (shown in the
/// desktop's "Recalled" block and kept in the record).
struct VALIS_HARNESS_EXPORT RecallItem
{
    RecallItemKind kind = RecallItemKind::Tickler;
    QString text;            ///< What the model reads (one or two lines)
    QStringList sourceIds;   ///< RecallPassage::id() of what it came from ("memory:m-3f9a2c")
    QString memoryKey;       ///< Memory items: the DetailStore key
    QString memoryRef;       ///< Memory items: the "[MemoryRef: key - summary]" line
    QString sessionId;       ///< Transcript items: the earlier session
    QString messageId;       ///< Transcript items: the message
    double score = 0;        ///< The fused retrieval score
    double relevance = 0;    ///< 0..1: the retrievers' own scores against their best
    QMap<QString, double> scores; ///< Retriever name -> its own score
    QString foundBy;         ///< "lexical", "lexical+vector"
    QString reason;          ///< The filter model's one line, or why the threshold kept it
    bool late = false;       ///< Recalled for an earlier turn, after its budget ran out

    QJsonObject toJson() const;
    static RecallItem fromJson(const QJsonObject &json);
};

/// What one turn's recall produced and how long it took.
struct VALIS_HARNESS_EXPORT RecallOutcome
{
    QList<RecallItem> items;
    QString query;
    qint64 elapsedMs = 0;    ///< From the start of the step to the moment the turn went on
    int budgetMs = 0;
    bool timedOut = false;   ///< This turn's own recall missed the budget (it is offered next turn)
    QString filter;          ///< "provider/model", or "threshold"
    QString error;           ///< Why retrieval or the filter failed, if it did

    /// Whether any item was recalled for an earlier turn.
    bool hasLateItems() const;
    QJsonObject toJson() const;
    static RecallOutcome fromJson(const QJsonObject &json);
};

/// The metadata key of a recall message ("recall"): such a message is the harness's, not the
/// person's, and never starts a turn.
inline constexpr QLatin1String RecallMetadataKey("recall");

/// The user-role message carrying `outcome` to the model: a <system-reminder> (English) with
/// the items, and Message::metadata "recall" = outcome.toJson(). Recorded right after the
/// user's message, so a reopened session and the replay show what the model saw.
VALIS_HARNESS_EXPORT Message recallMessage(const RecallOutcome &outcome);
/// Whether `message` is a recall message (recallMessage()).
VALIS_HARNESS_EXPORT bool isRecallMessage(const Message &message);

} // namespace valis
