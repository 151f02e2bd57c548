#include "tokens/pretokenizer.h"

#include "tokens/unicodeclass.h"

namespace valis::tokens {

namespace {

/// [^\r\n\p{L}\p{N}]: the optional character before a word.
bool isWordPrefix(quint8 classes)
{
    return !(classes & (LineBreak | Letter | Number));
}

/// [^\s\p{L}\p{N}]: punctuation and symbols.
bool isSymbol(quint8 classes)
{
    return !(classes & (Space | Letter | Number));
}

bool isAsciiLetter(uchar c, char lower)
{
    return c == uchar(lower) || c == uchar(lower - 'a' + 'A');
}

/// The length of a contraction ('s 't 're 've 'm 'll 'd, any case) at `position`, or 0. The
/// patterns' (?i) also folds the long s (U+017F) to s.
qsizetype contraction(const uchar *text, qsizetype position, qsizetype end)
{
    if (position >= end || text[position] != '\'' || position + 1 >= end)
        return 0;
    const uchar c = text[position + 1];
    if (isAsciiLetter(c, 's') || isAsciiLetter(c, 't') || isAsciiLetter(c, 'm') || isAsciiLetter(c, 'd'))
        return 2;
    if (c == 0xC5 && position + 2 < end && text[position + 2] == 0xBF) // U+017F, ſ
        return 3;
    if (position + 2 < end) {
        const uchar d = text[position + 2];
        if ((isAsciiLetter(c, 'r') || isAsciiLetter(c, 'v')) && isAsciiLetter(d, 'e'))
            return 3;
        if (isAsciiLetter(c, 'l') && isAsciiLetter(d, 'l'))
            return 3;
    }
    return 0;
}

/// The end of the run of characters from `position` that have one of `classes`.
qsizetype runOf(const uchar *text, qsizetype position, qsizetype end, quint8 classes)
{
    while (position < end) {
        const Char c = decodeChar(text, position, end);
        if (!(c.classes & classes))
            break;
        position += c.length;
    }
    return position;
}

/// The three whitespace alternatives: \s*[\r\n]+ | \s+(?!\S) | \s+, at a whitespace character.
qsizetype whitespace(const uchar *text, qsizetype position, qsizetype end)
{
    // The run, remembering where its last line break and its last character start.
    qsizetype run = position;
    qsizetype lastBreakEnd = -1;
    qsizetype lastStart = position;
    while (run < end) {
        const Char c = decodeChar(text, run, end);
        if (!(c.classes & Space))
            break;
        lastStart = run;
        run += c.length;
        if (c.classes & LineBreak)
            lastBreakEnd = run;
    }
    // \s*[\r\n]+ : the greedy \s* gives back up to the last line break of the run.
    if (lastBreakEnd > 0)
        return lastBreakEnd;
    // \s+(?!\S) : all of it at the end of the text, else all but its last character.
    if (run >= end)
        return run;
    if (lastStart > position)
        return lastStart;
    // \s+
    return run;
}

/// ` ?[^\s\p{L}\p{N}]+` followed by [\r\n]* (cl100k) or [\r\n/]* (o200k); -1 when it does not
/// match at `position`.
qsizetype symbols(const uchar *text, qsizetype position, qsizetype end, bool slash)
{
    qsizetype p = position;
    if (text[p] == ' ')
        ++p;
    qsizetype run = p;
    while (run < end) {
        const Char c = decodeChar(text, run, end);
        if (!isSymbol(c.classes))
            break;
        run += c.length;
    }
    if (run == p)
        return -1;
    while (run < end && (text[run] == '\r' || text[run] == '\n' || (slash && text[run] == '/')))
        ++run;
    return run;
}

/// \p{N}{1,3}; -1 when it does not match.
qsizetype digits(const uchar *text, qsizetype position, qsizetype end)
{
    qsizetype p = position;
    for (int n = 0; n < 3 && p < end; ++n) {
        const Char c = decodeChar(text, p, end);
        if (!(c.classes & Number))
            break;
        p += c.length;
    }
    return p > position ? p : -1;
}

} // namespace

qsizetype PreTokenizer::next(const uchar *text, qsizetype position, qsizetype end) const
{
    return m_pattern == Pattern::O200k ? nextO200k(text, position, end) : nextCl100k(text, position, end);
}

qsizetype PreTokenizer::nextO200k(const uchar *text, qsizetype position, qsizetype end) const
{
    const Char first = decodeChar(text, position, end);
    // The two word alternatives, with the optional prefix tried taken, then not.
    const qsizetype prefixes[2] = {isWordPrefix(first.classes) ? position + first.length : -1, position};
    for (int alternative = 1; alternative <= 2; ++alternative) {
        for (const qsizetype start : prefixes) {
            if (start < 0)
                continue;
            if (alternative == 1) {
                // [U]*[L]+: U* takes what it can, then gives back until L+ can start.
                const qsizetype upperEnd = runOf(text, start, end, UpperClass);
                // Walk the U run, remembering where L-class characters start, latest last.
                qsizetype lowerStart = -1;
                for (qsizetype p = start; p < upperEnd;) {
                    const Char c = decodeChar(text, p, end);
                    if (c.classes & LowerClass)
                        lowerStart = p;
                    p += c.length;
                }
                // U* may also end where the U run ends if an L character follows it.
                if (upperEnd < end && (decodeChar(text, upperEnd, end).classes & LowerClass))
                    lowerStart = upperEnd;
                if (lowerStart < 0)
                    continue;
                const qsizetype wordEnd = runOf(text, lowerStart, end, LowerClass);
                return wordEnd + contraction(text, wordEnd, end);
            }
            // [U]+[L]*
            const qsizetype upperEnd = runOf(text, start, end, UpperClass);
            if (upperEnd == start)
                continue;
            const qsizetype wordEnd = runOf(text, upperEnd, end, LowerClass);
            return wordEnd + contraction(text, wordEnd, end);
        }
    }
    if (const qsizetype number = digits(text, position, end); number > 0)
        return number;
    if (const qsizetype symbol = symbols(text, position, end, true); symbol > 0)
        return symbol;
    if (first.classes & Space)
        return whitespace(text, position, end);
    // Nothing matches (a character no alternative takes): tiktoken would skip it; it is kept
    // as a piece of its own so no byte is lost.
    return position + first.length;
}

qsizetype PreTokenizer::nextCl100k(const uchar *text, qsizetype position, qsizetype end) const
{
    if (const qsizetype apostrophe = contraction(text, position, end); apostrophe > 0)
        return position + apostrophe;
    const Char first = decodeChar(text, position, end);
    // [^\r\n\p{L}\p{N}]?\p{L}+
    if (first.classes & Letter)
        return runOf(text, position, end, Letter);
    if (isWordPrefix(first.classes) && position + first.length < end) {
        const qsizetype word = runOf(text, position + first.length, end, Letter);
        if (word > position + first.length)
            return word;
    }
    if (const qsizetype number = digits(text, position, end); number > 0)
        return number;
    if (const qsizetype symbol = symbols(text, position, end, false); symbol > 0)
        return symbol;
    if (first.classes & Space)
        return whitespace(text, position, end);
    return position + first.length;
}

} // namespace valis::tokens
