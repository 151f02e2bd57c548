#include "valis/record/message.h"
#include "valis/record/session.h"

#include "core/enumnames.h"
#include "valis/core/ids.h"

namespace valis {

namespace {
constexpr EnumName<Role> roleNames[] = {
    {Role::System, "system"},
    {Role::User, "user"},
    {Role::Assistant, "assistant"},
    {Role::Tool, "tool"},
};

int countIn(const QList<Part> &parts, PartKind kind)
{
    int count = 0;
    for (const Part &part : parts) {
        if (part.kind == kind)
            ++count;
        count += countIn(part.content, kind);
    }
    return count;
}
} // namespace

QString roleName(Role role)
{
    return enumName(roleNames, role);
}

bool roleFromName(QStringView name, Role *role)
{
    return enumFromName(roleNames, name, role);
}

QString Message::text() const
{
    QString joined;
    for (const Part &part : parts) {
        if (part.kind != PartKind::Text)
            continue;
        if (!joined.isEmpty())
            joined += QStringLiteral("\n\n");
        joined += part.text;
    }
    return joined;
}

bool Message::startsTurn() const
{
    // A recall message (metadata "recall") and the report of background agents that ended
    // ("backgroundAgents") are the harness's reminders within the person's turn.
    return role == Role::User && countParts(PartKind::ToolResult) == 0 && !metadata.contains(QLatin1String("recall"))
        && !metadata.contains(QLatin1String("backgroundAgents"));
}

int Message::countParts(PartKind kind) const
{
    return countIn(parts, kind);
}

bool Message::operator==(const Message &other) const
{
    return id == other.id && parentId == other.parentId && role == other.role
        && parts == other.parts && createdAt == other.createdAt && model == other.model
        && stopReason == other.stopReason && usage == other.usage
        && metadata == other.metadata && wire == other.wire;
}

QString newMessageId()
{
    return newTimeOrderedId(u"m");
}

QString newSessionId()
{
    return newTimeOrderedId(u"s");
}

} // namespace valis
