#include "import/codexcomposer.h"

#include <QRegularExpression>

namespace valis::codex {

namespace {

/// The character of a Rust char Debug literal's inside ("a", "\\'", "\\u{1f600}", ...).
QString unescapeRustChar(const QString &inner)
{
    if (!inner.startsWith(QLatin1Char('\\')) || inner.size() < 2)
        return inner;
    const QChar escape = inner.at(1);
    if (escape == QLatin1Char('n'))
        return QStringLiteral("\n");
    if (escape == QLatin1Char('t'))
        return QStringLiteral("\t");
    if (escape == QLatin1Char('r'))
        return QStringLiteral("\r");
    if (escape == QLatin1Char('0'))
        return QString(QChar(0));
    if (escape == QLatin1Char('u') && inner.size() > 4) {
        bool ok = false;
        const char32_t codePoint = inner.mid(3, inner.size() - 4).toUInt(&ok, 16);
        return ok ? QString::fromUcs4(&codePoint, 1) : QString();
    }
    return QString(escape); // \' \" \\ stand for themselves
}

} // namespace

std::optional<QString> CodexComposer::press(const QString &event)
{
    static const QRegularExpression pattern(QStringLiteral(
        R"(^KeyEvent \{ code: (.*?), modifiers: KeyModifiers\(([^)]*)\), kind: (\w+))"));
    const QRegularExpressionMatch match = pattern.match(event);
    if (!match.hasMatch())
        return std::nullopt;
    const QString code = match.captured(1);
    const QString modifiers = match.captured(2);
    const QString kind = match.captured(3);
    if (kind != QLatin1String("Press") && kind != QLatin1String("Repeat"))
        return std::nullopt;
    const bool control = modifiers.contains(QLatin1String("CONTROL"));
    const bool alt = modifiers.contains(QLatin1String("ALT"));
    const bool shift = modifiers.contains(QLatin1String("SHIFT"));

    if (code.startsWith(QLatin1String("Char('")) && code.endsWith(QLatin1String("')"))) {
        const QString character = unescapeRustChar(code.mid(6, code.size() - 8));
        if (control) {
            const QString lower = character.toLower();
            if (lower == QLatin1String("c") || lower == QLatin1String("u")) {
                m_text.clear();
                m_cursor = 0;
            } else if (lower == QLatin1String("j")) {
                insert(QStringLiteral("\n"));
            }
        } else if (!alt) {
            insert(character);
        }
        return std::nullopt;
    }
    if (code == QLatin1String("Enter")) {
        if (control || alt || shift) {
            insert(QStringLiteral("\n"));
            return std::nullopt;
        }
        if (m_text.trimmed().isEmpty())
            return std::nullopt;
        const QString submitted = m_text;
        m_text.clear();
        m_cursor = 0;
        return submitted;
    }
    if (code == QLatin1String("Backspace") && m_cursor > 0) {
        m_text.remove(--m_cursor, 1);
    } else if (code == QLatin1String("Delete") && m_cursor < m_text.size()) {
        m_text.remove(m_cursor, 1);
    } else if (code == QLatin1String("Left") && m_cursor > 0) {
        --m_cursor;
    } else if (code == QLatin1String("Right") && m_cursor < m_text.size()) {
        ++m_cursor;
    } else if (code == QLatin1String("Home")) {
        m_cursor = 0;
    } else if (code == QLatin1String("End")) {
        m_cursor = m_text.size();
    }
    return std::nullopt;
}

void CodexComposer::insert(const QString &text)
{
    m_text.insert(m_cursor, text);
    m_cursor += text.size();
}

} // namespace valis::codex
