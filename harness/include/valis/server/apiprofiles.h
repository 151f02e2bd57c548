#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

/// One model the OpenAI-compatible API serves: the name a client puts in `model`, and what
/// Valis sends upstream for it.
struct VALIS_HARNESS_EXPORT ApiProfile
{
    QString name;        ///< what GET /v1/models lists and a request's `model` names
    QString provider;    ///< a provider plugin id ("anthropic", "openai-compatible", ...)
    QString model;       ///< the model as that provider knows it (its context window and prices
                         ///< come from the model catalogue, models.json)
    QString baseUrl;     ///< empty: the provider settings' / environment's
    QStringList context; ///< context strategy settings, "evictAt=0.8" (as `valis-cli run --context`)
    QString history;     ///< the history strategy ("regular", "gradient", "oneshot"); empty: the configured one
    qint64 maxOutputTokens = -1; ///< -1: the model's
    QString system;      ///< a system prompt to use when the client sends none; empty: none
    /// Whose memory the served sessions use: their captured results, what retrieve_memory and
    /// search_memory reach, and /memories/. "api" by default, so a client holding the token
    /// sees what served conversations stored and not what the person's own agents know; name
    /// "default" (or another agent) to share that agent's memory with the clients.
    QString agent = defaultAgent();

    static QString defaultAgent() { return QStringLiteral("api"); }
};

/// The profiles of `valis-cli serve` (config/serve.json):
///
///     {"version": 1, "defaultProfile": "fast",
///      "profiles": {"fast": {"provider": "anthropic", "model": "claude-haiku-4-5",
///                            "context": ["evictAt=0.7"], "history": "regular",
///                            "maxOutputTokens": 4096, "baseUrl": "", "system": "",
///                            "agent": "api"}}}
///
/// A request's `model` names a profile, or "provider/model" for that provider and model with
/// the configured context settings. A value type; load() reads the file once.
class VALIS_HARNESS_EXPORT ApiProfiles
{
public:
    static constexpr int FormatVersion = 1;

    /// Reads `path`; a missing file is no profiles. Errors "serve.invalid" (location: the path)
    /// for a file that is not the format, or a newer version of it.
    static Result<ApiProfiles> load(const QString &path);

    void add(const ApiProfile &profile);
    QList<ApiProfile> profiles() const { return m_profiles; }
    QString defaultProfile() const { return m_default; }
    void setDefaultProfile(const QString &name) { m_default = name; }

    /// The profile a request's `model` names: a profile by name, else "provider/model" when
    /// `provider` is one of `providers`; an empty name is the default profile.
    std::optional<ApiProfile> resolve(const QString &model, const QStringList &providers) const;

private:
    QList<ApiProfile> m_profiles;
    QString m_default;
};

} // namespace valis
