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
    QByteArray requestBody;
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> responseHeaders;
    QByteArray responseBody;
    QString location; ///< "file:line" of the exchange, for failure messages

    QByteArray responseHeader(const QByteArray &name) const; ///< case-insensitive; first match
    bool isEventStream() const; ///< Content-Type text/event-stream
};

/// Reads a go-vcr v2 cassette (fantasy-provider-cassettes): `interactions[].request.{body,url,
/// method}` and `interactions[].response.{body,headers,code}`. Bodies are single-quoted scalars
/// ('' is a quote; folded lines joined by one space, as YAML folds them), double-quoted scalars
/// (with YAML escapes) or block scalars (`|`, `|+`, `|-`: indentation removed, chomping applied),
/// reproduced byte for byte as the recorder wrote them. Only this subset of YAML is read; a file
/// that does not fit it is an Error naming the line.
Result<QList<RecordedExchange>> readCassette(const QString &path);

/// Reads claude-trace's JSONL (claude-trace-traffic/test-traffic.redacted.jsonl): one exchange
/// per line, the request body re-serialised compactly from its JSON, the response body from
/// `body_raw` when present (the SSE text, exact) else the JSON `body`.
Result<QList<RecordedExchange>> readClaudeTrace(const QString &path);

} // namespace valis::test
