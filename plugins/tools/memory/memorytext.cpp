#include "memorytext.h"

#include <QRegularExpression>

namespace valis::tools::memory {

QString keyFrom(const QString &text)
{
    QString key = text.trimmed();
    // Strip what models paste around a key: the placeholder's brackets, quotes, backticks.
    static const QRegularExpression wrapper(QStringLiteral("^[\\[`'\"\\s]+|[\\]`'\"\\s]+$"));
    key.remove(wrapper);
    static const QRegularExpression prefix(QStringLiteral("^MemoryRef\\s*:\\s*"), QRegularExpression::CaseInsensitiveOption);
    key.remove(prefix);
    if (key.startsWith(QLatin1String("/memories/")))
        return key;
    // The summary follows " - "; a key never holds whitespace.
    const qsizetype space = key.indexOf(QRegularExpression(QStringLiteral("\\s")));
    if (space >= 0)
        key.truncate(space);
    return key;
}

QString recordFacts(const MemoryRecord &record)
{
    return record.type + QStringLiteral(", ") + plural(record.lineCount, QStringLiteral("line")) + QStringLiteral(", ")
        + sizeText(record.sizeBytes);
}

QString timeText(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC");
}

QString noStoreMessage(const QString &toolName)
{
    return QStringLiteral("%1 cannot run: this session has no memory store (the DetailStore is not configured or could not "
                          "be opened). Keep what you need in your answer, or in files under /memories/ if that folder is "
                          "available.")
        .arg(toolName);
}

QString agentOf(const QString &contextAgentId)
{
    return contextAgentId.isEmpty() ? QStringLiteral("default") : contextAgentId;
}

} // namespace valis::tools::memory
