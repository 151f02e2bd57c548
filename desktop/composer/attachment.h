#pragma once

#include "valis/core/result.h"
#include "valis/record/part.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis {

/// A file a person attaches to a turn, read into the Part the model gets: an image (PNG, JPEG,
/// GIF, WebP, told by its bytes, not its name) as an image part, a UTF-8 text file as a text part
/// that names it. Anything else, or too large, is an Error saying which and why, and nothing of
/// the turn is sent.
struct Attachment
{
    /// Images above this are refused (the providers' own per-image limit is about 5 MB).
    static constexpr qint64 MaxImageBytes = 5 * 1024 * 1024;
    /// Text above this belongs in the workspace, where the agent reads it in pages.
    static constexpr qint64 MaxTextBytes = 512 * 1024;

    static Result<Part> read(const QString &path);
    /// The contents of an MCP resources/read result (`result`: {contents: [{uri, mimeType, text
    /// or blob}]}) as the parts a turn carries: text as a text part naming `label`
    /// ("@server:uri"), an image blob as an image part; anything else, or too large, an Error.
    static Result<QList<Part>> fromResource(const QString &label, const QJsonObject &result);
    /// The image media type of `bytes` ("image/png"), or empty when they are not one we send.
    static QString imageType(const QByteArray &bytes);
};

} // namespace valis
