#pragma once

#include "valis/catalog/modelcatalog.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace valis {

class RequestBodyWriter;
class SessionStore;

/// What inspectRequest() needs: one session's active path and the means to rebuild its bodies.
struct VALIS_HARNESS_EXPORT RequestInspectionInput
{
    QString sessionId;
    /// The session's active path in record order (BranchIndex::activePath()), context-control
    /// messages included: the CompactionEvents are what the view is rebuilt with.
    QList<Message> path = {};
    /// 1-based request number (see countRequests()); 0 or less: the last one.
    int request = 0;
    /// Add the diff against the previous request ("diff" key).
    bool diff = false;
    /// The catalogue for token counters and prices.
    ModelCatalog catalog;
    /// The session's provider's body writer, when the caller has it (it checks the body hash);
    /// nullptr: only the view hash is checked.
    const RequestBodyWriter *bodyWriter = nullptr;
    /// Reads a stored image ("blob:..." address), needed to rebuild a body that carried images.
    std::function<Result<QByteArray>(const QString &uri)> readBlob = {};
    /// The longest message preview ("text"), in characters.
    int previewChars = 2000;

    /// The input for session `sessionId` of `store`: its active path and its stored images
    /// (`store` must outlive the input). The caller sets request, diff, catalog and bodyWriter.
    /// Reads the whole record: call it off the GUI thread.
    static Result<RequestInspectionInput> fromStore(const SessionStore *store, const QString &sessionId);
};

/// The Provider id that sent request `request` of `path` (1-based; 0 or less: the last), whose
/// RequestBodyWriter the caller passes to check the body hash; empty when the request carries no
/// manifest (an imported session).
VALIS_HARNESS_EXPORT QString requestProviderId(const QList<Message> &path, int request);

/// The number of requests `path` shows: answers carrying a request manifest
/// (RequestManifest), or for a record without any (an imported session) the assistant messages
/// with usage.
VALIS_HARNESS_EXPORT int countRequests(const QList<Message> &path);

/// Rebuilds request `input.request` of a session from its record: the history from the record
/// prefix and its CompactionEvents (a ContextPipeline without strategies applies the recorded
/// edits), the recorded appended messages, system prompt and tools, then hashes it and compares
/// with the recorded hashes. The object is what `valis-cli context S --request N --json` prints
/// and what the desktop inspector renders; its keys are a contract (add keys, never rename):
///
///   session, request, requests, model, provider, answerMessageId, turn, createdAt,
///   source ("recorded" | "imported"),
///   hash {recordedBody, rebuiltBody, recordedView, rebuiltView, match (true|false|null), reason},
///   tokens {total, counter ("exact"|"estimate"), system, tools, messages},
///   sections [{kind ("system"|"tools"|"messages"), tokens, ...}],
///   messages [{index, id, role, turn, tokens, origin ("record"|"edited"|"summary"|"reminder"|
///             "board"), text (preview), pointers, memoryRefs, cacheBreakpoint}],
///   cache {breakpoints, readTokens, writeTokens, inputTokens, outputTokens, costUsd},
///   memoryRefs [{key, description}], pointers [paths],
///   diff {previous, added, evicted [{id, pointer}], summarised [{ids, pointer}], moved,
///         cacheBreakIndex, cacheBreakReason, cacheBreakTokens, cacheBreakCostUsd}  (with diff).
///
/// A mismatch is a result, not an error (hash.match false, hash.reason says where); errors are a
/// request number out of range and a record that cannot be read.
VALIS_HARNESS_EXPORT Result<QJsonObject> inspectRequest(const RequestInspectionInput &input);

} // namespace valis
