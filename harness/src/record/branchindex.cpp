#include "valis/record/branchindex.h"

#include <algorithm>

namespace valis {

BranchIndex::BranchIndex(const QList<Message> &record)
{
    m_ids.reserve(record.size());
    m_roles.reserve(record.size());
    m_parents.reserve(record.size());
    m_children.reserve(record.size());
    for (const Message &message : record)
        append(message);
}

void BranchIndex::append(const Message &message)
{
    const qsizetype index = m_ids.size();
    qsizetype parent = index - 1;
    if (message.parentId == NoParentId) {
        parent = -1;
    } else if (!message.parentId.isEmpty()) {
        // Only an earlier message can be a parent (the index has no later ones yet), so the
        // tree has no cycles whatever a source wrote.
        parent = m_indexById.value(message.parentId, index - 1);
    }
    if (message.role == Role::Tool && parent >= 0 && parent != index - 1 && index > 0 && m_roles.at(index - 1) == Role::Tool) {
        for (qsizetype run = index - 1; run >= 0 && m_roles.at(run) == Role::Tool; run = m_parents.at(run)) {
            if (m_parents.at(run) == parent) {
                parent = index - 1;
                break;
            }
        }
    }
    m_ids.append(message.id);
    m_roles.append(message.role);
    m_parents.append(parent);
    m_children.append(QList<qsizetype>());
    QList<qsizetype> &siblings = parent < 0 ? m_roots : m_children[parent];
    siblings.append(index);
    if (siblings.size() == 2)
        ++m_forks;
    // The first occurrence keeps an id a damaged record repeats.
    if (!m_indexById.contains(message.id))
        m_indexById.insert(message.id, index);
}

qsizetype BranchIndex::parentAt(qsizetype index) const
{
    return index >= 0 && index < m_parents.size() ? m_parents.at(index) : -1;
}

QList<qsizetype> BranchIndex::childrenAt(qsizetype index) const
{
    if (index < 0)
        return m_roots;
    return index < m_children.size() ? m_children.at(index) : QList<qsizetype>();
}

qsizetype BranchIndex::newestLeafAt(qsizetype index) const
{
    if (index < 0 || index >= m_ids.size())
        return -1;
    // Children always come after their parent, so the newest message under `index` is the
    // highest index in its subtree, and it has no children of its own.
    qsizetype newest = index;
    QList<qsizetype> pending = m_children.at(index);
    while (!pending.isEmpty()) {
        const qsizetype next = pending.takeLast();
        newest = qMax(newest, next);
        pending.append(m_children.at(next));
    }
    return newest;
}

bool BranchIndex::isOnPath(qsizetype index, qsizetype leaf) const
{
    if (index < 0 || leaf >= m_ids.size())
        return false;
    for (qsizetype at = leaf; at >= index; at = m_parents.at(at)) {
        if (at == index)
            return true;
    }
    return false;
}

QList<qsizetype> BranchIndex::pathTo(qsizetype leaf) const
{
    QList<qsizetype> path;
    if (leaf < 0 || leaf >= m_ids.size())
        return path;
    for (qsizetype at = leaf; at >= 0; at = m_parents.at(at))
        path.append(at);
    std::reverse(path.begin(), path.end());
    return path;
}

QString BranchIndex::parentOf(const QString &id) const
{
    const qsizetype parent = parentAt(indexOf(id));
    return parent < 0 ? QString() : m_ids.at(parent);
}

QString BranchIndex::newestLeafUnder(const QString &id) const
{
    const qsizetype leaf = newestLeafAt(indexOf(id));
    return leaf < 0 ? QString() : m_ids.at(leaf);
}

QStringList BranchIndex::forkPoints() const
{
    QStringList forks;
    if (m_forks == 0)
        return forks;
    if (m_roots.size() > 1)
        forks.append(NoParentId);
    for (qsizetype i = 0; i < m_children.size(); ++i) {
        if (m_children.at(i).size() > 1)
            forks.append(m_ids.at(i));
    }
    return forks;
}

BranchSiblings BranchIndex::siblings(const QString &id) const
{
    BranchSiblings result;
    const qsizetype index = indexOf(id);
    if (index < 0)
        return result;
    const QList<qsizetype> &alternatives = m_parents.at(index) < 0 ? m_roots : m_children.at(m_parents.at(index));
    for (const qsizetype alternative : alternatives) {
        if (alternative == index)
            result.index = int(result.ids.size());
        result.ids.append(m_ids.at(alternative));
    }
    return result;
}

QList<Message> BranchIndex::path(const QList<Message> &record, const QString &leafId) const
{
    qsizetype leaf = leafId.isEmpty() ? -1 : indexOf(leafId);
    if (leaf < 0)
        leaf = qMin(record.size(), m_ids.size()) - 1;
    // The common case, a record without forks, is the record itself (shared, not copied).
    if (m_forks == 0 && leaf == record.size() - 1)
        return record;
    QList<Message> messages;
    const QList<qsizetype> indexes = pathTo(leaf);
    messages.reserve(indexes.size());
    for (const qsizetype index : indexes)
        messages.append(record.at(index));
    return messages;
}

QList<Message> BranchIndex::activePath(const QList<Message> &record, const QString &leafId)
{
    return BranchIndex(record).path(record, leafId);
}

} // namespace valis
