#pragma once

#include "tooltext.h"

#include "valis/memory/detailstore.h"

#include <QString>

namespace valis::tools::memory {

// Small pieces of text the three memory tools share. Everything here is read by the model.

/// The key in what the model sent: "m-3f9a2c", "[MemoryRef: m-3f9a2c - npm log]",
/// "m-3f9a2c - npm log", "`m-3f9a2c`". A /memories/ path is returned as it is.
QString keyFrom(const QString &text);

/// "note, 12 lines, 340 bytes".
QString recordFacts(const MemoryRecord &record);
/// "2024-05-01 10:00 UTC".
QString timeText(const QDateTime &time);
/// The answer of every memory tool in a session without a DetailStore.
QString noStoreMessage(const QString &toolName);
/// The agent id a call works for ("default" when the context has none).
QString agentOf(const QString &contextAgentId);

} // namespace valis::tools::memory
