#include "tokens/unicodeclass.h"

#include <QChar>

#include <array>

namespace valis::tokens {

namespace {

bool isWhiteSpace(char32_t c)
{
    // Unicode's White_Space property (the \s of tiktoken's regex engine); note that it has
    // U+0085 and not U+FEFF, where JavaScript's \s has it the other way round.
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
        || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

quint8 classify(char32_t c)
{
    quint8 classes = 0;
    if (isWhiteSpace(c))
        classes |= Space;
    if (c == U'\r' || c == U'\n')
        classes |= LineBreak;
    switch (QChar::category(c)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Titlecase:
        classes |= Letter | UpperClass;
        break;
    case QChar::Letter_Lowercase:
        classes |= Letter | LowerClass;
        break;
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
        classes |= Letter | UpperClass | LowerClass;
        break;
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
    case QChar::Mark_Enclosing:
        classes |= UpperClass | LowerClass;
        break;
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Number_Other:
        classes |= Number;
        break;
    default:
        break;
    }
    return classes;
}

/// The Basic Multilingual Plane, classified once: nearly all text lives there.
const std::array<quint8, 0x10000> &bmpClasses()
{
    static const std::array<quint8, 0x10000> table = [] {
        std::array<quint8, 0x10000> classes{};
        for (char32_t c = 0; c < 0x10000; ++c)
            classes[c] = classify(c);
        return classes;
    }();
    return table;
}

} // namespace

quint8 charClass(char32_t codePoint)
{
    return codePoint < 0x10000 ? bmpClasses()[codePoint] : classify(codePoint);
}

Char decodeChar(const uchar *text, qsizetype position, qsizetype end)
{
    const uchar lead = text[position];
    if (lead < 0x80) {
        static const std::array<quint8, 0x10000> &table = bmpClasses();
        return {lead, 1, table[lead]};
    }
    int length = 0;
    char32_t c = 0;
    char32_t minimum = 0;
    if ((lead & 0xE0) == 0xC0) {
        length = 2;
        c = lead & 0x1F;
        minimum = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3;
        c = lead & 0x0F;
        minimum = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4;
        c = lead & 0x07;
        minimum = 0x10000;
    } else {
        return {lead, 1, 0};
    }
    if (position + length > end)
        return {lead, 1, 0};
    for (int i = 1; i < length; ++i) {
        const uchar next = text[position + i];
        if ((next & 0xC0) != 0x80)
            return {lead, 1, 0};
        c = (c << 6) | (next & 0x3F);
    }
    if (c < minimum || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return {lead, 1, 0};
    return {c, quint8(length), charClass(c)};
}

} // namespace valis::tokens
