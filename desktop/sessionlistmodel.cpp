#include "sessionlistmodel.h"

#include <QDir>
#include <QFileInfo>
#include <QColor>
#include <QFont>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHash>
#include <QJsonObject>
#include <QPainter>
#include <QPalette>

namespace valis {

namespace {

/// "API" in a rounded box, the height of a line of text.
QPixmap apiBadge()
{
    QFont font = QGuiApplication::font();
    font.setPointSizeF(font.pointSizeF() * 0.75);
    font.setBold(true);
    const QString text = SessionListModel::tr("API");
    const QFontMetrics metrics(font);
    const qreal ratio = qApp ? qApp->devicePixelRatio() : 1.0;
    const QSize size(metrics.horizontalAdvance(text) + 8, metrics.height() + 2);
    QPixmap pixmap(size * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x1a, 0x73, 0xe8));
    painter.drawRoundedRect(QRectF(QPointF(0, 0), QSizeF(size)), 4, 4);
    painter.setPen(Qt::white);
    painter.setFont(font);
    painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, text);
    return pixmap;
}

} // namespace

bool SessionListModel::isServed(const SessionInfo &session)
{
    return session.metadata.value(QLatin1String("api")).isObject();
}

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
    m_groupOf = QList<qsizetype>(m_sessions.size(), -1);
    m_childrenOf = QList<QList<qsizetype>>(m_sessions.size());
    m_groups.clear();
    QHash<QString, qsizetype> groupOf;
    // The store lists newest first, so groups come in order of their newest session.
    for (qsizetype i = 0; i < m_sessions.size(); ++i) {
        const qsizetype parentRow = position.value(m_sessions.at(i).parentSessionId, -1);
        m_parentOf[i] = parentRow;
        if (parentRow >= 0) {
            m_childrenOf[parentRow].append(i);
            continue;
        }
        const QString workspace = QDir::cleanPath(m_sessions.at(i).workspace);
        auto group = groupOf.constFind(workspace);
        if (group == groupOf.constEnd()) {
            group = groupOf.insert(workspace, m_groups.size());
            m_groups.append(Group{m_sessions.at(i).workspace.isEmpty() ? QString() : workspace, {}});
        }
        m_groupOf[i] = group.value();
        m_groups[group.value()].sessions.append(i);
    }
    endResetModel();
}

QModelIndex SessionListModel::sessionIndex(qsizetype position) const
{
    const qsizetype parentRow = m_parentOf.at(position);
    const QList<qsizetype> &siblings = parentRow >= 0 ? m_childrenOf.at(parentRow) : m_groups.at(m_groupOf.at(position)).sessions;
    return createIndex(int(siblings.indexOf(position)), 0, quintptr(position));
}

QModelIndex SessionListModel::indexOf(const QString &sessionId) const
{
    for (qsizetype i = 0; i < m_sessions.size(); ++i) {
        if (m_sessions.at(i).id == sessionId)
            return sessionIndex(i);
    }
    return {};
}

const SessionInfo *SessionListModel::session(const QString &sessionId) const
{
    for (const SessionInfo &info : m_sessions) {
        if (info.id == sessionId)
            return &info;
    }
    return nullptr;
}

QModelIndex SessionListModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_groups.size() ? createIndex(row, 0, quintptr(m_sessions.size() + row)) : QModelIndex();
    const QList<qsizetype> &list = isGroup(parent) ? m_groups.at(qsizetype(parent.internalId()) - m_sessions.size()).sessions
                                                   : m_childrenOf.at(qsizetype(parent.internalId()));
    return row < list.size() ? createIndex(row, 0, quintptr(list.at(row))) : QModelIndex();
}

QModelIndex SessionListModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || isGroup(child))
        return {};
    const qsizetype position = qsizetype(child.internalId());
    const qsizetype parentRow = m_parentOf.at(position);
    if (parentRow >= 0)
        return sessionIndex(parentRow);
    const qsizetype group = m_groupOf.at(position);
    return createIndex(int(group), 0, quintptr(m_sessions.size() + group));
}

int SessionListModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    if (!parent.isValid())
        return int(m_groups.size());
    if (isGroup(parent))
        return int(m_groups.at(qsizetype(parent.internalId()) - m_sessions.size()).sessions.size());
    return int(m_childrenOf.at(qsizetype(parent.internalId())).size());
}

int SessionListModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant SessionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (isGroup(index)) {
        const Group &group = m_groups.at(qsizetype(index.internalId()) - m_sessions.size());
        switch (role) {
        case Qt::DisplayRole: {
            if (group.workspace.isEmpty())
                return tr("No folder (%n)", nullptr, int(group.sessions.size()));
            const QString name = QFileInfo(group.workspace).fileName();
            return tr("%1 (%n)", nullptr, int(group.sessions.size())).arg(name.isEmpty() ? QDir::toNativeSeparators(group.workspace) : name);
        }
        case Qt::ToolTipRole:
            return group.workspace.isEmpty() ? tr("Sessions without a workspace folder") : QDir::toNativeSeparators(group.workspace);
        case WorkspaceRole:
            return group.workspace;
        default:
            return {};
        }
    }
    const SessionInfo &session = m_sessions.at(qsizetype(index.internalId()));
    switch (role) {
    case Qt::DisplayRole:
        return session.title.isEmpty() ? tr("Untitled session") : session.title;
    case Qt::ToolTipRole: {
        QString tip = tr("%1\n%2 · %3 messages · updated %4")
                          .arg(session.id, session.originKind)
                          .arg(session.messageCount)
                          .arg(QLocale().toString(session.updatedAt.toLocalTime(), QLocale::ShortFormat));
        if (isServed(session))
            tip += QLatin1Char('\n') + tr("Served by the OpenAI-compatible API (profile %1)").arg(data(index, ServedProfileRole).toString());
        return tip;
    }
    case Qt::DecorationRole:
        if (!isServed(session))
            return {};
        if (m_apiBadge.isNull())
            m_apiBadge = apiBadge();
        return m_apiBadge;
    case ServedProfileRole:
        return isServed(session) ? session.metadata.value(QLatin1String("api")).toObject().value(QLatin1String("profile")).toString()
                                 : QVariant();
    case SessionIdRole:
        return session.id;
    case WorkspaceRole:
        return session.workspace;
    default:
        return {};
    }
}

} // namespace valis
