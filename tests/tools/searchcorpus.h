#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis::test {

/// A varied corpus for comparing grep's two engines: source-like text, Unicode (accents, ß,
/// Greek, CJK, emoji), CRLF lines, a line of 5,000 characters, UTF-16 and UTF-8 BOM files,
/// invalid UTF-8, a NUL byte past the binary probe, a binary file, no final newline, an empty
/// file, 300 near-identical lines for paging. Written into `folder`; false when a write failed.
bool writeGrepCorpus(const QString &folder);

/// One grep call of the comparison and whether it should find something (so two engines that
/// both find nothing do not pass unnoticed).
struct GrepCase
{
    QJsonObject arguments;
    bool expectMatches = true;
};
QList<GrepCase> grepEquivalenceCases();

/// A small binary file that contains the word TODO.
QByteArray binaryFileContent();

/// Patterns both engines must refuse.
QStringList invalidGrepPatterns();

} // namespace valis::test
