#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace valis {
class AgentFilesystem;
}

namespace valis::tools::files {

/// What a file's first bytes say it is.
struct ContentKind
{
    enum class Encoding { Utf8, Utf16LE, Utf16BE, Binary };
    Encoding encoding = Encoding::Utf8;
    bool utf8Bom = false;
    bool image = false;
    /// For binary files: "PNG image", "ELF executable", "binary data".
    QString description;

    bool isBinary() const { return encoding == Encoding::Binary; }
};

/// Looks at up to the first 8 KB: known signatures, byte order marks, NUL bytes and the share of
/// control characters. UTF-16 is recognised by its byte order mark only.
ContentKind sniffContent(const QByteArray &head);

/// How many bytes sniffContent() wants to see.
constexpr qint64 SniffBytes = 8192;

/// Reads a file's lines in pages through the AgentFilesystem, never the whole file at once, so a
/// 5 GB log can be read from line 1 or line 4,000,000. Keeps at most `keepBytes` of each line
/// (a minified bundle may be one 40 MB line) and reports every line's full length.
class LineReader
{
public:
    struct Line
    {
        QByteArray bytes;    ///< The line without its end (\n or \r\n), cut at keepBytes.
        qint64 fullBytes = 0;
    };

    LineReader(const AgentFilesystem &filesystem, const QString &path, qint64 keepBytes);
    /// Lines of text already in memory (UTF-16 files, converted to UTF-8).
    LineReader(const QByteArray &content, qint64 keepBytes);

    /// The next line; false at the end of the file or on a read error (see error()).
    bool next(Line *line);
    /// Counts the lines not read yet, reading at most `budgetBytes`; `complete` says whether it
    /// reached the end.
    qint64 countRemaining(qint64 budgetBytes, bool *complete);
    const std::optional<Error> &error() const { return m_error; }

private:
    bool fill();

    const AgentFilesystem *m_filesystem = nullptr;
    QString m_path;
    qint64 m_keepBytes;
    qint64 m_fileOffset = 0;
    QByteArray m_buffer;
    qsizetype m_position = 0;
    bool m_eof = false;
    std::optional<Error> m_error;
};

/// A whole text file, decoded, for the tools that change files (edit_file, apply_patch), with
/// what is needed to write it back the way it was (encoding, byte order mark).
struct TextDocument
{
    QString text;
    ContentKind::Encoding encoding = ContentKind::Encoding::Utf8;
    bool bom = false;

    QByteArray encoded() const;
    /// Same encoding and mark, other text.
    TextDocument withText(const QString &newText) const
    {
        TextDocument copy = *this;
        copy.text = newText;
        return copy;
    }
};

/// Reads and decodes `path` for editing. Refuses (with a message for the model) folders, files
/// over `maxBytes`, binary files, and UTF-8 files with invalid bytes (writing them back would
/// destroy those bytes).
Result<TextDocument> readTextDocument(const AgentFilesystem &filesystem, const QString &path, qint64 maxBytes);

/// Whether `text` uses CRLF line ends (more CRLF than lone LF).
bool usesCrlf(QStringView text);

} // namespace valis::tools::files
