#pragma once

// How offline processing's items look as DetailStore records (shared by the ledger and the
// recommendations; the design is in memoryprocessing.h).
#include "valis/memory/memoryprocessing.h"

#include <QJsonArray>
#include <QJsonObject>

namespace valis {

QJsonArray evidenceToJson(const QList<MemoryEvidence> &evidence);
QList<MemoryEvidence> evidenceFromJson(const QJsonValue &value);
QStringList stringsOf(const QJsonValue &value);
/// The item's text and a line naming its type, version and evidence: two versions never share
/// a content address, and a reader sees where the item came from.
QByteArray itemContent(const QString &type, const QString &text, int version, const QList<MemoryEvidence> &evidence);
/// The weight after time decay: halved every `halfLifeDays` since it was last weighed or used.
double decayedWeight(const QJsonObject &metadata, const QDateTime &now, double halfLifeDays);
QString isoTime(const QDateTime &time);
QDateTime timeOf(const QJsonValue &value);
/// "session" < "project" < "global".
int layerRank(const QString &layer);
/// Every record of `filter` (no page limit).
Result<QList<MemoryRecord>> allRecords(const DetailStore &store, MemoryFilter filter);
/// A short stable id of a proposal, so one is never proposed twice.
QString proposalId(const QString &kind, const QString &subject);

} // namespace valis
