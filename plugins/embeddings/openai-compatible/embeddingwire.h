#pragma once

#include "valis/plugins/embeddingprovider.h"

#include <QByteArray>
#include <QString>

#include <optional>

/// The two embedding wire formats, written once for the plugin and its tests.
namespace valis::embeddings {

enum class EmbeddingWire {
    /// POST <base>/embeddings {"model", "input": [...], "encoding_format": "float", "dimensions"?}
    /// -> {"data": [{"index", "embedding": [...]}], "model", "usage": {"prompt_tokens"}}
    OpenAi,
    /// POST <base>/api/embed {"model", "input": [...], "dimensions"?} -> {"embeddings": [[...]], "model",
    /// "prompt_eval_count"}
    Ollama,
};

/// The path appended to the base URL.
QString requestPath(EmbeddingWire wire);
QByteArray requestBody(EmbeddingWire wire, const EmbeddingRequest &request);
/// The vectors of a 2xx answer, in input order; std::nullopt with `problem` saying what was
/// wrong (not JSON, a missing field, an index out of range, a vector that is not numbers).
std::optional<EmbeddingBatch> parseResponse(EmbeddingWire wire, const QByteArray &body, qsizetype inputs, QString *problem);

} // namespace valis::embeddings
