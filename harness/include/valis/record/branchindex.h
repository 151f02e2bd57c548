#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {

/// Where a message stands among its alternatives: the messages that share its parent (the edits
/// and regenerations of one turn), for a conversation view's "2 of 3".
struct VALIS_HARNESS_EXPORT BranchSiblings
{
    QStringList ids; ///< the alternatives in seq order, the message itself included
    int index = -1;  ///< the message's place in `ids`; -1 for a message the record lacks

    int count() const { return int(ids.size()); }
    bool operator==(const BranchSiblings &other) const = default;
};

/// The tree a record forms once a conversation branches, and the paths through it.
///
/// The record stays append-only: an edited or regenerated turn is a new message whose parent is
/// the one the old turn answered, so both answers stay and either can be shown again. A
/// session shows and sends one path, from the first message to its active leaf.
///
/// A message's parent is the message its parentId names when that is an earlier message of the
/// record; otherwise (an empty, unknown or later id) the previous message in seq. So a record
/// nobody branched is a single path, whatever its source wrote, and an imported one whose
/// parent chain breaks (Claude Code's compact boundaries, a parent in another file) carries on
/// where it stands. Two more rules:
/// - parentId NoParentId: the message has no parent (the first message, edited and sent again);
/// - a Tool message whose parent is also the parent of the run of Tool messages just before it
///   follows that run: Claude Code parents each result of parallel tool calls on its own call,
///   which makes them siblings in its tree, but they are one step of the conversation, never
///   alternatives to choose between.
///
/// Built in one pass over the record, extended by append() as it grows; lookups are by id.
class VALIS_HARNESS_EXPORT BranchIndex
{
public:
    BranchIndex() = default;
    /// Indexes `record`, which is in seq order.
    explicit BranchIndex(const QList<Message> &record);

    /// Adds the record's next message.
    void append(const Message &message);

    qsizetype size() const { return m_ids.size(); }
    /// The record index of message `id`, or -1.
    qsizetype indexOf(const QString &id) const { return m_indexById.value(id, -1); }
    bool contains(const QString &id) const { return m_indexById.contains(id); }
    /// The record index of the parent of the message at `index`; -1 for a message without one.
    qsizetype parentAt(qsizetype index) const;
    /// The record indexes of the children of the message at `index` (-1: the messages without a
    /// parent), in seq order.
    QList<qsizetype> childrenAt(qsizetype index) const;
    /// The index of the newest message (highest seq) under the message at `index`, or `index`
    /// itself when nothing follows it: the leaf a branch switch to it shows.
    qsizetype newestLeafAt(qsizetype index) const;
    /// Whether the message at `index` is on the path to the message at `leaf` (itself included).
    bool isOnPath(qsizetype index, qsizetype leaf) const;
    /// The record indexes from the first message to `leaf`, in order; empty for -1.
    QList<qsizetype> pathTo(qsizetype leaf) const;

    /// The parent of message `id`: an id, or an empty string for a message without one (or one
    /// the record lacks).
    QString parentOf(const QString &id) const;
    /// The newest message under `id` (itself when nothing follows it); empty for an unknown id.
    QString newestLeafUnder(const QString &id) const;
    /// The messages with more than one child, in seq order: the forks of the conversation. Its
    /// start, when several messages have no parent, is listed as NoParentId.
    QStringList forkPoints() const;
    bool hasForks() const { return m_forks > 0; }
    /// The alternatives that share the parent of `id` (all the parentless messages for one
    /// without a parent), in seq order.
    BranchSiblings siblings(const QString &id) const;

    /// The messages of `record` (the one this index was built from) from its first to `leafId`:
    /// what a session shows and sends when `leafId` is its active leaf. An empty or unknown
    /// `leafId` stands for the record's last message.
    QList<Message> path(const QList<Message> &record, const QString &leafId = {}) const;
    /// The same for a record not indexed yet.
    static QList<Message> activePath(const QList<Message> &record, const QString &leafId = {});

private:
    QStringList m_ids;
    QList<Role> m_roles;
    QList<qsizetype> m_parents;
    QList<QList<qsizetype>> m_children;
    QList<qsizetype> m_roots;
    QHash<QString, qsizetype> m_indexById;
    int m_forks = 0; ///< messages (and the start) with more than one child
};

} // namespace valis
