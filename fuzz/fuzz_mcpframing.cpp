// The MCP stdio framing: a server's stdout cut into lines as McpStdioTransport does (LF, an
// optional CR before it, blank lines skipped), each line read with JsonRpcMessage::parse.
//
// Checked: a line is either messages or a problem, never both or neither; every message
// serialises to one line (the framing depends on it) that reads back as the same message.
#include "fuzzsupport.h"

#include "valis/mcp/jsonrpc.h"

#include <QJsonDocument>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    const QByteArray stream = bytes(data, size);
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = stream.indexOf('\n', start);
        if (end < 0)
            break;
        QByteArray line = stream.mid(start, end - start);
        start = end + 1;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        QString problem;
        const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(line, &problem);
        VALIS_FUZZ_CHECK(messages.isEmpty() != problem.isEmpty(),
                         QStringLiteral("%1 messages and the problem '%2'").arg(messages.size()).arg(problem));
        for (const JsonRpcMessage &message : messages) {
            Q_UNUSED(message.describe());
            const QByteArray wire = message.serialize();
            VALIS_FUZZ_CHECK(!wire.contains('\n'), QStringLiteral("a serialised message spans lines"));
            QString again;
            const QList<JsonRpcMessage> reread = JsonRpcMessage::parse(wire, &again);
            VALIS_FUZZ_CHECK(reread.size() == 1 && again.isEmpty(),
                             QStringLiteral("a serialised message does not read back: ") + again + QLatin1Char(' ') + QString::fromUtf8(wire));
            VALIS_FUZZ_CHECK(reread.first().toJson() == message.toJson(),
                             QStringLiteral("a message changes on the way out and back: ") + QString::fromUtf8(wire));
        }
    }
    return 0;
}
