#include "valis/memory/memorypager.h"

#include "valis/core/modeltext.h"

#include <QStringDecoder>

namespace valis {

// The text is read by a model, which reads English best: not tr()'d. It moved here from the
// built-in retrieve_memory tool, which now calls readMemoryPage(), word for word.

namespace {

using Unit = MemoryPageRequest::Unit;
using namespace memorypager;
using namespace modeltext;

constexpr int SimilarKeys = 5;

QString recordFacts(const MemoryRecord &record)
{
    return record.type + QStringLiteral(", ") + plural(record.lineCount, QStringLiteral("line")) + QStringLiteral(", ")
        + sizeText(record.sizeBytes);
}

/// The page's text for the answer, and whether some bytes were not UTF-8.
QString decoded(const QByteArray &bytes, bool *invalid)
{
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::Stateless);
    const QString text = decoder.decode(bytes);
    *invalid = decoder.hasError();
    return text;
}

/// `bytes` cut to at most `limit` without splitting a UTF-8 character.
qsizetype utf8Cut(const QByteArray &bytes, qsizetype limit)
{
    if (bytes.size() <= limit)
        return bytes.size();
    qsizetype end = limit;
    while (end > 0 && (uchar(bytes.at(end)) & 0xC0) == 0x80)
        --end;
    return end > 0 ? end : limit;
}

QString unknownKey(const DetailStore &store, const QString &key)
{
    const QString message = QStringLiteral("No memory has the key \"%1\".").arg(key);
    const QStringList similar = store.similarKeys(key, SimilarKeys);
    QStringList lines;
    for (const QString &candidate : similar) {
        const Result<MemoryRecord> record = store.find(candidate);
        if (record.ok())
            lines.append(QStringLiteral("- %1: %2 (%3)").arg(candidate, oneLine(record->summary, 120), recordFacts(*record)));
        else
            lines.append(QStringLiteral("- ") + candidate);
    }
    const QString advice = QStringLiteral("Copy the key from its [MemoryRef: ...] line, or find the memory by its words with search_memory.");
    if (lines.isEmpty())
        return message + QStringLiteral(" No stored key looks like it. ") + advice;
    return message + QStringLiteral(" Similar keys:\n") + lines.join(QLatin1Char('\n')) + QLatin1Char('\n') + advice;
}

/// The first line of the answer: what this is and which part of it follows.
QString header(const MemoryRecord &record, Unit unit, qint64 first, qint64 count, qint64 total)
{
    const QString noun = unit == Unit::Lines ? QStringLiteral("line") : QStringLiteral("byte");
    QString part;
    if (count == 1)
        part = QStringLiteral("%1 %2 of %3").arg(noun, QString::number(first), QString::number(total));
    else if (count > 1)
        part = QStringLiteral("%1s %2-%3 of %4").arg(noun, QString::number(first), QString::number(first + count - 1), QString::number(total));
    else
        part = QStringLiteral("0 %1s").arg(noun);
    QString what = record.type;
    if (!record.path.isEmpty())
        what += QStringLiteral(" /memories/") + record.path;
    QString text = QStringLiteral("[%1: %2 (%3) - %4]").arg(record.key, part, what, oneLine(record.summary, 200));
    if (!record.active) {
        text += record.type == QLatin1String(MemoryType::MemoryFile)
            ? QStringLiteral(" [This is an older version of /memories/%1; read the current one with read_file.]").arg(record.path)
            : QStringLiteral(" [This memory was removed: search_memory no longer lists it, but it still reads.]");
    }
    return text;
}

QString nextCall(const QString &key, Unit unit, qint64 offset, qint64 limit)
{
    QString call = QStringLiteral("retrieve_memory with key \"%1\", offset %2, limit %3").arg(key, QString::number(offset), QString::number(limit));
    if (unit == Unit::Bytes)
        call += QStringLiteral(", unit \"bytes\"");
    return call;
}

MemoryPagerAnswer failure(const QString &text)
{
    MemoryPagerAnswer answer;
    answer.isError = true;
    answer.text = text;
    return answer;
}

} // namespace

