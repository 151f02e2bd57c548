#include "searchtypes.h"

#include <QJsonArray>

// Results are read by the model, which reads English best: not tr()'d.

namespace valis::websearch {

namespace {
QString cut(const QString &text, qsizetype limit, qsizetype *dropped)
{
    *dropped = 0;
    if (limit <= 0 || text.size() <= limit)
        return text;
    qsizetype end = limit;
    if (text.at(end - 1).isHighSurrogate())
        --end;
    *dropped = text.size() - end;
    return text.left(end);
}
} // namespace

QString SearchOutcome::toText(qsizetype rawContentLimit) const
{
    QString text = QStringLiteral("Web search (%1) for \"%2\": ").arg(backend, query);
    text += results.size() == 1 ? QStringLiteral("1 result.") : QStringLiteral("%1 results.").arg(results.size());
    if (!model.isEmpty())
        text += QStringLiteral(" Answered by %1.").arg(model);
    text += QLatin1Char('\n');
    if (!answer.isEmpty())
        text += QStringLiteral("\nAnswer: ") + answer.trimmed() + QLatin1Char('\n');
    for (qsizetype i = 0; i < results.size(); ++i) {
        const SearchHit &hit = results.at(i);
        text += QStringLiteral("\n[%1] %2\nURL: %3\n").arg(i + 1).arg(hit.title.isEmpty() ? QStringLiteral("(untitled)") : hit.title, hit.url);
        QStringList facts;
        if (!hit.date.isEmpty())
            facts << QStringLiteral("Date: ") + hit.date;
        if (!hit.lastUpdated.isEmpty() && hit.lastUpdated != hit.date)
            facts << QStringLiteral("Updated: ") + hit.lastUpdated;
        if (hit.score)
            facts << QStringLiteral("Score: ") + QString::number(*hit.score, 'f', 2);
        if (!facts.isEmpty())
            text += facts.join(QStringLiteral(" | ")) + QLatin1Char('\n');
        if (!hit.snippet.trimmed().isEmpty())
            text += hit.snippet.trimmed() + QLatin1Char('\n');
        if (!hit.rawContent.isEmpty()) {
            qsizetype dropped = 0;
            const QString content = cut(hit.rawContent, rawContentLimit, &dropped);
            text += QStringLiteral("--- raw content of [%1] ---\n").arg(i + 1) + content;
            if (!content.endsWith(QLatin1Char('\n')))
                text += QLatin1Char('\n');
            if (dropped > 0)
                text += QStringLiteral("(%1 more characters not shown; fetch the URL to read them)\n").arg(dropped);
            text += QStringLiteral("--- end of raw content of [%1] ---\n").arg(i + 1);
        }
    }
    if (!citations.isEmpty()) {
        text += QStringLiteral("\nCitations:\n");
        for (qsizetype i = 0; i < citations.size(); ++i)
            text += QStringLiteral("[%1] %2\n").arg(i + 1).arg(citations.at(i));
    }
    if (!notes.isEmpty())
        text += QStringLiteral("\nNote: ") + notes.join(QStringLiteral("\nNote: ")) + QLatin1Char('\n');
    return text;
}

QJsonObject SearchOutcome::toJson() const
{
    QJsonArray list;
    for (const SearchHit &hit : results) {
        QJsonObject item{{QStringLiteral("title"), hit.title}, {QStringLiteral("url"), hit.url}, {QStringLiteral("snippet"), hit.snippet}};
        if (!hit.date.isEmpty())
            item.insert(QStringLiteral("date"), hit.date);
        if (!hit.lastUpdated.isEmpty())
            item.insert(QStringLiteral("lastUpdated"), hit.lastUpdated);
        if (hit.score)
            item.insert(QStringLiteral("score"), *hit.score);
        if (!hit.rawContent.isEmpty())
            item.insert(QStringLiteral("rawContent"), hit.rawContent);
        list.append(item);
    }
    QJsonObject json{{QStringLiteral("backend"), backend}, {QStringLiteral("query"), query}, {QStringLiteral("results"), list}};
    if (!answer.isEmpty())
        json.insert(QStringLiteral("answer"), answer);
    if (!citations.isEmpty())
        json.insert(QStringLiteral("citations"), QJsonArray::fromStringList(citations));
    if (!model.isEmpty())
        json.insert(QStringLiteral("model"), model);
    if (!notes.isEmpty())
        json.insert(QStringLiteral("notes"), QJsonArray::fromStringList(notes));
    for (auto it = extras.begin(); it != extras.end(); ++it)
        json.insert(it.key(), it.value());
    return json;
}

} // namespace valis::websearch
