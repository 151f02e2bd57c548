#pragma once

#include "valis/core/result.h"

#include <QString>

namespace valis::tools::search {

/// How a grep pattern is read.
struct PatternOptions
{
    bool fixedString = false; ///< The pattern is literal text, not a regex.
    bool multiline = false;   ///< Matches may span lines (`\n` allowed, `.` still stops at it unless (?s)).
};

/// One grep pattern in the two dialects the search engines speak.
///
/// The pattern language is Rust's regex syntax (what ripgrep uses): PCRE-like, without
/// look-around, backreferences, atomic groups or possessive quantifiers. preparePattern() checks
/// the pattern against that common subset with the same rules whichever engine runs, so a pattern
/// is refused with the same message by both, and rewrites a few forgiving cases for both:
/// `\/`, `\%` and other escaped punctuation are literal, a `{` that does not start a valid
/// repetition (`foo {`) is literal, `(?<name>` is a named group, `\<` and `\>` are `\b`, `\Z` is
/// `\z`, `\e` is ESC. POSIX classes are ASCII in both, as in Rust.
///
/// Known differences left: PCRE2 10.42's Unicode `\w` leaves out combining marks (Rust's has
/// them), bytes that are not UTF-8 are U+FFFD to the built-in engine (which `.` then matches),
/// and a `\p{...}` name that only one engine knows is refused by the other.
struct PreparedPattern
{
    /// For ripgrep (Rust regex syntax).
    QString rust;
    /// For QRegularExpression (PCRE2) matching one line at a time, given without its terminator
    /// ("\n" or "\r\n"). ripgrep runs with --crlf: in line mode nothing in a pattern matches "\r"
    /// or "\n" (they are taken out of every class), and `$` matches before "\r\n".
    QString pcreLine;
    /// For QRegularExpression over a whole buffer with MultilineOption: in line mode it finds
    /// candidate lines (`\A`/`\z` become line anchors); in multiline mode it is the search.
    QString pcreBuffer;
};

/// Errors have the code "grep.pattern" and a message naming the construct and how to write it
/// instead, for the model.
Result<PreparedPattern> preparePattern(const QString &pattern, const PatternOptions &options);

/// The hint appended to every pattern error, whichever engine found it.
QString patternSyntaxHint();

} // namespace valis::tools::search
