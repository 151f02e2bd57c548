#include "context/replayitems.h"

#include "context/replayfacts.h"

#include "valis/context/replayer.h"
#include "valis/record/recordjson.h"

#include <QByteArrayView>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <functional>

namespace valis::replay {

namespace {

// Breadth-first through files that name other files (a summary naming a transcript that names
// offloaded results); a model can follow as many reads, but a cycle must end.
constexpr int MaxDepth = 4;
/// The longest part get_turn shows whole (the history tool's GetTurnTool::MaxPartBytes).
constexpr qsizetype GetTurnPartBytes = 16 * 1024;
constexpr int MaxFiles = 20000;

size_t itemHash(const QByteArray &bytes)
{
    return qHash(bytes) ^ (size_t(bytes.size()) * size_t(0x9E3779B97F4A7C15ull));
}

/// Whether `haystack` holds `needle`: Boyer-Moore with the good-suffix rule, so that long,
/// repetitive texts (logs, padding) are searched in linear time.
bool holds(const QByteArray &haystack, const QByteArray &needle)
{
    if (needle.isEmpty())
        return true;
    if (needle.size() > haystack.size())
        return false;
    if (needle.size() < 64)
        return QByteArrayView(haystack).contains(QByteArrayView(needle));
    const std::boyer_moore_searcher searcher(needle.cbegin(), needle.cend());
    return std::search(haystack.cbegin(), haystack.cend(), searcher) != haystack.cend();
}

/// The items of one message: (part index, kind, text).
struct PartItem
{
    int part;
    PartKind kind;
    QString text;
};

QList<PartItem> itemsOf(const Message &message)
{
    QList<PartItem> items;
    for (int p = 0; p < message.parts.size(); ++p) {
        const Part &part = message.parts.at(p);
        switch (part.kind) {
        case PartKind::Text:
            if (!part.text.trimmed().isEmpty())
                items.append({p, part.kind, part.text});
            break;
        case PartKind::ToolCall: {
            const QString arguments = part.argumentsJson();
            if (!arguments.isEmpty() && arguments != QLatin1String("{}"))
                items.append({p, part.kind, arguments});
            break;
        }
        case PartKind::ToolResult: {
            const QString text = part.resultText();
            if (!text.trimmed().isEmpty())
                items.append({p, part.kind, text});
            break;
        }
        case PartKind::Thinking:
        case PartKind::Image:
            break;
        }
    }
    return items;
}

} // namespace

ItemTracker::ItemTracker(const ReplayArchive &archive, QHash<QString, QString> captured)
    : m_archive(archive), m_captured(std::move(captured))
{
}

void ItemTracker::addMessage(const Message &message, int recordIndex)
{
    Tracked tracked;
    tracked.id = message.id;
    tracked.parts = message.parts;
    tracked.recordIndex = recordIndex;
    const int index = int(m_messages.size());
    for (const PartItem &found : itemsOf(message)) {
        Item item;
        item.message = index;
        item.part = found.part;
        item.turn = message.turn;
        item.kind = found.kind;
        item.text = found.text;
        item.utf8 = found.text.toUtf8();
        item.hash = itemHash(item.utf8);
        tracked.items.append(int(m_items.size()));
        m_items.append(item);
    }
    m_messages.append(tracked);
}

bool ItemTracker::partShows(const Part &shown, const Item &item) const
{
    if (shown.kind != item.kind)
        return false;
    switch (item.kind) {
    case PartKind::Text:
        return shown.text == item.text;
    case PartKind::ToolCall:
        return shown.argumentsJson() == item.text;
    case PartKind::ToolResult:
        return shown.resultText() == item.text;
    case PartKind::Thinking:
    case PartKind::Image:
        break;
    }
    return false;
}

QString ItemTracker::viewText(const QList<Message> &view)
{
    QString text;
    for (const Message &message : view) {
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
            case PartKind::Thinking:
                text += part.text;
                break;
            case PartKind::ToolCall:
                text += part.toolName + QLatin1Char(' ') + part.argumentsJson();
                break;
            case PartKind::ToolResult:
                text += part.resultText();
                break;
            case PartKind::Image:
                break;
            }
            text += QStringLiteral("\n\u001e\n");
        }
    }
    return text;
}

