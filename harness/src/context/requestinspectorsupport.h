#pragma once

// Internal to the request inspector: the rebuilt request and the diff between two of them.

#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/context/requestmanifest.h"
#include "valis/plugins/provider.h"
#include "valis/tokens/tokencounter.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace valis::inspector {

/// One request of a path: its answer and, for a Valis request, the manifest.
struct RequestRef
{
    int answerIndex = -1;                     ///< index of the answer in the path
    std::optional<RequestManifest> manifest = {};
};

/// A request rebuilt from the record.
struct Rebuilt
{
    RequestRef ref;
    ProviderRequest request;                  ///< messages before image bytes are loaded
    QStringList origins = {};                 ///< per view message: record | edited | summary | reminder | board
    QList<qint64> tokens = {};                ///< per view message
    qint64 systemTokens = 0;
    qint64 toolsTokens = 0;
    QString systemSha256;                     ///< of what was rebuilt (empty: none known)
    QString toolsSha256;
    /// Why the rebuild is known to be incomplete before any hash is compared (empty: it is not).
    QString problem;
};

/// The requests of `path` (see countRequests()); `errors` gets manifests that cannot be read.
QList<RequestRef> requestsOf(const QList<Message> &path, QList<Error> *errors);
/// Rebuilds `ref` from `path`; `content` maps a content hash to its stored {kind, value}.
Rebuilt rebuild(const QList<Message> &path, const RequestRef &ref, const QJsonObject &content,
                const std::shared_ptr<TokenCounter> &counter);
/// The diff of `current` against `previous` (the "diff" object of the contract).
QJsonObject diffOf(const QList<Message> &path, const Rebuilt &previous, int previousNumber, const Rebuilt &current,
                   const ModelInfo &model);

} // namespace valis::inspector
