#include "plan.h"

#include "toolarguments.h"
#include "toolschema.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace valis::tools {

// Everything here is read by the model, which reads English best: not tr()'d.

namespace {

struct StyleNames
{
    QString list;      // the argument holding the items
    QString text;      // an item's text property
    QString noun;      // what one item is called
    QString title;     // the rendered heading
};

StyleNames names(Plan::Style style)
{
    if (style == Plan::Style::Todos)
        return {QStringLiteral("todos"), QStringLiteral("content"), QStringLiteral("item"), QStringLiteral("Todo list")};
    return {QStringLiteral("plan"), QStringLiteral("step"), QStringLiteral("step"), QStringLiteral("Plan")};
}

const QStringList &statusNames()
{
    static const QStringList list{QStringLiteral("pending"), QStringLiteral("in_progress"), QStringLiteral("completed")};
    return list;
}

QString describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return QLatin1Char('"') + value.toString().left(40) + QLatin1Char('"');
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return QString::number(value.toDouble());
    }
}

QString plural(qsizetype count, const QString &noun)
{
    return QString::number(count) + QLatin1Char(' ') + noun + (count == 1 ? QString() : QStringLiteral("s"));
}

} // namespace

Plan Plan::read(Style style, ToolArguments &arguments)
{
    const StyleNames n = names(style);
    Plan plan;

    QJsonValue list = arguments.raw().value(n.list);
    // Some models send the array as a JSON string; take it when it is one.
    if (list.isString()) {
        const QJsonDocument parsed = QJsonDocument::fromJson(list.toString().toUtf8());
        if (parsed.isArray())
            list = parsed.array();
    }
    if (list.isUndefined()) {
        arguments.fail(QStringLiteral("`%1` is required (the whole list; send [] to clear it)").arg(n.list));
    } else if (!list.isArray()) {
        arguments.fail(QStringLiteral("`%1` must be an array of {%2, status} objects, got %3").arg(n.list, n.text, describe(list)));
    } else if (list.toArray().size() > MaxItems) {
        arguments.fail(QStringLiteral("`%1` has %2; at most %3 are allowed (merge small steps)")
                           .arg(n.list, plural(list.toArray().size(), n.noun), QString::number(MaxItems)));
    } else {
        const QJsonArray array = list.toArray();
        QList<int> inProgress;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString where = QStringLiteral("`%1[%2]`").arg(n.list).arg(i);
            const QJsonValue entry = array.at(i);
            if (!entry.isObject()) {
                arguments.fail(QStringLiteral("%1 must be an object {%2, status}, got %3").arg(where, n.text, describe(entry)));
                continue;
            }
            const QJsonObject object = entry.toObject();
            PlanItem item;
            const QJsonValue text = object.value(n.text);
            if (text.isUndefined())
                arguments.fail(QStringLiteral("%1.%2 is required").arg(where, n.text));
            else if (!text.isString())
                arguments.fail(QStringLiteral("%1.%2 must be a string, got %3").arg(where, n.text, describe(text)));
            else if (text.toString().trimmed().isEmpty())
                arguments.fail(QStringLiteral("%1.%2 must not be empty").arg(where, n.text));
            else if (text.toString().size() > MaxTextLength)
                arguments.fail(QStringLiteral("%1.%2 is %3 characters long; at most %4 are allowed")
                                   .arg(where, n.text, QString::number(text.toString().size()), QString::number(MaxTextLength)));
            else
                item.text = text.toString().trimmed();

            const QJsonValue status = object.value(QStringLiteral("status"));
            const qsizetype statusIndex = status.isString() ? statusNames().indexOf(status.toString()) : -1;
            if (status.isUndefined()) {
                arguments.fail(QStringLiteral("%1.status is required (pending, in_progress or completed)").arg(where));
            } else if (statusIndex < 0) {
                arguments.fail(QStringLiteral("%1.status must be one of pending, in_progress, completed, got %2")
                                   .arg(where, describe(status)));
            } else {
                item.status = static_cast<PlanItem::Status>(statusIndex);
                if (item.status == PlanItem::Status::InProgress)
                    inProgress.append(int(i));
            }
            plan.items.append(item);
        }
        if (inProgress.size() > 1) {
            QStringList indexes;
            for (int index : inProgress)
                indexes.append(QString::number(index));
            arguments.fail(QStringLiteral("at most one %1 may be in_progress, found %2 (indexes %3); mark the others pending or completed")
                               .arg(n.noun, QString::number(inProgress.size()), indexes.join(QStringLiteral(", "))));
        }
    }

    if (const std::optional<QString> explanation = arguments.optionalString(QStringLiteral("explanation"))) {
        if (style == Style::Todos)
            arguments.fail(QStringLiteral("`explanation` is not an argument of write_todos"));
        else if (explanation->size() > MaxExplanationLength)
            arguments.fail(QStringLiteral("`explanation` is %1 characters long; at most %2 are allowed")
                               .arg(QString::number(explanation->size()), QString::number(MaxExplanationLength)));
        else
            plan.explanation = explanation->trimmed();
    }
    return plan;
}

