#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace valis::test {

/// One recorded HTTP exchange: what was asked and what came back, bytes exact.
struct RecordedExchange
{
    QString method;
    QString url;
    QList<QPair<QByteArray, QByteArray>> requestHeaders;
    QByteArray requestBody;
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> responseHeaders;
    QByteArray responseBody;
    /// The recorder's content_length of each body (go-vcr); -1 when unknown (streamed).
    qint64 requestContentLength = -1;
    qint64 responseContentLength = -1;
    QString location; ///< "file:line" of the exchange, for failure messages

    QByteArray responseHeader(const QByteArray &name) const; ///< case-insensitive; first match
    bool isEventStream() const; ///< Content-Type text/event-stream
};

/// Reads a go-vcr v2 cassette (fantasy-provider-cassettes): `interactions[].request.{body,url,
/// method}` and `interactions[].response.{body,headers,code}`. Bodies are single-quoted scalars
/// ('' is a quote; folded lines joined by one space, as YAML folds them), double-quoted scalars
/// (with YAML escapes) or block scalars (`|`, `|+`, `|-`: indentation removed, chomping applied),
/// reproduced byte for byte as the recorder wrote them; `!!binary` bodies (Bedrock's event
/// stream) are decoded. Only this subset of YAML is read (see yamlsubset.h); a file that does
/// not fit it is an Error naming the line.
Result<QList<RecordedExchange>> readCassette(const QString &path);

/// Reads claude-trace's JSONL (claude-trace-traffic/test-traffic.redacted.jsonl): one exchange
/// per line, the request body re-serialised compactly from its JSON, the response body from
/// `body_raw` when present (the SSE text, exact) else the JSON `body`.
Result<QList<RecordedExchange>> readClaudeTrace(const QString &path);

} // namespace valis::test
