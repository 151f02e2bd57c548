#include "store/partrows.h"

#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis::store {

namespace {

QJsonValue parseJsonValue(const QString &text)
{
    const QJsonDocument document = QJsonDocument::fromJson("[" + text.toUtf8() + "]");
    return document.isArray() && document.array().size() == 1 ? document.array().first()
                                                              : QJsonValue(QJsonValue::Undefined);
}

void flattenInto(const QList<Part> &parts, int parentIdx, const QString &inheritedTool,
                 const QString &inheritedCall, QList<PartRow> &rows)
{
    for (const Part &part : parts) {
        QJsonObject json = recordjson::toJson(part);
        json.remove(QLatin1String("type"));
        PartRow row;
        row.idx = int(rows.size());
        row.parentIdx = parentIdx;
        row.kind = part.kind;
        row.toolName = part.toolName.isEmpty() ? inheritedTool : part.toolName;
        row.callId = part.callId.isEmpty() ? inheritedCall : part.callId;
        switch (part.kind) {
        case PartKind::Text:
        case PartKind::Thinking:
            row.text = part.text;
            row.hasText = true;
            json.remove(QLatin1String("text"));
            break;
        case PartKind::ToolCall:
            json.remove(QLatin1String("arguments"));
            json.remove(QLatin1String("arguments_text"));
            if (part.argumentsText) {
                row.text = *part.argumentsText;
                row.hasText = true;
                json.insert(QLatin1String("args"), QStringLiteral("text"));
                // Parsed arguments are derived from the text; keep them only if they differ.
                if (parseJsonValue(row.text) != part.arguments && !part.arguments.isUndefined())
                    json.insert(QLatin1String("arguments"), part.arguments);
            } else if (!part.arguments.isUndefined()) {
                row.text = part.argumentsJson();
                row.hasText = true;
                json.insert(QLatin1String("args"), QStringLiteral("json"));
            }
            break;
        case PartKind::ToolResult:
            json.remove(QLatin1String("content"));
            break;
        case PartKind::Image:
            break;
        }
        row.data = json.isEmpty() ? QString()
                                  : QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
        const int idx = row.idx;
        rows.append(std::move(row));
        if (part.kind == PartKind::ToolResult)
            flattenInto(part.content, idx, rows.at(idx).toolName, rows.at(idx).callId, rows);
    }
}

Result<Part> partFromRow(const PartRow &row)
{
    QJsonObject json;
    if (!row.data.isEmpty())
        json = QJsonDocument::fromJson(row.data.toUtf8()).object();
    json.insert(QLatin1String("type"), partKindName(row.kind));
    if (row.kind == PartKind::Text || row.kind == PartKind::Thinking) {
        json.insert(QLatin1String("text"), row.text);
    } else if (row.kind == PartKind::ToolCall) {
        const QString mode = json.take(QLatin1String("args")).toString();
        if (mode == QLatin1String("text")) {
            json.insert(QLatin1String("arguments_text"), row.text);
            if (!json.contains(QLatin1String("arguments"))) {
                const QJsonValue parsed = parseJsonValue(row.text);
                if (!parsed.isUndefined())
                    json.insert(QLatin1String("arguments"), parsed);
            }
        } else if (mode == QLatin1String("json")) {
            json.insert(QLatin1String("arguments"), parseJsonValue(row.text));
        }
    }
    return recordjson::partFromJson(json);
}

} // namespace

QList<PartRow> flattenParts(const QList<Part> &parts)
{
    QList<PartRow> rows;
    flattenInto(parts, -1, QString(), QString(), rows);
    return rows;
}

Result<QList<Part>> rebuildParts(const QList<PartRow> &rows)
{
    // Build every part, then attach children to parents from the last row backwards so that a
    // child's own content is complete before it is copied into its parent.
    QList<Part> built;
    built.reserve(rows.size());
    for (const PartRow &row : rows) {
        Result<Part> part = partFromRow(row);
        if (!part.ok())
            return part.error();
        built.append(std::move(part).value());
    }
    QList<Part> roots;
    for (qsizetype i = rows.size() - 1; i >= 0; --i) {
        const int parent = rows.at(i).parentIdx;
        if (parent < 0) {
            roots.prepend(std::move(built[i]));
        } else if (parent < i) {
            built[parent].content.prepend(std::move(built[i]));
        } else {
            return Error(QStringLiteral("store.corrupt"),
                         QCoreApplication::translate("valis::SessionStore",
                                                     "part %1 names part %2 as its parent")
                             .arg(i)
                             .arg(parent));
        }
    }
    return roots;
}

} // namespace valis::store
