#include "getdocumenttool.h"

#include "documenttext.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/memory/contentsource.h"
#include "valis/memory/memorypager.h"

#include <QStringDecoder>

namespace valis::tools::documents {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

using Unit = MemoryPageRequest::Unit;

QString nextCall(const QString &key, Unit unit, qint64 offset, qint64 limit)
{
    return QStringLiteral("get_document {\"key\": \"%1\", \"offset\": %2, \"limit\": %3%4}")
        .arg(key, QString::number(offset), QString::number(limit),
             unit == Unit::Bytes ? QStringLiteral(", \"unit\": \"bytes\"") : QString());
}

} // namespace

ToolSpec GetDocumentTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Read a document of the File Cabinet page by page, by its key (\"doc-build-log-3f9a2c\"). By lines (default: "
        "`offset` is the first line, counting from 1; at most %1 lines per page) or by bytes (unit \"bytes\": `offset` "
        "is the first byte, counting from 0). The answer is one header line in brackets (the document, the part shown, "
        "its size and retention), the text exactly as stored, and one footer line in brackets with the exact call for "
        "the next page. A page is at most %2 bytes. To put a document into a file, do not read it: call write_file with "
        "`from_key`.")
                           .arg(QString::number(memorypager::MaxLines), QString::number(memorypager::MaxPageBytes));
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("key"), QStringLiteral("The document's key, \"doc-...\"."), 1)
            .integer(QStringLiteral("offset"),
                     QStringLiteral("Where the page starts: a line number counting from 1 (default 1), or with unit "
                                    "\"bytes\" a byte offset counting from 0 (default 0)."),
                     0, memorypager::MaxOffset)
            .integer(QStringLiteral("limit"),
                     QStringLiteral("How many lines (default %1, at most %2) or bytes (default %3, at most %4) to return.")
                         .arg(QString::number(memorypager::DefaultLines), QString::number(memorypager::MaxLines),
                              QString::number(memorypager::DefaultBytes), QString::number(memorypager::MaxPageBytes)),
                     1, memorypager::MaxPageBytes)
            .enumeration(QStringLiteral("unit"), QStringLiteral("Page by \"lines\" (default) or by \"bytes\"."),
                         {QStringLiteral("lines"), QStringLiteral("bytes")}, QStringLiteral("lines"))
            .required({QStringLiteral("key")})
            .build();
    spec.readOnly = true;
    // The page is what the model asked to see: capturing it again would loop.
    spec.keepResultsInContext = true;
    spec.captureResults = false;
    return spec;
}

ToolOutcome GetDocumentTool::run(const ToolCall &call) const
{
    ToolArguments arguments(name(), call.arguments);
    const QString key = contentKeyFrom(arguments.requiredString(QStringLiteral("key")));
    const Unit unit = arguments.choice(QStringLiteral("unit"), {QStringLiteral("lines"), QStringLiteral("bytes")}, QStringLiteral("lines"))
            == QLatin1String("bytes")
        ? Unit::Bytes
        : Unit::Lines;
    const bool lines = unit == Unit::Lines;
    const qint64 offset = arguments.integer(QStringLiteral("offset"), lines ? 1 : 0, lines ? 1 : 0, memorypager::MaxOffset);
    const qint64 limit = arguments.integer(QStringLiteral("limit"), lines ? memorypager::DefaultLines : memorypager::DefaultBytes,
                                           1, lines ? memorypager::MaxLines : memorypager::MaxPageBytes);
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    DetailStore *store = call.context.memory;
    if (!store)
        return ToolOutcome::error(noStoreMessage(name()));
    sweepIfDue(*store);

    const QString agent = agentOf(call);
    const DocumentStore cabinet(*store);
    const Result<DocumentInfo> info = DocumentStore::isDocumentKey(key) ? cabinet.find(agent, key) : Result<DocumentInfo>(Error());
    if (info.hasError() || info->state != DocumentInfo::State::Active)
        return ToolOutcome::error(notLiveText(cabinet, agent, key));

    const qint64 total = lines ? info->lineCount : info->sizeBytes;
    const QString head = QStringLiteral("[%1 \"%2\": ").arg(key, oneLine(info->name, 120));
    const QString facts = QStringLiteral(" (%1, %2)]").arg(sizeFacts(*info), retentionText(*info));
    if (total == 0)
        return ToolOutcome::text(head + QStringLiteral("empty") + facts);
    const qint64 last = lines ? total : total - 1;
    if (offset > last) {
        return ToolOutcome::error(QStringLiteral("offset %1 is past the end of %2, which has %3.")
                                      .arg(QString::number(offset), key,
                                           plural(total, lines ? QStringLiteral("line") : QStringLiteral("byte"))));
    }

    // The paging is the memory pager's (retrieve_memory's), on the record holding the bytes.
    MemoryPagerRequest request;
    request.key = info->contentKey;
    request.agentId = agent;
    request.unit = unit;
    request.offset = offset;
    request.limit = limit;
    const MemoryPagerAnswer page = readMemoryPage(*store, request);
    if (page.isError)
        return ToolOutcome::error(QStringLiteral("get_document failed: ") + page.text);

    const QString noun = page.unit == Unit::Lines ? QStringLiteral("line") : QStringLiteral("byte");
    const QString part = page.count == 1
        ? QStringLiteral("%1 %2 of %3").arg(noun, QString::number(page.first), QString::number(page.total))
        : QStringLiteral("%1s %2-%3 of %4").arg(noun, QString::number(page.first), QString::number(page.first + page.count - 1),
                                                 QString::number(page.total));
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::Stateless);
    QString text = decoder.decode(page.bytes);
    const bool invalid = decoder.hasError();
    QString out = head + part + facts + QLatin1Char('\n') + text;
    if (!text.endsWith(QLatin1Char('\n')))
        out += QLatin1Char('\n');
    if (page.nextOffset < 0) {
        out += QStringLiteral("[End of document %1.]").arg(key);
    } else {
        const qint64 remaining = page.nextUnit == Unit::Lines ? page.total - page.nextOffset + 1 : info->sizeBytes - page.nextOffset;
        out += QStringLiteral("[%1 remain; next page: %2]")
                   .arg(plural(remaining, page.nextUnit == Unit::Lines ? QStringLiteral("line") : QStringLiteral("byte")),
                        nextCall(key, page.nextUnit, page.nextOffset, limit));
    }
    if (invalid)
        out += QStringLiteral("\n[Some bytes are not valid UTF-8; they are shown as \uFFFD.]");
    return ToolOutcome::text(out);
}

} // namespace valis::tools::documents
