#pragma once

#include "valis/core/result.h"
#include "valis/record/part.h"

#include <QList>
#include <QString>

namespace valis::store {

/// One row of the parts table. Parts are stored flattened depth-first; `parentIdx` is the idx of
/// the tool result a content part belongs to, or -1. `text` holds the part's one large text
/// (text, thinking, tool-call arguments) so it is stored once and indexed from there; `data` is
/// the rest of the part as compact JSON.
struct PartRow
{
    int idx = 0;
    int parentIdx = -1;
    PartKind kind = PartKind::Text;
    QString toolName; ///< For tool calls and results and their content: the tool, for filtering.
    QString callId;
    QString text;
    bool hasText = false;
    QString data;
};

/// The rows for a message's parts. Tool-result content inherits its result's tool and call.
QList<PartRow> flattenParts(const QList<Part> &parts);
/// Rebuilds the parts from their rows (in idx order); the inverse of flattenParts().
Result<QList<Part>> rebuildParts(const QList<PartRow> &rows);

} // namespace valis::store
