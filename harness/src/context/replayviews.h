#pragma once

#include "valis/agent/contextpipeline.h"
#include "valis/core/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace valis::replay {

/// One request's view as `valis-cli replay --dump-views` writes it.
struct ViewFile
{
    int number = 0;            ///< 1-based, the request's place in the replay
    QJsonObject header;        ///< the request's identity and the replay's set-up
    QString systemPrompt;
    QJsonArray tools;
    const ContextView *view = nullptr;
};

/// The file name of request `number` of turn `turn`: "0001-T12.json".
QString viewFileName(int number, int turn);

/// Writes `file` into `dir` (made ready by Replayer::prepareViewDump()).
Result<void> writeViewFile(const QString &dir, const ViewFile &file);

} // namespace valis::replay
