#pragma once

#include "valis/record/session.h"

#include <QAbstractItemModel>
#include <QList>
#include <QPixmap>
#include <QSet>

namespace valis {

/// The sessions on the left, grouped by the workspace folder they work in (the group with the
/// most recently updated session first); in each group the top-level sessions, newest first, with
/// the sessions they started (subagents) as children. Column 0 shows a folder's name or a
/// session's title; Qt::ToolTipRole the path, or the id and origin; SessionIdRole a session's id
/// (empty on a folder); WorkspaceRole the folder of either. A session the OpenAI-compatible API
/// served (`valis-cli serve` marks it with the metadata "api": {"key", "profile"}) shows a small
/// "API" badge as its decoration, and ServedProfileRole names its profile.
///
/// Pinned sessions (metadata "pinned": true) come first in their group, with a pin, and groups
/// holding one come first; the rest follow the sort order (recent activity, creation, title).
/// FilterTextRole is what the window's filter matches: the title, plus the filter's own text for
/// the sessions whose messages matched it (setContentMatches()).
class SessionListModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Roles { SessionIdRole = Qt::UserRole + 1, WorkspaceRole, ServedProfileRole, PinnedRole, FilterTextRole };
    /// How sessions (and the groups holding them) are ordered after the pinned ones.
    enum class SortOrder { RecentActivity, Created, Title };

    /// Whether `session` is pinned (its metadata "pinned" is true).
    static bool isPinned(const SessionInfo &session);

    /// Whether `session` was served by the OpenAI-compatible API.
    static bool isServed(const SessionInfo &session);

    explicit SessionListModel(QObject *parent = nullptr);

    void setSessions(const QList<SessionInfo> &sessions);
    /// Orders the list again by `order`.
    void setSortOrder(SortOrder order);
    SortOrder sortOrder() const { return m_order; }
    /// The sessions whose messages contain `text`: they match a filter for `text` (only that
    /// text: the filter's later text must be searched again).
    void setContentMatches(const QString &text, const QSet<QString> &sessionIds);
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
    /// Groups and children again from m_sessions in the sort order (inside a model reset).
    void arrange();

    QList<SessionInfo> m_sessions;
    QList<qsizetype> m_parentOf;          ///< a session's parent session, or -1
    QList<qsizetype> m_groupOf;           ///< a top-level session's group, or -1
    QList<QList<qsizetype>> m_childrenOf; ///< a session's child sessions
    QList<Group> m_groups;
    mutable QPixmap m_apiBadge; ///< drawn the first time it is shown
    mutable QPixmap m_pin;      ///< the same
    mutable QPixmap m_pinAndBadge;
    SortOrder m_order = SortOrder::RecentActivity;
    QString m_contentText;
    QSet<QString> m_contentMatches;
};

} // namespace valis
