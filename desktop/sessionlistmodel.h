#pragma once

#include "valis/record/session.h"

#include <QAbstractItemModel>
#include <QList>

namespace valis {

/// The sessions on the left: top-level sessions, newest first, with the sessions they started
/// (subagents) as children. Column 0 shows the title; Qt::ToolTipRole the id and origin;
/// SessionIdRole the id.
class SessionListModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Roles { SessionIdRole = Qt::UserRole + 1 };

    explicit SessionListModel(QObject *parent = nullptr);

    void setSessions(const QList<SessionInfo> &sessions);
    int sessionCount() const { return int(m_sessions.size()); }
    /// The index of a session, or an invalid index.
    QModelIndex indexOf(const QString &sessionId) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    /// Session i's parent position in m_sessions (-1 for a top-level session) and children.
    QList<SessionInfo> m_sessions;
    QList<qsizetype> m_parentOf;
    QList<QList<qsizetype>> m_childrenOf; ///< index m_sessions.size() holds the top level
};

} // namespace valis
