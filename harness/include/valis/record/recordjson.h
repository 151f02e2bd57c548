#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QJsonObject>

/// The record's own JSON form: what the SessionStore keeps for part details and what a Valis
/// JSONL export contains. It is versioned by the export format (see JsonlExporter) and is
/// lossless: fromJson(toJson(x)) == x for every Part, Message and SessionInfo.
namespace valis::recordjson {

VALIS_HARNESS_EXPORT QJsonObject toJson(const Part &part);
VALIS_HARNESS_EXPORT QJsonObject toJson(const Message &message);
VALIS_HARNESS_EXPORT QJsonObject toJson(const SessionInfo &session);
/// {"input_tokens", "output_tokens", "cache_write_tokens", "cache_read_tokens"}, each only when
/// reported (not -1).
VALIS_HARNESS_EXPORT QJsonObject toJson(const Usage &usage);

VALIS_HARNESS_EXPORT Result<Part> partFromJson(const QJsonObject &json);
VALIS_HARNESS_EXPORT Result<Message> messageFromJson(const QJsonObject &json);
VALIS_HARNESS_EXPORT Result<SessionInfo> sessionFromJson(const QJsonObject &json);

/// ISO 8601 with milliseconds in UTC, the one timestamp form the record writes.
VALIS_HARNESS_EXPORT QString formatTimestamp(const QDateTime &time);
/// Accepts ISO 8601 with or without milliseconds and offset; invalid QDateTime on failure.
VALIS_HARNESS_EXPORT QDateTime parseTimestamp(const QString &text);

} // namespace valis::recordjson
