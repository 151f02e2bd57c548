#pragma once

#include <QtGlobal>

namespace valis::tokens {

/// What the pre-tokenising patterns ask of a character, as bits.
enum CharClass : quint8 {
    Letter = 1,       ///< \p{L}
    UpperClass = 2,   ///< [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] (o200k's "cased-upper" words)
    LowerClass = 4,   ///< [\p{Ll}\p{Lm}\p{Lo}\p{M}]
    Number = 8,       ///< \p{N}
    Space = 16,       ///< \s: Unicode White_Space, as tiktoken's regex engine reads it
    LineBreak = 32,   ///< \r or \n
};

/// The classes of `codePoint` (Unicode data as Qt knows it).
quint8 charClass(char32_t codePoint);

/// One decoded character of UTF-8 text: its code point, its length in bytes and its classes.
/// Bytes that are not valid UTF-8 are characters of their own, of no class.
struct Char
{
    char32_t codePoint = 0;
    quint8 length = 0;
    quint8 classes = 0;
};

Char decodeChar(const uchar *text, qsizetype position, qsizetype end);

} // namespace valis::tokens
