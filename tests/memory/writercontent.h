#pragma once

#include <QByteArray>
#include <QString>

/// What valis_memory_writer stores as record `index` of `tag`, so a test can check every record
/// the writer reported against what it must hold. Every line names its tag and index, so a
/// record mixed up with another or cut short cannot pass. `large` content is above the SQLite
/// store's default blob threshold (256 KiB).
inline QByteArray writerContent(const QString &tag, int index, bool large)
{
    const QByteArray head = "writer " + tag.toUtf8() + " record " + QByteArray::number(index);
    const int lines = large ? 10000 : 8;
    QByteArray content;
    content.reserve(lines * (head.size() + 16));
    for (int line = 1; line <= lines; ++line)
        content += head + " line " + QByteArray::number(line) + '\n';
    return content;
}

/// The agent valis_memory_writer writes as.
inline QString writerAgent()
{
    return QStringLiteral("writer");
}
