#include "sessionlistmodel.h"

#include <QHash>

namespace valis {

SessionListModel::SessionListModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

void SessionListModel::setSessions(const QList<SessionInfo> &sessions)
{
    beginResetModel();
    m_sessions = sessions;
    QHash<QString, qsizetype> position;
    for (qsizetype i = 0; i < m_sessions.size(); ++i)
        position.insert(m_sessions.at(i).id, i);
    m_parentOf = QList<qsizetype>(m_sessions.size(), -1);
    m_childrenOf = QList<QList<qsizetype>>(m_sessions.size() + 1);
    for (qsizetype i = 0; i < m_sessions.size(); ++i) {
        const qsizetype parentRow = position.value(m_sessions.at(i).parentSessionId, -1);
        m_parentOf[i] = parentRow;
        m_childrenOf[parentRow < 0 ? m_sessions.size() : parentRow].append(i);
    }
    endResetModel();
}

QModelIndex SessionListModel::indexOf(const QString &sessionId) const
{
    for (qsizetype i = 0; i < m_sessions.size(); ++i) {
        if (m_sessions.at(i).id != sessionId)
            continue;
        const qsizetype parentRow = m_parentOf.at(i);
        const auto &siblings = m_childrenOf.at(parentRow < 0 ? m_sessions.size() : parentRow);
        return createIndex(int(siblings.indexOf(i)), 0, quintptr(i));
    }
    return {};
}

QModelIndex SessionListModel::index(int row, int column, const QModelIndex &parent) const
{
    const qsizetype list = parent.isValid() ? qsizetype(parent.internalId()) : m_sessions.size();
    if (column != 0 || row < 0 || list >= m_childrenOf.size() || row >= m_childrenOf.at(list).size())
        return {};
    return createIndex(row, 0, quintptr(m_childrenOf.at(list).at(row)));
}

QModelIndex SessionListModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const qsizetype parentRow = m_parentOf.at(qsizetype(child.internalId()));
    if (parentRow < 0)
        return {};
    const qsizetype grandParent = m_parentOf.at(parentRow);
    const auto &siblings = m_childrenOf.at(grandParent < 0 ? m_sessions.size() : grandParent);
    return createIndex(int(siblings.indexOf(parentRow)), 0, quintptr(parentRow));
}

int SessionListModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    const qsizetype list = parent.isValid() ? qsizetype(parent.internalId()) : m_sessions.size();
    return list < m_childrenOf.size() ? int(m_childrenOf.at(list).size()) : 0;
}

int SessionListModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant SessionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const SessionInfo &session = m_sessions.at(qsizetype(index.internalId()));
    switch (role) {
    case Qt::DisplayRole:
        return session.title.isEmpty() ? tr("Untitled session") : session.title;
    case Qt::ToolTipRole:
        return tr("%1\n%2 · %3 messages · updated %4")
            .arg(session.id, session.originKind)
            .arg(session.messageCount)
            .arg(QLocale().toString(session.updatedAt.toLocalTime(), QLocale::ShortFormat));
    case SessionIdRole:
        return session.id;
    default:
        return {};
    }
}

} // namespace valis
