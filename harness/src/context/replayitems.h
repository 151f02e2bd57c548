#pragma once

#include "valis/record/message.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace valis {

class ReplayArchive;

namespace replay {


/// Follows the items of a replayed transcript (tool results, tool inputs, message texts) through
/// the views a strategy builds: when each leaves the view, and whether a pointer in the view
/// (directly or through the files it leads to) still reaches its exact bytes.
class ItemTracker
{
public:
    /// `archive` is the replay's; `captured` maps MemoryRef keys to the content they stand for.
    ItemTracker(const ReplayArchive &archive, QHash<QString, QString> captured);

    /// A transcript message the views may show from now on (`recordIndex`: its place in the
    /// transcript, for telling summarised spans apart).
    void addMessage(const Message &message, int recordIndex);

    struct Step
    {
        int removed = 0;
        int recoverable = 0;
    };
    /// Compares the items with `view`. `spanEnd`: the last transcript index any ReplacePrefix
    /// edit has covered so far (-1: none); items removed at or before it count as summarised.
    Step observe(const QList<Message> &view, int spanEnd);
    /// Judges the items still removed against the last view: recoverable only if its pointers
    /// still reach them.
    void finish(const QList<Message> &finalView);

    int tracked() const { return int(m_items.size()); }
    int removed() const { return m_removed; }
    int recoverable() const { return m_recoverable; }
    int removedOutsideSummaries() const { return m_removedOutside; }
    int recoverableOutsideSummaries() const { return m_recoverableOutside; }

    /// The pointers `text` names: /context/... and other absolute archive paths, [MemoryRef: key]
    /// (as "memoryref:key").
    QStringList pointersIn(const QString &text) const;

private:
    enum class State { Unseen, Present, Removed };
    struct Item
    {
        int message = -1; ///< index in m_messages
        int part = -1;
        int turn = -1;
        PartKind kind = PartKind::Text;
        QString text;
        QByteArray utf8;
        size_t hash = 0;
        State state = State::Unseen;
        bool recoverableAtRemoval = false;
        bool summarised = false;
    };
    struct Tracked
    {
        QString id;
        QList<Part> parts; ///< shares the transcript message's parts: same data = unchanged
        int recordIndex = -1;
        QList<int> items;
    };
    /// A file reached from a view, with what it holds exactly.
    struct Content
    {
        QByteArray bytes;
        QSet<size_t> exact;     ///< hashes of item texts it holds whole (parsed transcripts too)
        QStringList pointers;   ///< what it names in turn
        quint64 generation = 0;
    };
    /// What one view gives access to: the files its pointers lead to.
    struct Reach
    {
        QList<std::shared_ptr<const Content>> contents;
        /// Turns a tag in the view names: get_turn brings their record back.
        QList<QPair<int, int>> taggedTurns;
    };

    bool partShows(const Part &shown, const Item &item) const;
    std::shared_ptr<const Content> content(const QString &pointer);
    Reach reach(const QString &viewText);
    bool recoverable(const Item &item, const Reach &reach) const;
    static QString viewText(const QList<Message> &view);

    const ReplayArchive &m_archive;
    QHash<QString, QString> m_captured;
    QList<Tracked> m_messages;
    QList<Item> m_items;
    QHash<QString, std::shared_ptr<Content>> m_contents;
    int m_removed = 0;
    int m_recoverable = 0;
    int m_removedOutside = 0;
    int m_recoverableOutside = 0;
};

} // namespace replay
} // namespace valis
