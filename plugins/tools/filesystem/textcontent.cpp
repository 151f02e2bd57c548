#include "textcontent.h"

#include "toolsupport.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QStringDecoder>
#include <QStringEncoder>

#include <cstring>

namespace valis::tools::files {

// Messages here go back to the model, which reads English best; they are not tr()'d.

namespace {

struct Signature
{
    const char *bytes;
    int length;
    int offset;
    const char *description;
    bool image;
};

// Formats that can start with text-like bytes are recognised here rather than by the NUL test.
constexpr Signature Signatures[] = {
    {"\x89PNG\r\n\x1a\n", 8, 0, "PNG image", true},
    {"\xff\xd8\xff", 3, 0, "JPEG image", true},
    {"GIF87a", 6, 0, "GIF image", true},
    {"GIF89a", 6, 0, "GIF image", true},
    {"WEBP", 4, 8, "WebP image", true},
    {"\x00\x00\x01\x00", 4, 0, "icon image", true},
    {"%PDF-", 5, 0, "PDF document", false},
    {"PK\x03\x04", 4, 0, "ZIP archive (or a format built on it: jar, docx, xlsx, apk)", false},
    {"\x1f\x8b", 2, 0, "gzip-compressed data", false},
    {"BZh", 3, 0, "bzip2-compressed data", false},
    {"\xfd" "7zXZ\x00", 6, 0, "xz-compressed data", false},
    {"7z\xbc\xaf\x27\x1c", 6, 0, "7-Zip archive", false},
    {"\x28\xb5\x2f\xfd", 4, 0, "zstd-compressed data", false},
    {"ustar", 5, 257, "tar archive", false},
    {"\x7f" "ELF", 4, 0, "ELF executable or library", false},
    {"\xcf\xfa\xed\xfe", 4, 0, "Mach-O executable", false},
    {"\xca\xfe\xba\xbe", 4, 0, "Java class file or Mach-O universal binary", false},
    {"\x00" "asm", 4, 0, "WebAssembly module", false},
    {"SQLite format 3\x00", 16, 0, "SQLite database", false},
    {"MZ", 2, 0, "Windows executable", false},
};

bool hasSignature(const QByteArray &head, const Signature &signature)
{
    if (head.size() < signature.offset + signature.length)
        return false;
    return std::memcmp(head.constData() + signature.offset, signature.bytes, size_t(signature.length)) == 0;
}

} // namespace

ContentKind sniffContent(const QByteArray &head)
{
    ContentKind kind;
    if (head.startsWith("\xef\xbb\xbf")) {
        kind.utf8Bom = true;
        return kind;
    }
    if (head.startsWith("\xff\xfe")) {
        kind.encoding = ContentKind::Encoding::Utf16LE;
        return kind;
    }
    if (head.startsWith("\xfe\xff")) {
        kind.encoding = ContentKind::Encoding::Utf16BE;
        return kind;
    }
    for (const Signature &signature : Signatures) {
        // "MZ" alone is too weak a sign for text; only count it when the rest is binary.
        if (qstrcmp(signature.bytes, "MZ") == 0)
            continue;
        if (hasSignature(head, signature)) {
            kind.encoding = ContentKind::Encoding::Binary;
            kind.description = QLatin1String(signature.description);
            kind.image = signature.image;
            return kind;
        }
    }
    const qsizetype length = std::min<qsizetype>(head.size(), SniffBytes);
    qsizetype control = 0;
    for (qsizetype i = 0; i < length; ++i) {
        const uchar c = uchar(head.at(i));
        if (c == 0) {
            kind.encoding = ContentKind::Encoding::Binary;
            kind.description = head.startsWith("MZ") ? QStringLiteral("Windows executable") : QStringLiteral("binary data");
            return kind;
        }
        // Tab, LF, VT, FF, CR and ESC (colour codes in logs) are normal in text.
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' && c != 0x1b)
            ++control;
    }
    if (length > 0 && control * 10 > length) {
        kind.encoding = ContentKind::Encoding::Binary;
        kind.description = QStringLiteral("binary data");
    }
    return kind;
}

LineReader::LineReader(const AgentFilesystem &filesystem, const QString &path, qint64 keepBytes)
    : m_filesystem(&filesystem), m_path(path), m_keepBytes(keepBytes)
{
}

LineReader::LineReader(const QByteArray &content, qint64 keepBytes) : m_keepBytes(keepBytes), m_buffer(content), m_eof(true)
{
}

bool LineReader::fill()
{
    // Pages of 1 MB: large enough that a big file needs few calls, small enough to never matter.
    constexpr qint64 PageBytes = 1 << 20;
    if (m_eof || m_error)
        return false;
    const Result<QByteArray> page = m_filesystem->read(m_path, m_fileOffset, PageBytes);
    if (page.hasError()) {
        m_error = page.error();
        return false;
    }
    if (page->isEmpty()) {
        m_eof = true;
        return false;
    }
    m_fileOffset += page->size();
    if (page->size() < PageBytes)
        m_eof = true;
    m_buffer.remove(0, m_position);
    m_position = 0;
    m_buffer += *page;
    return true;
}

namespace {

/// Drops the '\r' of a CRLF line end, which may have come at the end of an earlier page.
void dropCarriageReturn(LineReader::Line *line, char last)
{
    if (last != '\r')
        return;
    line->fullBytes -= 1;
    if (line->bytes.size() > line->fullBytes)
        line->bytes.chop(1);
}

} // namespace

bool LineReader::next(Line *line)
{
    line->bytes.clear();
    line->fullBytes = 0;
    char last = 0;
    for (;;) {
        if (m_position >= m_buffer.size()) {
            m_buffer.clear();
            m_position = 0;
            if (!fill())
                break;
        }
        const qsizetype newline = m_buffer.indexOf('\n', m_position);
        const qsizetype end = newline < 0 ? m_buffer.size() : newline;
        const qsizetype length = end - m_position;
        const qint64 room = m_keepBytes - line->bytes.size();
        if (room > 0)
            line->bytes.append(m_buffer.constData() + m_position, qsizetype(std::min<qint64>(room, length)));
        if (length > 0)
            last = m_buffer.at(end - 1);
        line->fullBytes += length;
        if (newline >= 0) {
            m_position = newline + 1;
            dropCarriageReturn(line, last);
            return true;
        }
        m_position = m_buffer.size();
    }
    if (m_error)
        return false;
    // The last line of a file without a final newline; an empty rest is no line at all.
    if (line->fullBytes > 0) {
        dropCarriageReturn(line, last);
        return true;
    }
    return false;
}

qint64 LineReader::countRemaining(qint64 budgetBytes, bool *complete)
{
    qint64 lines = 0;
    qint64 scanned = 0;
    bool partial = false; // bytes after the last newline seen
    for (;;) {
        const qsizetype available = m_buffer.size() - m_position;
        if (available > 0) {
            const char *data = m_buffer.constData() + m_position;
            for (const char *p = data; (p = static_cast<const char *>(std::memchr(p, '\n', size_t(data + available - p))));
                 ++p) {
                ++lines;
            }
            partial = m_buffer.at(m_buffer.size() - 1) != '\n';
            scanned += available;
            m_position = m_buffer.size();
        }
        if (scanned >= budgetBytes) {
            *complete = m_eof && m_position >= m_buffer.size();
            return lines + (partial ? 1 : 0);
        }
        m_buffer.clear();
        m_position = 0;
        if (!fill())
            break;
    }
    *complete = !m_error;
    return lines + (partial ? 1 : 0);
}

QByteArray TextDocument::encoded() const
{
    switch (encoding) {
    case ContentKind::Encoding::Utf16LE:
    case ContentKind::Encoding::Utf16BE: {
        QStringEncoder encoder(encoding == ContentKind::Encoding::Utf16LE ? QStringConverter::Utf16LE : QStringConverter::Utf16BE,
                               QStringConverter::Flag::WriteBom);
        return encoder.encode(text);
    }
    case ContentKind::Encoding::Utf8:
    case ContentKind::Encoding::Binary:
        break;
    }
    const QByteArray bytes = text.toUtf8();
    return bom ? QByteArray("\xef\xbb\xbf") + bytes : bytes;
}

Result<TextDocument> readTextDocument(const AgentFilesystem &filesystem, const QString &path, qint64 maxBytes)
{
    const Result<FileEntry> entry = filesystem.stat(path);
    if (entry.hasError())
        return entry.error();
    if (entry->isDirectory())
        return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder, not a file.").arg(quoted(path)), path);
    if (entry->size > maxBytes) {
        return Error(QStringLiteral("tool.too-large"),
                     QStringLiteral("%1 is %2, more than the %3 this tool edits in one piece; change it with a command "
                                    "(exec) instead.")
                         .arg(quoted(path), humanSize(entry->size), humanSize(maxBytes)),
                     path);
    }
    const Result<QByteArray> bytes = filesystem.read(path);
    if (bytes.hasError())
        return bytes.error();
    const ContentKind kind = sniffContent(bytes->left(SniffBytes));
    if (kind.isBinary()) {
        return Error(QStringLiteral("tool.binary"),
                     QStringLiteral("%1 is a binary file (%2, %3); only text files can be edited.")
                         .arg(quoted(path), kind.description, humanSize(bytes->size())),
                     path);
    }
    TextDocument document;
    document.encoding = kind.encoding;
    if (kind.encoding == ContentKind::Encoding::Utf8) {
        document.bom = kind.utf8Bom;
        QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::Stateless);
        document.text = decoder.decode(kind.utf8Bom ? bytes->mid(3) : *bytes);
        if (decoder.hasError()) {
            return Error(QStringLiteral("tool.not-utf8"),
                         QStringLiteral("%1 is not valid UTF-8 text (it may be Latin-1 or another legacy encoding); "
                                        "editing it here would corrupt the bytes that are not UTF-8. Convert it first "
                                        "(for example with iconv through exec).")
                             .arg(quoted(path)),
                         path);
        }
    } else {
        QStringDecoder decoder(kind.encoding == ContentKind::Encoding::Utf16LE ? QStringConverter::Utf16LE : QStringConverter::Utf16BE);
        document.text = decoder.decode(bytes->mid(2));
        document.bom = true;
    }
    return document;
}

bool usesCrlf(QStringView text)
{
    const qsizetype crlf = text.count(u"\r\n");
    const qsizetype lf = text.count(u'\n');
    return crlf > 0 && crlf * 2 >= lf;
}

} // namespace valis::tools::files
