#pragma once

#include "valis/record/session.h"

#include <QAbstractItemModel>
#include <QList>
#include <QPixmap>

namespace valis {

/// The sessions on the left, grouped by the workspace folder they work in (the group with the
/// most recently updated session first); in each group the top-level sessions, newest first, with
/// the sessions they started (subagents) as children. Column 0 shows a folder's name or a
/// session's title; Qt::ToolTipRole the path, or the id and origin; SessionIdRole a session's id
/// (empty on a folder); WorkspaceRole the folder of either. A session the OpenAI-compatible API
/// served (`valis-cli serve` marks it with the metadata "api": {"key", "profile"}) shows a small
/// "API" badge as its decoration, and ServedProfileRole names its profile.
class SessionListModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Roles { SessionIdRole = Qt::UserRole + 1, WorkspaceRole, ServedProfileRole };

    /// Whether `session` was served by the OpenAI-compatible API.
    static bool isServed(const SessionInfo &session);

    explicit SessionListModel(QObject *parent = nullptr);

    void setSessions(const QList<SessionInfo> &sessions);
    int sessionCount() const { return int(m_sessions.size()); }
    int workspaceCount() const { return int(m_groups.size()); }
    /// The index of a session, or an invalid index.
    QModelIndex indexOf(const QString &sessionId) const;
    /// The session `sessionId` as listed; nullptr when it is not.
    const SessionInfo *session(const QString &sessionId) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Group
    {
        QString workspace;
        QList<qsizetype> sessions; ///< top-level sessions, in list order
    };
    /// An index's internal id: a session's position in m_sessions, or m_sessions.size() + a
    /// group's position.
    bool isGroup(const QModelIndex &index) const { return qsizetype(index.internalId()) >= m_sessions.size(); }
    QModelIndex sessionIndex(qsizetype position) const;

    QList<SessionInfo> m_sessions;
    QList<qsizetype> m_parentOf;          ///< a session's parent session, or -1
    QList<qsizetype> m_groupOf;           ///< a top-level session's group, or -1
    QList<QList<qsizetype>> m_childrenOf; ///< a session's child sessions
    QList<Group> m_groups;
    mutable QPixmap m_apiBadge; ///< drawn the first time it is shown
};

} // namespace valis
