#include "valis/memory/memoryref.h"

#include <QRegularExpression>

namespace valis {

QString MemoryRef::line() const
{
    // One line, and nothing that could end the placeholder early or start another one.
    QString shown = summary.simplified();
    shown.replace(QLatin1Char(']'), QLatin1Char(')'));
    shown.replace(QLatin1Char('['), QLatin1Char('('));
    return QStringLiteral("[MemoryRef: ") + key + QStringLiteral(" - ") + shown + QLatin1Char(']');
}

QList<MemoryRef> MemoryRef::findAll(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("\\[MemoryRef: (m-[0-9a-f]{6,64}) - ([^\\]\\n]*)\\]"));
    QList<MemoryRef> refs;
    QRegularExpressionMatchIterator it = pattern.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        refs.append(MemoryRef{match.captured(1), match.captured(2)});
    }
    return refs;
}

} // namespace valis
