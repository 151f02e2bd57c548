#pragma once

// Long generated transcripts of shapes the fixtures lack (long chats, heavy reading, many small
// edits, a few huge outputs, a mix), so bench_replay and the tests can compare context
// strategies on them. Deterministic from a seed on every platform (an own PRNG, no
// QRandomGenerator distributions), with varied text: prose from word lists, code with changing
// identifiers, logs with timestamps and ids, paths, diffs.

#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QList>
#include <QString>

#include <optional>

namespace valis::bench {

/// The kinds of session generateShape() writes.
enum class TranscriptShape {
    LongChat,     ///< talk, long answers with code blocks, a tool call now and then
    HeavyReading, ///< several read_file calls a turn, most of the tokens file contents
    ManyEdits,    ///< many small edit_file calls a turn, a short read or test run now and then
    HugeOutputs,  ///< small commands, and a few results of over 50,000 tokens (logs, dumps)
    Mixed,        ///< turns of every kind above, in a random order
};

/// The seed bench_replay uses unless told otherwise.
constexpr quint64 DefaultShapeSeed = 18;

/// A generated session as the Replayer takes it: ids, seq and turns assigned, the model named
/// on the session and every assistant message, each tool call answered by the next Tool
/// message, usage on the assistant messages.
struct ShapedTranscript
{
    TranscriptShape shape = TranscriptShape::Mixed;
    QString name; ///< "generated/<shape>-seed<N>"
    SessionInfo info;
    QList<Message> messages;
};

/// Every shape, in the order bench_replay shows them.
QList<TranscriptShape> allTranscriptShapes();
/// "long-chat", "heavy-reading", "many-edits", "huge-outputs", "mixed".
QString transcriptShapeName(TranscriptShape shape);
std::optional<TranscriptShape> transcriptShapeFromName(const QString &name);

/// The transcript of `shape` for `seed`: the same seed gives the same messages, byte for byte.
/// `turns` < 0: the shape's own length (a few hundred turns).
ShapedTranscript generateShape(TranscriptShape shape, quint64 seed = DefaultShapeSeed, int turns = -1);

} // namespace valis::bench
