#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

class QObject;

namespace valis {

class ProviderStream;

/// One request to a model, in the record's terms. The provider converts it to its wire format.
struct VALIS_HARNESS_EXPORT ProviderRequest
{
    QString model;            ///< The model id as the provider knows it.
    Message system;           ///< The system prompt (Role::System); no parts means none.
    QList<Message> messages;  ///< The view to send, already normalised by the context pipeline.
    QJsonArray tools;         ///< Tool definitions: objects {name, description, input_schema}.
    qint64 maxOutputTokens = -1; ///< -1: the provider's or model's default.
    /// Provider-specific request options (temperature, reasoning effort, ...), passed through by
    /// name; a provider ignores names it does not know.
    QJsonObject options;
};

/// A model API (session-scoped): turns requests into streams of normalised ProviderEvents.
///
/// Owned by its ProviderPlugin; valid between the plugin's initialize() and shutdown(). It holds
/// no per-request state: each stream() call is independent, so one Provider serves many
/// sessions. Optional capabilities (token counting, model listing, ...) are separate small
/// interfaces a Provider may also implement, never methods here that throw "not implemented".
class VALIS_HARNESS_EXPORT Provider
{
public:
    virtual ~Provider();

    /// A stable id ("anthropic", "openai-responses"), unique across plugins.
    virtual QString id() const = 0;
    /// A person's name for listings.
    virtual QString displayName() const = 0;
    /// Starts `request` and returns the stream (parented to `parent`) that reports it. Never
    /// null: a request that cannot start fails through the stream's failed() signal.
    virtual ProviderStream *stream(const ProviderRequest &request, QObject *parent) = 0;
};

} // namespace valis
