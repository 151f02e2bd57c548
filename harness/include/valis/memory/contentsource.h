#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QString>

namespace valis {

class DetailStore;

/// Where a tool takes content from instead of an argument the model would have to copy
/// (write_file and save_document's `from_key` / `from_call`): zero-token moves of large content.
struct VALIS_HARNESS_EXPORT ContentSourceRequest
{
    /// A MemoryRef key ("m-3f9a2c", the whole "[MemoryRef: ...]" line works too) or a document
    /// key ("doc-build-log-3f9a2c"). Exactly one of fromKey and fromCall is set.
    QString fromKey;
    /// A tool call id of this session: its result as recorded (the captured output when the
    /// result became a MemoryRef, which is the output without its status line).
    QString fromCall;
    QString agentId = QStringLiteral("default");
    QString sessionId;
    QString sessionStorePath;   ///< ToolContext::sessionStorePath
};

/// The bytes found, and what they are for the answer ("MemoryRef m-3f9a2c", "document doc-...",
/// "the result of call toolu_1").
struct VALIS_HARNESS_EXPORT ResolvedContent
{
    QByteArray bytes;
    QString origin;
    QString key;                ///< the key used (normalised), or the call id
    QString summary;            ///< the record's summary or the document's name, when known
};

/// Fetches the content `request` names. Runs on the caller's thread and blocks (DetailStore
/// reads, a SessionStore opened for the call): call it from a worker thread. Errors carry
/// English text for the model ("content.unknown-key", "content.deleted",
/// "content.unknown-call", "content.unavailable", "content.invalid").
VALIS_HARNESS_EXPORT Result<ResolvedContent> resolveContent(const DetailStore *memory, const ContentSourceRequest &request);

/// The key in what a model sent: "m-3f9a2c", "[MemoryRef: m-3f9a2c - npm log]", "`doc-a-1f2e3d`".
VALIS_HARNESS_EXPORT QString contentKeyFrom(const QString &text);

} // namespace valis
