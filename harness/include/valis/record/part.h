#pragma once

#include "valis/harness_export.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace valis {

/// What a Part holds. The names are the record's, not any provider's.
enum class PartKind { Text, Thinking, ToolCall, ToolResult, Image };

VALIS_HARNESS_EXPORT QString partKindName(PartKind kind);
/// Returns false when `name` is not a kind this build knows.
VALIS_HARNESS_EXPORT bool partKindFromName(QStringView name, PartKind *kind);

/// An image kept by reference. `uri` is `blob:sha256-<hex>` for bytes the SessionStore keeps in
/// its blob folder, or an `https:`/`file:` address. `data` holds bytes that have not been stored
/// yet (an importer or provider just decoded them); the store moves them into its blob folder and
/// sets `uri`, so stored and exported records never carry images inline.
struct VALIS_HARNESS_EXPORT ImageRef
{
    QString mediaType;
    QString uri;
    QByteArray data;

    bool operator==(const ImageRef &other) const = default;
};

/// One piece of a Message: text, thinking, a tool call, a tool result or an image.
///
/// A tool result the harness stored whole in the DetailStore because it was too large for the
/// context. The record keeps the full result; requests show `placeholder` instead: the
/// `[MemoryRef: key - summary]` line and a short extractive preview, fixed when the result was
/// captured so every later request shows the same bytes (the cached prefix stays stable).
struct VALIS_HARNESS_EXPORT CapturedResult
{
    QString key;           ///< the DetailStore key ("m-3f9a2c"); empty: not captured
    QString placeholder;   ///< what the model sees in place of the result's content
    bool isCaptured() const { return !key.isEmpty(); }
    bool operator==(const CapturedResult &other) const
    {
        return key == other.key && placeholder == other.placeholder;
    }
};

/// A flat value type rather than a class hierarchy so that parts copy, compare and nest (a tool
/// result contains text and image parts) without ceremony. Which fields are meaningful depends on
/// `kind`; the make* functions build valid parts. `wire` keeps what a provider format carries that
/// the record has no field for (cache_control, citations, item ids, ...), keyed by format name
/// ("anthropic", "openai-chat", "openai-responses"), so converting back to that format loses
/// nothing.
class VALIS_HARNESS_EXPORT Part
{
public:
    PartKind kind = PartKind::Text;
    QString text;          ///< Text: the text. Thinking: the reasoning text (or its summary).
    QString signature;     ///< Thinking: the provider's signature over the reasoning.
    QString redactedData;  ///< Thinking: opaque redacted or encrypted reasoning.
    QString callId;        ///< ToolCall, ToolResult: the provider's call id pairing the two.
    QString toolName;      ///< ToolCall: the tool. ToolResult: the tool, when known.
    QJsonValue arguments;  ///< ToolCall: parsed arguments; Undefined when they did not parse.
    std::optional<QString> argumentsText; ///< ToolCall: arguments exactly as received, when they came as text.
    QList<Part> content;   ///< ToolResult: its text and image parts, in order.
    bool isError = false;  ///< ToolResult: the tool reported a failure.
    CapturedResult captured; ///< ToolResult: stored in the DetailStore, shown as a MemoryRef.
    ImageRef image;        ///< Image.
    QJsonObject wire;      ///< Format-specific extras, keyed by format name.

    static Part makeText(const QString &text);
    static Part makeThinking(const QString &text, const QString &signature = {});
    static Part makeToolCall(const QString &callId, const QString &toolName, const QJsonValue &arguments);
    /// A tool call whose arguments arrived as text; they are parsed when they are valid JSON.
    static Part makeToolCallFromText(const QString &callId, const QString &toolName, const QString &argumentsText);
    static Part makeToolResult(const QString &callId, const QList<Part> &content, bool isError = false);
    static Part makeToolResultText(const QString &callId, const QString &text, bool isError = false);
    static Part makeImage(const ImageRef &image);

    /// The arguments as compact JSON text: argumentsText when it was received as text.
    QString argumentsJson() const;
    /// The text a person would search for in this part: text, arguments, result text.
    QString searchText() const;
    /// A tool result's text content as it was returned: its text parts concatenated, nothing
    /// between them (what offloading stores and a pointer must give back byte for byte).
    QString resultText() const;

    bool operator==(const Part &other) const;
    bool operator!=(const Part &other) const { return !(*this == other); }
};

} // namespace valis
