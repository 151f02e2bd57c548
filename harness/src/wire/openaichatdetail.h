#pragma once

#include "valis/record/part.h"
#include "valis/wire/wireformat.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QList>

/// What the OpenAI Chat reader and writer share: the names of the hints they keep under
/// wire["openai-chat"] and the content encoder. The reader asks the encoder what it would write
/// for the parts it read and keeps a hint only where that differs from the input, so the two
/// cannot drift apart.
namespace valis::wire::openaichat::detail {

namespace hint {
inline constexpr QLatin1String extra{"extra"};
inline constexpr QLatin1String role{"role"};
inline constexpr QLatin1String content{"content"};
inline constexpr QLatin1String toolCalls{"toolCalls"};
inline constexpr QLatin1String parts{"parts"};
inline constexpr QLatin1String inlineImages{"inlineImages"};
inline constexpr QLatin1String imageUrl{"imageUrl"};
inline constexpr QLatin1String detail{"detail"};
inline constexpr QLatin1String url{"url"};
inline constexpr QLatin1String functionExtra{"functionExtra"};
inline constexpr QLatin1String type{"type"};
inline constexpr QLatin1String functionCall{"functionCall"};
inline constexpr QLatin1String absent{"absent"};
// Values of the `content` hint.
inline constexpr QLatin1String contentNull{"null"};
inline constexpr QLatin1String contentAbsent{"absent"};
inline constexpr QLatin1String contentArray{"array"};
// Values of the `toolCalls` hint.
inline constexpr QLatin1String toolCallsEmpty{"empty"};
inline constexpr QLatin1String toolCallsNull{"null"};
} // namespace hint

/// What a message without content is written as when no hint says otherwise: assistant
/// messages that only call tools leave `content` out, every other role sends "".
enum class EmptyContent { EmptyString, Absent };

/// The openai-chat hints of a message's or part's wire object (empty when there are none).
inline QJsonObject hintsOf(const QJsonObject &wire)
{
    return wire.value(openAiChat).toObject();
}

/// The `content` value for these Text and Image parts (other kinds are skipped), following the
/// `content` and `parts` hints; Undefined means "leave the key out".
QJsonValue encodeContent(const QList<Part> &parts, const QJsonObject &messageHints, EmptyContent empty);

/// The URL an image is written with: a data: URL of its bytes, else its uri.
QString imageUrl(const ImageRef &image);

} // namespace valis::wire::openaichat::detail