MemoryPagerAnswer readMemoryPage(const DetailStore &store, const MemoryPagerRequest &pager)
{
    const QString &key = pager.key;
    const Unit unit = pager.unit;
    const bool lines = unit == Unit::Lines;
    const qint64 offset = pager.offset;
    const qint64 limit = pager.limit;

    // The record: by key, or the active version of a /memories/ file.
    Result<MemoryRecord> found = Error();
    if (key.startsWith(QLatin1String("/memories/"))) {
        const QString path = key.mid(int(sizeof("/memories/")) - 1);
        found = store.readFile(pager.agentId.isEmpty() ? QStringLiteral("default") : pager.agentId, path);
        if (found.hasError() && found.error().code == QLatin1String("memory.not-found")) {
            return failure(QStringLiteral("%1 does not exist in your memory store. List /memories/ with ls, or "
                                          "search with search_memory.")
                               .arg(key));
        }
    } else {
        found = store.find(key);
        if (found.hasError() && found.error().code == QLatin1String("memory.unknown-key"))
            return failure(unknownKey(store, key));
    }
    if (found.hasError())
        return failure(QStringLiteral("retrieve_memory failed: %1").arg(found.error().message));
    MemoryRecord record = *found;
    record.content.clear();

    MemoryPagerAnswer answer;
    answer.key = record.key;
    answer.unit = unit;
    answer.nextUnit = unit;
    const qint64 total = lines ? record.lineCount : record.sizeBytes;
    answer.total = total;
    if (total == 0) {
        answer.first = lines ? 1 : 0;
        answer.text = header(record, unit, lines ? 1 : 0, 0, 0) + QStringLiteral("\n[The memory is empty.]");
        return answer;
    }
    const qint64 end = lines ? total : total - 1;
    if (offset > end) {
        return failure(QStringLiteral("offset %1 is past the end of %2, which has %3%4.")
                           .arg(QString::number(offset), record.key,
                                plural(total, lines ? QStringLiteral("line") : QStringLiteral("byte")),
                                lines ? QString() : QStringLiteral(" (offsets 0 to %1)").arg(end)));
    }

    MemoryPageRequest request;
    request.unit = unit;
    request.offset = offset;
    request.limit = limit;
    const Result<MemoryPage> read = store.read(record.key, request);
    if (read.hasError())
        return failure(QStringLiteral("retrieve_memory failed: %1").arg(read.error().message));
    MemoryPage page = *read;

    QString note;
    qint64 count = page.count;
    if (page.text.size() > MaxPageBytes) {
        if (lines) {
            const qsizetype cut = page.text.lastIndexOf('\n', MaxPageBytes - 1);
            if (cut >= 0) {
                page.text.truncate(cut + 1);
                count = page.text.count('\n');
                note = QStringLiteral("The page is cut after %1 to stay under %2 bytes. ")
                           .arg(plural(count, QStringLiteral("line")), QString::number(MaxPageBytes));
            } else {
                // One line longer than a page: show its start, and go on by bytes.
                const Result<MemoryRecord> whole = store.get(record.key);
                if (whole.hasError())
                    return failure(QStringLiteral("retrieve_memory failed: %1").arg(whole.error().message));
                qint64 start = 0;
                for (qint64 line = 1; line < offset; ++line)
                    start = whole->content.indexOf('\n', start) + 1;
                const qsizetype shown = utf8Cut(page.text, MaxPageBytes);
                const qint64 lineBytes = page.text.endsWith('\n') ? page.text.size() - 1 : page.text.size();
                bool invalid = false;
                const QString text = decoded(page.text.left(shown), &invalid);
                answer.first = offset;
                answer.count = 1;
                answer.bytes = page.text.left(shown);
                answer.nextOffset = start + shown;
                answer.nextUnit = Unit::Bytes;
                answer.text = header(record, unit, offset, 1, total)
                    + QLatin1Char('\n') + text + QLatin1Char('\n')
                    + QStringLiteral("[Line %1 is %2 bytes long, more than a page holds: its first %3 bytes are shown (a line "
                                     "break was added before this note). Read the rest of it with %4.]")
                          .arg(QString::number(offset), QString::number(lineBytes), QString::number(shown),
                               nextCall(record.key, Unit::Bytes, start + shown, MaxPageBytes))
                    + (invalid ? QStringLiteral("\n[Some bytes are not valid UTF-8; they are shown as \uFFFD.]") : QString());
                return answer;
            }
        } else {
            page.text.truncate(MaxPageBytes);
            count = page.text.size();
        }
    }

    bool invalid = false;
    QString out = header(record, unit, page.first, count, total) + QLatin1Char('\n') + decoded(page.text, &invalid);
    const bool addedBreak = !out.endsWith(QLatin1Char('\n'));
    if (addedBreak)
        out += QLatin1Char('\n');
    const qint64 last = page.first + count - 1;
    const qint64 remaining = lines ? total - last : total - 1 - last;
    QString footer = QStringLiteral("[") + note;
    if (remaining > 0) {
        footer += QStringLiteral("%1 %2 after %3 %4. Next page: %5.")
                      .arg(plural(remaining, lines ? QStringLiteral("line") : QStringLiteral("byte")),
                           remaining == 1 ? QStringLiteral("remains") : QStringLiteral("remain"),
                           lines ? QStringLiteral("line") : QStringLiteral("byte"), QString::number(last),
                           nextCall(record.key, unit, last + 1, limit));
        answer.nextOffset = last + 1;
    } else {
        footer += QStringLiteral("End of %1: nothing remains after %2 %3.")
                      .arg(record.key, lines ? QStringLiteral("line") : QStringLiteral("byte"), QString::number(last));
    }
    if (addedBreak)
        footer += QStringLiteral(" A line break was added before this note; the text itself does not end with one.");
    if (invalid)
        footer += QStringLiteral(" Some bytes are not valid UTF-8 (or a character is cut at the page's edge); they are shown as \uFFFD.");
    out += footer + QLatin1Char(']');
    answer.first = page.first;
    answer.count = count;
    answer.bytes = page.text;
    answer.text = out;
    return answer;
}

} // namespace valis
