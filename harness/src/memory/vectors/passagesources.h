#pragma once

#include "valis/core/result.h"
#include "valis/memory/recall.h"
#include "valis/memory/vectorstore.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace valis {
class DetailStore;
namespace memory {
class SqliteConnections;
}
} // namespace valis

/// Where the texts to embed and the passages to show come from: the DetailStore's active
/// records and the session database's user and assistant messages. Called on worker threads.
namespace valis::vectors {

/// Texts longer than this are cut before embedding (small local models take ~512 tokens).
constexpr int EmbedTextLimit = 2000;
/// What a passage shows.
constexpr int PassageTextLimit = 600;

/// Every active record of every agent, as items without label and hash.
Result<QList<VectorItem>> listMemories(const DetailStore &store);
/// Every user or assistant message with text, as items (source "<session>/<message>").
Result<QList<VectorItem>> listMessages(memory::SqliteConnections &sessions);

/// The record `key` as a passage with up to `textLimit` characters of text; an error when the
/// record is gone, and `active` false when it was deactivated.
Result<RecallPassage> memoryPassage(const DetailStore &store, const QString &key, int textLimit, bool *active);
/// The messages of `sources` that still exist, as passages with up to `textLimit` characters.
Result<QHash<QString, RecallPassage>> messagePassages(memory::SqliteConnections &sessions, const QStringList &sources,
                                                      int textLimit);
/// What is embedded for a passage: a record's summary and text, a message's text.
QString embeddingText(const RecallPassage &passage);
/// `text` cut to about `limit` characters, at a word boundary where one is near.
QString cutText(const QString &text, int limit);

} // namespace valis::vectors
