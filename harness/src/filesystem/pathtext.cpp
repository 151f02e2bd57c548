#include "pathtext.h"

namespace valis::filesystem {

QString quotedPath(const QString &path)
{
    QString shown;
    shown.reserve(path.size() + 2);
    for (const QChar c : path) {
        if (c.unicode() == 0)
            shown += QStringLiteral("\\0");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            shown += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            shown += c;
    }
    // A 4 KB path would drown the message; the ends are what tell paths apart.
    if (shown.size() > 300)
        shown = shown.left(160) + QStringLiteral("…") + shown.right(120);
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

} // namespace valis::filesystem