QStringList ItemTracker::pointersIn(const QString &text) const
{
    QStringList found;
    // The folders the archive holds files in: a path under one of them is a pointer.
    QSet<QString> roots;
    for (const QString &path : m_archive.paths()) {
        const qsizetype slash = path.indexOf(QLatin1Char('/'), 1);
        if (path.startsWith(QLatin1Char('/')) && slash > 1)
            roots.insert(path.left(slash + 1));
    }
    if (!roots.isEmpty()) {
        QStringList alternatives;
        for (const QString &root : std::as_const(roots))
            alternatives.append(QRegularExpression::escape(root));
        alternatives.sort();
        const QRegularExpression paths(QStringLiteral("(?:%1)[^\\s\"'`<>()\\[\\]{},;|\\\\]+").arg(alternatives.join(QLatin1Char('|'))));
        for (auto it = paths.globalMatch(text); it.hasNext();) {
            QString path = it.next().captured(0);
            // A path at the end of a sentence: the dot is the sentence's.
            while (!path.isEmpty() && (path.endsWith(QLatin1Char('.')) || path.endsWith(QLatin1Char(':'))))
                path.chop(1);
            if (!path.isEmpty() && !found.contains(path))
                found.append(path);
        }
    }
    static const QRegularExpression refs(QStringLiteral("\\[MemoryRef: ([A-Za-z0-9._\\-]+)"));
    for (auto it = refs.globalMatch(text); it.hasNext();) {
        const QString key = QStringLiteral("memoryref:") + it.next().captured(1);
        if (!found.contains(key))
            found.append(key);
    }
    return found;
}

std::shared_ptr<const ItemTracker::Content> ItemTracker::content(const QString &pointer)
{
    const quint64 generation = m_archive.generation();
    const std::shared_ptr<Content> known = m_contents.value(pointer);
    if (known && (known->generation == generation || pointer.startsWith(QLatin1String("memoryref:"))))
        return known;

    QByteArray bytes;
    if (pointer.startsWith(QLatin1String("memoryref:"))) {
        const auto captured = m_captured.constFind(pointer.mid(10));
        if (captured == m_captured.cend())
            return nullptr;
        bytes = captured->toUtf8();
    } else {
        const Result<QByteArray> read = m_archive.read(pointer);
        if (read.hasError())
            return nullptr;
        bytes = read.value();
    }
    if (known && known->bytes == bytes) {
        known->generation = generation;
        return known;
    }

    auto entry = std::make_shared<Content>();
    entry->bytes = bytes;
    entry->generation = generation;
    entry->exact.insert(itemHash(bytes));
    // A saved transcript (Valis JSON lines of the record's messages): its items whole. The
    // Markdown one is read beside its JSON twin, which the summary names too.
    QByteArray lines = bytes;
    if (pointer.endsWith(QLatin1String(".md"))) {
        const Result<QByteArray> twin = m_archive.read(pointer.chopped(3) + QStringLiteral(".json"));
        lines = twin.ok() ? twin.value() : QByteArray();
    }
    if (!lines.isEmpty() && (pointer.endsWith(QLatin1String(".json")) || pointer.endsWith(QLatin1String(".md")))) {
        for (qsizetype start = 0; start < lines.size();) {
            qsizetype end = lines.indexOf('\n', start);
            if (end < 0)
                end = lines.size();
            const QByteArray trimmed = QByteArrayView(lines).sliced(start, end - start).trimmed().toByteArray();
            start = end + 1;
            if (!trimmed.startsWith('{'))
                continue;
            const QJsonDocument document = QJsonDocument::fromJson(trimmed);
            if (!document.isObject())
                continue;
            // A Valis export line ({"type": "message", "message": {...}}) or a bare message.
            const QJsonObject object = document.object();
            const QJsonValue wrapped = object.value(QLatin1String("message"));
            const Result<Message> message = recordjson::messageFromJson(wrapped.isObject() ? wrapped.toObject() : object);
            if (message.hasError())
                continue;
            for (const PartItem &found : itemsOf(message.value()))
                entry->exact.insert(itemHash(found.text.toUtf8()));
        }
    }
    entry->pointers = pointersIn(QString::fromUtf8(bytes));
    m_contents.insert(pointer, entry);
    return entry;
}

