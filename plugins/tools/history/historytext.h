#pragma once

#include "tooltext.h"

#include "valis/record/message.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>

namespace valis::tools::history {

// What search_history shows of the record. Everything here is read by the model: English, not
// tr()'d.

/// One part of a message as search_history numbers them: depth-first, a tool result's content
/// right after the result itself. This is the SessionStore's numbering (SearchHit::partIndex,
/// PartTokenCount::partIndex), so a hit's part index reads that very part.
struct FlatPart
{
    int index = 0;
    int parent = -1;        ///< The index of the tool result this part belongs to, or -1.
    PartKind kind = PartKind::Text;
    QString toolName;       ///< Tool calls and results, and a result's content: the tool.
    bool isError = false;   ///< A tool result the tool reported as failed (or its content).
    QString capturedKey;    ///< A tool result the context showed as a MemoryRef: its key.
    QString mediaType;      ///< Image: its media type.
    QString imageUri;       ///< Image: where its bytes are ("blob:sha256-...", a URL).
    QString text;           ///< What reading the part returns: Part::searchText().
};

/// The parts of `message`, numbered as above.
QList<FlatPart> flattenParts(const Message &message);

/// "user text", "tool call exec", "tool result of exec (error)", "text of part 2 (result of exec)".
QString describePart(const Message &message, const FlatPart &part);

/// The number of lines of `utf8`: its line breaks, plus one when the last line has none.
qint64 lineCount(const QByteArray &utf8);

/// "5000 lines, 120.3 KB" (or "empty") for `text`.
QString textFacts(const QString &text);

/// A search_history call as the model writes it: `search_history {"message":"m-1","part":2}`,
/// keys in the order given.
QString callText(const QList<QPair<QString, QJsonValue>> &arguments);

/// Whether `byte` continues a UTF-8 character (is not the start of one).
inline bool isContinuationByte(char byte)
{
    return (uchar(byte) & 0xC0) == 0x80;
}

} // namespace valis::tools::history
