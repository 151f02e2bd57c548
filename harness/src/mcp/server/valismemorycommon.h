#pragma once

// Pieces the tools and the resources of ValisMemoryServer share.
#include "valis/core/modeltext.h"
#include "valis/core/result.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace valis::mcpmemory {

/// About 10k tokens: no answer carries more text than this.
inline constexpr qsizetype MaxAnswerBytes = 40000;

QJsonObject textContent(const QString &text);
/// A CallToolResult with one text item (and structured content when given).
QJsonObject toolResult(const QString &text, const QJsonObject &structured = {}, const QJsonArray &links = {});
QJsonObject toolError(const QString &text);
QJsonObject resourceLink(const QString &uri, const QString &name, const QString &description, const QString &mimeType);

QString memoryUri(const QString &key);
QString memoriesUri(const QString &path);
QString sessionUri(const QString &sessionId, qint64 page = 0);
/// `text` on one line, cut with an ellipsis at `maxLength` characters (the harness's, as tools word it).
using modeltext::oneLine;
/// A key from what a client sent: "m-3f9a2c", "[MemoryRef: m-3f9a2c - ...]", "/memories/a.md".
QString keyFrom(const QString &text);

/// Offsets as opaque cursors: "o:120".
QString cursorFor(qint64 offset);
Result<qint64> offsetOf(const QString &cursor);

/// Messages of a session as text, from `from` (0-based) until `count` messages or about
/// MaxAnswerBytes; `*next` is the first message not shown, -1 at the end.
struct SessionPage
{
    QString title;
    QString text;
    qint64 from = 0;
    qint64 shown = 0;
    qint64 total = 0;
    qint64 next = -1;
};
Result<SessionPage> sessionPage(const SessionStore &store, const QString &sessionId, qint64 from, qint64 count);

/// Session messages per page of valis://session/<id>?page=N.
inline constexpr qint64 SessionPageMessages = 50;

Error invalidParams(const QString &message);
Error notFound(const QString &message);

} // namespace valis::mcpmemory
