#include "jsonscanner.h"

#include <QStringDecoder>

namespace valis::providers {

namespace {

constexpr int maxDepth = 32;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool isNoncharacter(char32_t code)
{
    return (code >= 0xFDD0 && code <= 0xFDEF) || (code & 0xFFFE) == 0xFFFE;
}

void appendUtf8(QByteArray &out, char32_t code)
{
    if (code < 0x80) {
        out += char(code);
    } else if (code < 0x800) {
        out += char(0xC0 | (code >> 6));
        out += char(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += char(0xE0 | (code >> 12));
        out += char(0x80 | ((code >> 6) & 0x3F));
        out += char(0x80 | (code & 0x3F));
    } else {
        out += char(0xF0 | (code >> 18));
        out += char(0x80 | ((code >> 12) & 0x3F));
        out += char(0x80 | ((code >> 6) & 0x3F));
        out += char(0x80 | (code & 0x3F));
    }
}

// QString::fromUtf8 drops a byte order mark at the start of its input. QJsonDocument, the
// reference this scanner must match, decodes a string with escapes itself and keeps a leading
// U+FEFF there, while a string without escapes goes through fromUtf8 and loses it (Qt 6.4);
// an escaped string is therefore converted with the mark kept.
QString unescapedFromUtf8(QByteArrayView utf8)
{
    if (!utf8.startsWith("\xEF\xBB\xBF"))
        return QString::fromUtf8(utf8);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(utf8);
}

} // namespace

bool isPlainUtf8(QByteArrayView bytes)
{
    const auto *p = reinterpret_cast<const uchar *>(bytes.data());
    const auto *end = p + bytes.size();
    while (p < end) {
        const uchar c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        int extra = 0;
        char32_t code = 0;
        char32_t minimum = 0;
        if ((c & 0xE0) == 0xC0) {
            extra = 1;
            code = c & 0x1F;
            minimum = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2;
            code = c & 0x0F;
            minimum = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3;
            code = c & 0x07;
            minimum = 0x10000;
        } else {
            return false;
        }
        if (end - p <= extra)
            return false;
        for (int i = 1; i <= extra; ++i) {
            if ((p[i] & 0xC0) != 0x80)
                return false;
            code = (code << 6) | (p[i] & 0x3F);
        }
        if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || isNoncharacter(code))
            return false;
        p += extra + 1;
    }
    return true;
}

bool JsonScanner::fail()
{
    m_ok = false;
    return false;
}

void JsonScanner::skipSpace()
{
    while (m_pos < m_json.size() && isSpace(m_json[m_pos]))
        ++m_pos;
}

bool JsonScanner::expect(char c)
{
    skipSpace();
    if (m_pos < m_json.size() && m_json[m_pos] == c) {
        ++m_pos;
        return true;
    }
    return fail();
}

JsonScanner::Type JsonScanner::peek()
{
    if (!m_ok)
        return Type::Invalid;
    skipSpace();
    if (m_pos >= m_json.size())
        return Type::Invalid;
    switch (m_json[m_pos]) {
    case '{':
        return Type::Object;
    case '[':
        return Type::Array;
    case '"':
        return Type::String;
    case 't':
        return Type::True;
    case 'f':
        return Type::False;
    case 'n':
        return Type::Null;
    default:
        return (isDigit(m_json[m_pos]) || m_json[m_pos] == '-') ? Type::Number : Type::Invalid;
    }
}

bool JsonScanner::beginObject()
{
    if (!m_ok || !expect('{'))
        return false;
    m_first = true;
    return true;
}

bool JsonScanner::nextMember(char close)
{
    if (!m_ok)
        return false;
    skipSpace();
    if (m_pos < m_json.size() && m_json[m_pos] == close) {
        ++m_pos;
        m_first = false;
        return false;
    }
    if (!m_first && !expect(','))
        return false;
    m_first = false;
    return true;
}

bool JsonScanner::nextKey(QByteArrayView *key)
{
    if (!nextMember('}'))
        return false;
    bool escaped = false;
    skipSpace();
    if (!scanString(key, &escaped) || escaped || !isPlainUtf8(*key))
        return fail();
    return expect(':');
}

bool JsonScanner::beginArray()
{
    if (!m_ok || !expect('['))
        return false;
    m_first = true;
    return true;
}

bool JsonScanner::nextElement()
{
    return nextMember(']');
}

bool JsonScanner::scanString(QByteArrayView *raw, bool *escaped)
{
    if (m_pos >= m_json.size() || m_json[m_pos] != '"')
        return fail();
    const qsizetype start = ++m_pos;
    *escaped = false;
    while (m_pos < m_json.size()) {
        const char c = m_json[m_pos];
        if (c == '"') {
            *raw = m_json.sliced(start, m_pos - start);
            ++m_pos;
            return true;
        }
        if (uchar(c) < 0x20)
            return fail();
        if (c == '\\') {
            *escaped = true;
            m_pos += 2;
            continue;
        }
        ++m_pos;
    }
    return fail();
}

bool JsonScanner::readString(QString *out)
{
    if (!m_ok)
        return false;
    skipSpace();
    QByteArrayView raw;
    bool escaped = false;
    if (!scanString(&raw, &escaped))
        return false;
    if (!escaped) {
        if (!isPlainUtf8(raw))
            return fail();
        *out = QString::fromUtf8(raw); // drops a leading U+FEFF, as QJsonDocument does
        return true;
    }
    QByteArray unescaped;
    unescaped.reserve(raw.size());
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c != '\\') {
            unescaped += c;
            continue;
        }
        if (++i >= raw.size())
            return fail();
        switch (raw[i]) {
        case '"': unescaped += '"'; break;
        case '\\': unescaped += '\\'; break;
        case '/': unescaped += '/'; break;
        case 'b': unescaped += '\b'; break;
        case 'f': unescaped += '\f'; break;
        case 'n': unescaped += '\n'; break;
        case 'r': unescaped += '\r'; break;
        case 't': unescaped += '\t'; break;
        case 'u': {
            auto hex4 = [&raw](qsizetype at, char32_t *code) {
                if (at + 4 > raw.size())
                    return false;
                char32_t value = 0;
                for (qsizetype k = at; k < at + 4; ++k) {
                    const int digit = hexValue(raw[k]);
                    if (digit < 0)
                        return false;
                    value = value * 16 + char32_t(digit);
                }
                *code = value;
                return true;
            };
            char32_t code = 0;
            if (!hex4(i + 1, &code))
                return fail();
            i += 4;
            if (code >= 0xDC00 && code <= 0xDFFF)
                return fail(); // a lone low surrogate
            if (code >= 0xD800 && code <= 0xDBFF) {
                char32_t low = 0;
                if (i + 2 >= raw.size() || raw[i + 1] != '\\' || raw[i + 2] != 'u' || !hex4(i + 3, &low)
                    || low < 0xDC00 || low > 0xDFFF) {
                    return fail();
                }
                i += 6;
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            }
            if (isNoncharacter(code))
                return fail();
            appendUtf8(unescaped, code);
            break;
        }
        default:
            return fail();
        }
    }
    if (!isPlainUtf8(unescaped))
        return fail();
    *out = unescapedFromUtf8(unescaped);
    return true;
}

