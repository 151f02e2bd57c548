#pragma once

#include <QtGlobal>

namespace valis::tokens {

/// Splits UTF-8 text into the pieces an encoding's pattern matches, as the regex engine would:
/// alternatives tried in order at each position, greedy quantifiers with their backtracking.
/// Written out by hand for the two patterns (they are fixed), which is many times faster than a
/// regex engine.
///
/// o200k_base: [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
///   | [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
///   | \p{N}{1,3} | ?[^\s\p{L}\p{N}]+[\r\n/]* | \s*[\r\n]+ | \s+(?!\S) | \s+
/// cl100k_base: (?i:'s|'t|'re|'ve|'m|'ll|'d) | [^\r\n\p{L}\p{N}]?\p{L}+ | \p{N}{1,3}
///   | ?[^\s\p{L}\p{N}]+[\r\n]* | \s*[\r\n]+ | \s+(?!\S) | \s+
class PreTokenizer
{
public:
    enum class Pattern { O200k, Cl100k };
    explicit PreTokenizer(Pattern pattern) : m_pattern(pattern) {}

    /// The end of the piece that starts at `position` (< `end`).
    qsizetype next(const uchar *text, qsizetype position, qsizetype end) const;

private:
    qsizetype nextO200k(const uchar *text, qsizetype position, qsizetype end) const;
    qsizetype nextCl100k(const uchar *text, qsizetype position, qsizetype end) const;

    Pattern m_pattern;
};

} // namespace valis::tokens
