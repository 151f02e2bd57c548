#pragma once

#include "valis/harness_export.h"

#include <QString>

/// Small pieces of text that answers read by a model share: tool results, retrieve_memory's
/// pages, the MCP server's answers. The model reads English best: not tr()'d.
namespace valis::modeltext {

/// "1 line", "12 lines".
VALIS_HARNESS_EXPORT QString plural(qint64 count, const QString &singular);
/// "340 bytes", "12.4 KB", "3.1 MB".
VALIS_HARNESS_EXPORT QString sizeText(qint64 bytes);
/// `text` on one line, whitespace runs folded, cut with an ellipsis at `maxLength` characters
/// (never inside a surrogate pair).
VALIS_HARNESS_EXPORT QString oneLine(const QString &text, qsizetype maxLength);

} // namespace valis::modeltext