ItemTracker::Reach ItemTracker::reach(const QString &text)
{
    Reach reach;
    reach.taggedTurns = taggedTurns(text);
    QSet<QString> seen;
    QStringList frontier = pointersIn(text);
    for (int depth = 0; depth < MaxDepth && !frontier.isEmpty() && seen.size() < MaxFiles; ++depth) {
        QStringList next;
        for (const QString &pointer : std::as_const(frontier)) {
            if (seen.contains(pointer))
                continue;
            seen.insert(pointer);
            const std::shared_ptr<const Content> found = content(pointer);
            if (!found)
                continue;
            reach.contents.append(found);
            next += found->pointers;
        }
        frontier = next;
    }
    return reach;
}

bool ItemTracker::recoverable(const Item &item, const Reach &reach) const
{
    // One get_turn at R returns a tagged turn's record; parts past its page limit are cut to a
    // search_history call, so only shorter ones come back whole that way.
    if (item.turn >= 0 && item.utf8.size() <= GetTurnPartBytes) {
        for (const QPair<int, int> &range : reach.taggedTurns) {
            if (item.turn >= range.first && item.turn <= range.second)
                return true;
        }
    }
    for (const std::shared_ptr<const Content> &content : reach.contents) {
        if (content->exact.contains(item.hash))
            return true;
    }
    for (const std::shared_ptr<const Content> &content : reach.contents) {
        if (holds(content->bytes, item.utf8))
            return true;
    }
    return false;
}

ItemTracker::Step ItemTracker::observe(const QList<Message> &view, int spanEnd)
{
    Step step;
    QHash<QString, int> index;
    index.reserve(view.size());
    for (int i = 0; i < view.size(); ++i)
        index.insert(view.at(i).id, i);
    std::optional<QString> text;
    std::optional<QByteArray> bytes;
    std::optional<Reach> reachable;

    for (const Tracked &tracked : std::as_const(m_messages)) {
        const int at = index.value(tracked.id, -1);
        const bool untouched = at >= 0 && view.at(at).parts.constData() == tracked.parts.constData();
        for (const int itemIndex : tracked.items) {
            Item &item = m_items[itemIndex];
            bool present = untouched;
            if (!present && at >= 0 && item.part < view.at(at).parts.size())
                present = partShows(view.at(at).parts.at(item.part), item);
            if (!present) {
                if (item.state == State::Removed)
                    continue; // still gone; judged when it went and again at the end
                if (!text) {
                    text = viewText(view);
                    bytes = text->toUtf8();
                }
                present = holds(*bytes, item.utf8);
            }
            if (present) {
                item.state = State::Present;
                continue;
            }
            if (!reachable)
                reachable = reach(*text); // computed above: only the view's text tells an item is gone
            item.state = State::Removed;
            item.summarised = tracked.recordIndex <= spanEnd;
            item.recoverableAtRemoval = recoverable(item, *reachable);
            ++step.removed;
            if (item.recoverableAtRemoval)
                ++step.recoverable;
        }
    }
    return step;
}

void ItemTracker::finish(const QList<Message> &finalView)
{
    m_removed = m_recoverable = m_removedOutside = m_recoverableOutside = 0;
    const QString text = viewText(finalView);
    std::optional<Reach> reachable;
    for (const Item &item : std::as_const(m_items)) {
        if (item.state != State::Removed)
            continue;
        bool recovered = item.recoverableAtRemoval;
        if (recovered) {
            if (!reachable)
                reachable = reach(text);
            recovered = recoverable(item, *reachable);
        }
        ++m_removed;
        m_recoverable += recovered ? 1 : 0;
        if (!item.summarised) {
            ++m_removedOutside;
            m_recoverableOutside += recovered ? 1 : 0;
        }
    }
}

} // namespace valis::replay
