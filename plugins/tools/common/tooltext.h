#pragma once

#include <QString>

namespace valis::tools {

// Small pieces of text that tool results share. The model reads them: English, not tr()'d.

/// "1 line", "12 lines".
QString plural(qint64 count, const QString &singular);
/// "340 bytes", "12.4 KB", "3.1 MB".
QString sizeText(qint64 bytes);
/// `text` on one line, whitespace runs folded, cut with an ellipsis at `maxLength` characters
/// (never inside a surrogate pair).
QString oneLine(const QString &text, qsizetype maxLength);

} // namespace valis::tools
