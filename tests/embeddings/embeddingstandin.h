#pragma once

#include "providerserver.h"

#include <QStringList>
#include <QVector>

namespace valis::test {

/// A local stand-in for an embeddings server speaking the exact wire formats of OpenAI's
/// POST /v1/embeddings ({"object": "list", "data": [{"object": "embedding", "index", "embedding"}],
/// "model", "usage"}) and Ollama's POST /api/embed ({"model", "embeddings": [[...]],
/// "prompt_eval_count"}), on top of ProviderTestServer (real HTTP on loopback, every request
/// recorded, scripted faults answered first).
///
/// Its vectors are NOT semantic and nothing here pretends they are: a vector is a bag of hashed
/// word features (each lower-cased word adds 1 at FNV-1a(word) mod the length), chosen only so
/// that rankings in assertions are predictable (texts sharing words are near, others far).
///
/// Model names steer it: "missing-model" answers 404 as OpenAI does for an unknown model;
/// "fixed-64" ignores "dimensions" (a server whose length differs from the one asked for);
/// "garbage" answers 200 with a body that is not JSON. A bearer key starting "sk-bad" gets a 401 that echoes it.
class EmbeddingStandIn : public ProviderTestServer
{
    Q_OBJECT

public:
    explicit EmbeddingStandIn(QObject *parent = nullptr);

    static constexpr int DefaultLength = 64;
    /// The stand-in's vector of `text` (before any normalisation).
    static QVector<float> vectorOf(const QString &text, int length = DefaultLength);
    /// The texts of every request received, in order (one list per request).
    QList<QStringList> inputsPerRequest() const;
};

} // namespace valis::test