bool JsonScanner::readInteger(qint64 *out)
{
    if (!m_ok)
        return false;
    skipSpace();
    qsizetype at = m_pos;
    const bool negative = at < m_json.size() && m_json[at] == '-';
    if (negative)
        ++at;
    const qsizetype digitsStart = at;
    qint64 value = 0;
    while (at < m_json.size() && isDigit(m_json[at])) {
        // Past 15 digits the number is refused below; accumulating them would overflow first.
        if (at - digitsStart < 15)
            value = value * 10 + (m_json[at] - '0');
        ++at;
    }
    const qsizetype digits = at - digitsStart;
    if (digits == 0 || digits > 15 || (digits > 1 && m_json[digitsStart] == '0'))
        return fail();
    if (at < m_json.size() && (m_json[at] == '.' || m_json[at] == 'e' || m_json[at] == 'E'))
        return fail();
    m_pos = at;
    *out = negative ? -value : value;
    return true;
}

bool JsonScanner::readNull()
{
    skipSpace();
    return skipLiteral("null");
}

bool JsonScanner::skipLiteral(QByteArrayView literal)
{
    if (!m_ok)
        return false;
    if (m_json.sliced(m_pos).startsWith(literal)) {
        m_pos += literal.size();
        return true;
    }
    return fail();
}

bool JsonScanner::skipNumber()
{
    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]{1,2})?, at most 17 significant digits.
    qsizetype at = m_pos;
    if (at < m_json.size() && m_json[at] == '-')
        ++at;
    const qsizetype intStart = at;
    while (at < m_json.size() && isDigit(m_json[at]))
        ++at;
    qsizetype digits = at - intStart;
    if (digits == 0 || (digits > 1 && m_json[intStart] == '0'))
        return fail();
    if (at < m_json.size() && m_json[at] == '.') {
        const qsizetype fractionStart = ++at;
        while (at < m_json.size() && isDigit(m_json[at]))
            ++at;
        if (at == fractionStart)
            return fail();
        digits += at - fractionStart;
    }
    if (at < m_json.size() && (m_json[at] == 'e' || m_json[at] == 'E')) {
        ++at;
        if (at < m_json.size() && (m_json[at] == '+' || m_json[at] == '-'))
            ++at;
        const qsizetype exponentStart = at;
        while (at < m_json.size() && isDigit(m_json[at]))
            ++at;
        if (at == exponentStart || at - exponentStart > 2)
            return fail();
    }
    if (digits > 17)
        return fail();
    m_pos = at;
    return true;
}

bool JsonScanner::skipValue()
{
    return skipValue(0);
}

bool JsonScanner::skipValue(int depth)
{
    if (depth > maxDepth)
        return fail();
    switch (peek()) {
    case Type::Object: {
        if (!beginObject())
            return false;
        QByteArrayView key;
        while (nextKey(&key)) {
            if (!skipValue(depth + 1))
                return false;
        }
        return m_ok;
    }
    case Type::Array:
        if (!beginArray())
            return false;
        while (nextElement()) {
            if (!skipValue(depth + 1))
                return false;
        }
        return m_ok;
    case Type::String: {
        QByteArrayView raw;
        bool escaped = false;
        if (!scanString(&raw, &escaped))
            return false;
        if (escaped) {
            // Validate the escapes and the text the same way readString does.
            JsonScanner inner(m_json.sliced(m_pos - raw.size() - 2, raw.size() + 2));
            QString ignored;
            return inner.readString(&ignored) || fail();
        }
        return isPlainUtf8(raw) || fail();
    }
    case Type::Number:
        return skipNumber();
    case Type::True:
        return skipLiteral("true");
    case Type::False:
        return skipLiteral("false");
    case Type::Null:
        return skipLiteral("null");
    case Type::Invalid:
        break;
    }
    return fail();
}

bool JsonScanner::atEnd()
{
    if (!m_ok)
        return false;
    skipSpace();
    return m_pos == m_json.size() || fail();
}

} // namespace valis::providers
