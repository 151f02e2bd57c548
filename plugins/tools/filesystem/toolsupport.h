#pragma once

#include <QString>
#include <QStringList>

namespace valis::tools::files {

/// "512 B", "1.2 KB", "3.4 MB" (powers of 1024).
QString humanSize(qint64 bytes);
/// A path quoted for a message: "src/a.cpp".
QString quoted(const QString &path);
/// One line of a file as read_file shows it: the line number right-aligned in six columns, a
/// tab, the text (cat -n).
QString numberedLine(qint64 number, QStringView text);
/// "s" when `count` is not 1, for "3 lines" / "1 line".
QString plural(qint64 count, const QString &singular, const QString &pluralForm = {});

} // namespace valis::tools::files