QString Plan::render(Style style) const
{
    const StyleNames n = names(style);
    qsizetype counts[3] = {0, 0, 0};
    for (const PlanItem &item : items)
        ++counts[int(item.status)];

    QString out = n.title;
    if (items.isEmpty()) {
        out += QStringLiteral(" (empty: no %1s)\n").arg(n.noun);
    } else {
        out += QStringLiteral(" (%1: %2 completed, %3 in progress, %4 pending)\n")
                   .arg(plural(items.size(), n.noun), QString::number(counts[int(PlanItem::Status::Completed)]),
                        QString::number(counts[int(PlanItem::Status::InProgress)]),
                        QString::number(counts[int(PlanItem::Status::Pending)]));
    }
    if (!explanation.isEmpty())
        out += QStringLiteral("Explanation: ") + explanation + QLatin1Char('\n');
    for (qsizetype i = 0; i < items.size(); ++i) {
        const PlanItem &item = items.at(i);
        // One line per item: a newline inside a step would read as a second step.
        QString text = item.text;
        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
        switch (item.status) {
        case PlanItem::Status::Completed:
            out += QStringLiteral("%1. [x] %2\n").arg(i + 1).arg(text);
            break;
        case PlanItem::Status::InProgress:
            out += QStringLiteral("%1. [>] %2 (in progress)\n").arg(i + 1).arg(text);
            break;
        case PlanItem::Status::Pending:
            out += QStringLiteral("%1. [ ] %2\n").arg(i + 1).arg(text);
            break;
        }
    }
    if (!items.isEmpty() && counts[int(PlanItem::Status::Completed)] == items.size())
        out += QStringLiteral("All %1 are completed.\n").arg(plural(items.size(), n.noun));
    if (out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    return out;
}

QJsonObject planSchema(Plan::Style style)
{
    const StyleNames n = names(style);
    const QString textDescription = style == Plan::Style::Todos
        ? QStringLiteral("What to do, as a short imperative sentence (\"Fix the parser's handling of empty lines\").")
        : QStringLiteral("One step of the plan, as a short imperative sentence (\"Run the test suite\").");
    const QJsonObject item =
        ToolSchema()
            .string(n.text, textDescription, 1, Plan::MaxTextLength)
            .enumeration(QStringLiteral("status"),
                         QStringLiteral("pending: not started; in_progress: being worked on now (at most one "
                                        "%1 at a time); completed: done.")
                             .arg(n.noun),
                         statusNames())
            .required({n.text, QStringLiteral("status")})
            .build();
    ToolSchema schema;
    schema.array(n.list,
                 QStringLiteral("The complete, updated list in order. It replaces the previous list "
                                "entirely, so include the %1s that did not change; [] clears it.")
                     .arg(n.noun),
                 item, Plan::MaxItems);
    if (style == Plan::Style::Steps) {
        schema.string(QStringLiteral("explanation"),
                      QStringLiteral("Optional: why the plan changed (a step added, dropped or reordered)."), std::nullopt,
                      Plan::MaxExplanationLength);
    }
    return schema.required({n.list}).build();
}

} // namespace valis::tools
