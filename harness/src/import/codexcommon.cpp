#include "import/codexcommon.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>

namespace valis::codex {

QString fallbackSessionId(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file))
        return {};
    return QStringLiteral("codex-") + QString::fromLatin1(hash.result().toHex().left(12));
}

QString titleFromPrompt(const QString &prompt)
{
    constexpr qsizetype kMaxTitle = 80;
    QString line;
    for (const QString &candidate : prompt.split(QLatin1Char('\n'))) {
        line = candidate.simplified();
        if (!line.isEmpty())
            break;
    }
    if (line.size() <= kMaxTitle)
        return line;
    QString cut = line.left(kMaxTitle - 1);
    const qsizetype space = cut.lastIndexOf(QLatin1Char(' '));
    if (space > kMaxTitle / 2)
        cut.truncate(space);
    return cut + QChar(0x2026);
}

bool isInjectedContext(const QString &text)
{
    static const QLatin1String prefixes[] = {
        QLatin1String("<environment_context>"), QLatin1String("<user_instructions>"),
        QLatin1String("# AGENTS.md instructions"), QLatin1String("<permissions instructions>"),
        QLatin1String("<user_shell_command>"), QLatin1String("<turn_aborted>"),
    };
    const QString trimmed = text.trimmed();
    for (const QLatin1String &prefix : prefixes) {
        if (trimmed.startsWith(prefix))
            return true;
    }
    return false;
}

bool readTokenCount(const QJsonObject &event, Usage *usage, qint64 *reasoningTokens, bool *present)
{
    *present = false;
    QJsonObject counts = event;
    if (event.contains(QLatin1String("info"))) {
        const QJsonValue info = event.value(QLatin1String("info"));
        if (info.isNull())
            return true; // a rate-limit-only update
        if (!info.isObject())
            return false;
        const QJsonValue last = info.toObject().value(QLatin1String("last_token_usage"));
        if (!last.isObject())
            return false;
        counts = last.toObject();
    }
    const auto number = [&counts](const char *key, qint64 *out) {
        const QJsonValue value = counts.value(QLatin1String(key));
        if (value.isUndefined() || value.isNull()) {
            *out = -1;
            return true;
        }
        if (!value.isDouble())
            return false;
        *out = qint64(value.toDouble());
        return true;
    };
    qint64 input = -1;
    qint64 cached = -1;
    qint64 output = -1;
    if (!number("input_tokens", &input) || !number("cached_input_tokens", &cached)
        || !number("output_tokens", &output) || !number("reasoning_output_tokens", reasoningTokens)) {
        return false;
    }
    if (input < 0 && output < 0)
        return true;
    *present = true;
    *usage = Usage::fromInclusivePrompt(input, output, -1, cached);
    return true;
}

QStringList ImportNotes::notes() const
{
    QStringList notes;
    for (auto it = m_leftOut.cbegin(); it != m_leftOut.cend(); ++it) {
        notes << QCoreApplication::translate("valis::CodexImporter", "left out %1: %2")
                     .arg(it.key())
                     .arg(it.value());
    }
    for (auto it = m_rebuilt.cbegin(); it != m_rebuilt.cend(); ++it) {
        notes << QCoreApplication::translate("valis::CodexImporter", "rebuilt %1: %2")
                     .arg(it.key())
                     .arg(it.value());
    }
    return notes;
}

} // namespace valis::codex
