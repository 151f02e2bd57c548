#pragma once

#include "valis/harness_export.h"

#include <QJsonParseError>
#include <QString>

/// Small pieces of text that answers read by a model share: tool results, retrieve_memory's
/// pages, the MCP server's answers. The model reads English best, and the record and the prompt
/// cache must not depend on the person's UI language: nothing here is tr()'d or follows QLocale.
namespace valis::modeltext {

/// "1 line", "12 lines".
VALIS_HARNESS_EXPORT QString plural(qint64 count, const QString &singular);
/// "340 bytes", "12.4 KB", "3.1 MB".
VALIS_HARNESS_EXPORT QString sizeText(qint64 bytes);
/// `text` on one line, whitespace runs folded, cut with an ellipsis at `maxLength` characters
/// (never inside a surrogate pair).
VALIS_HARNESS_EXPORT QString oneLine(const QString &text, qsizetype maxLength);

/// What a QJsonParseError means, in fixed English (QJsonParseError::errorString() is translated
/// by Qt's own catalogue, so it would follow the UI language into a tool result).
VALIS_HARNESS_EXPORT QString jsonParseError(QJsonParseError::ParseError error);
/// The note sent in place of a stored image whose blob cannot be read (the agent loop sends it;
/// the request inspector rebuilds the same view).
VALIS_HARNESS_EXPORT QString missingImageNote(const QString &mediaType);

} // namespace valis::modeltext
