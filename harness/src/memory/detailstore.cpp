#include "valis/memory/detailstore.h"

#include "valis/core/modeltext.h"

#include <QCoreApplication>
#include <QCryptographicHash>

#include <cstring>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::DetailStore)
};

Error invalid(const QString &message)
{
    return Error(QStringLiteral("memory.invalid"), message);
}

QString keyOf(const QByteArray &hashInput, int hexDigits)
{
    const QByteArray hex = QCryptographicHash::hash(hashInput, QCryptographicHash::Sha256).toHex();
    return QStringLiteral("m-") + QString::fromLatin1(hex.left(qBound(1, hexDigits, int(hex.size()))));
}

} // namespace

DetailStore::~DetailStore() = default;

Result<qint64> DetailStore::changeCounter() const
{
    return Error(QStringLiteral("memory.unsupported"), Text::tr("This memory store cannot tell cheaply whether it changed."));
}

Result<MemoryRecord> DetailStore::writeFileIfUnchanged(const QString &, const QString &, const QByteArray &, const QString &,
                                                       const QString &)
{
    return Error(QStringLiteral("memory.unsupported"), Text::tr("This memory store cannot write a file on a condition."));
}

QString memoryKeyFor(const QString &agentId, const QByteArray &content, int hexDigits)
{
    // The NUL keeps "ab" + "c" apart from "a" + "bc": agent ids never contain one.
    return keyOf(agentId.toUtf8() + '\0' + content, hexDigits);
}

QString memoryFileKeyFor(const QString &agentId, const QString &path, const QByteArray &content, int hexDigits)
{
    return keyOf(agentId.toUtf8() + '\0' + path.toUtf8() + '\0' + content, hexDigits);
}

qint64 countLines(const QByteArray &content)
{
    if (content.isEmpty())
        return 0;
    const qint64 newlines = content.count('\n');
    return content.endsWith('\n') ? newlines : newlines + 1;
}

// Paging errors answer retrieve_memory's arguments: the model reads them (and the record keeps
// them), so they are English, not tr()'d.
Result<MemoryPage> pageOf(const MemoryRecord &record, const QByteArray &content, const MemoryPageRequest &request)
{
    MemoryPage page;
    page.record = record;
    page.record.content.clear();
    page.unit = request.unit;
    if (request.limit < 1)
        return invalid(QStringLiteral("the limit must be at least 1 (it was %1)").arg(request.limit));
    const qint64 size = content.size();

    if (request.unit == MemoryPageRequest::Unit::Bytes) {
        page.total = size;
        if (request.offset < 0)
            return invalid(QStringLiteral("the byte offset counts from 0 (it was %1)").arg(request.offset));
        // Reading an empty record from its start is fine; past the end of anything is not.
        if (request.offset > 0 && request.offset >= size) {
            return invalid(QStringLiteral("byte offset %1 is past the end: %2 is %3 long")
                               .arg(request.offset)
                               .arg(record.key, modeltext::plural(size, QStringLiteral("byte"))));
        }
        page.first = request.offset;
        page.count = qMin(request.limit, size - request.offset);
        page.remaining = size - request.offset - page.count;
        page.text = content.mid(page.first, page.count);
        return page;
    }

    const qint64 total = record.sizeBytes == size && (record.lineCount > 0 || size == 0) ? record.lineCount
                                                                                          : countLines(content);
    page.total = total;
    if (request.offset < 1)
        return invalid(QStringLiteral("lines count from 1 (the offset was %1)").arg(request.offset));
    if (request.offset > 1 && request.offset > total) {
        return invalid(QStringLiteral("line %1 is past the end: %2 has %3")
                           .arg(request.offset)
                           .arg(record.key, modeltext::plural(total, QStringLiteral("line"))));
    }
    // Walk to the first wanted line with memchr, which is what keeps a page of a multi-megabyte
    // record cheap, then on to the end of the last one.
    const char *data = content.constData();
    const char *end = data + size;
    const char *start = data;
    for (qint64 line = 1; line < request.offset && start < end; ++line) {
        const void *newline = std::memchr(start, '\n', size_t(end - start));
        start = newline ? static_cast<const char *>(newline) + 1 : end;
    }
    const char *stop = start;
    qint64 count = 0;
    while (count < request.limit && stop < end) {
        const void *newline = std::memchr(stop, '\n', size_t(end - stop));
        stop = newline ? static_cast<const char *>(newline) + 1 : end;
        ++count;
    }
    page.first = request.offset;
    page.count = count;
    page.remaining = total - (request.offset - 1) - count;
    page.text = QByteArray(start, stop - start);
    return page;
}

} // namespace valis
