// How child calls are kept in the record: in the parent result's wire under "valis", in the
// record's own JSON form, so the record stays append-only (one message per batch, as before)
// and a reopened session, an export and an import carry them unchanged.
#include "valis/agent/orchestratedtoolcaller.h"

#include "valis/record/recordjson.h"

#include <QJsonArray>
#include <QJsonObject>

namespace valis {

namespace {
const QLatin1String ChildrenKey("children");
const QLatin1String CallKey("call");
const QLatin1String ResultKey("result");
} // namespace

QString NestedCallRecord::wireKey()
{
    return QStringLiteral("valis");
}

QList<NestedCallRecord> NestedCallRecord::childrenOf(const Part &result)
{
    QList<NestedCallRecord> children;
    const QJsonArray entries = result.wire.value(wireKey()).toObject().value(ChildrenKey).toArray();
    for (const QJsonValue &entry : entries) {
        const QJsonObject object = entry.toObject();
        const Result<Part> call = recordjson::partFromJson(object.value(CallKey).toObject());
        const Result<Part> answer = recordjson::partFromJson(object.value(ResultKey).toObject());
        if (call.hasError() || answer.hasError() || call->kind != PartKind::ToolCall || answer->kind != PartKind::ToolResult)
            continue;
        children.append({call.value(), answer.value()});
    }
    return children;
}

Part NestedCallRecord::withChildren(Part result, const QList<NestedCallRecord> &children)
{
    QJsonArray entries;
    for (const NestedCallRecord &child : children)
        entries.append(QJsonObject{{CallKey, recordjson::toJson(child.call)}, {ResultKey, recordjson::toJson(child.result)}});
    QJsonObject own = result.wire.value(wireKey()).toObject();
    own.insert(ChildrenKey, entries);
    result.wire.insert(wireKey(), own);
    return result;
}

} // namespace valis
