#pragma once

#include "valis/agent/failureclassifier.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/toolprovider.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace valis {

class ProviderStream;

/// When a session offers many tools, a cheap model picks the ones the turn needs, so the main
/// model's request stays small and its choice sharp. A policy of the tool orchestrator's set-up,
/// applied once per user turn.
struct VALIS_HARNESS_EXPORT ToolSelectorConfig
{
    bool enabled = false;
    /// Select only when more tools than this are offered.
    int threshold = 24;
    /// Tools offered whatever the selector says.
    QStringList alwaysInclude;
    /// The cheap model and where it runs; an empty providerId uses the session's provider.
    QString providerId;
    QString model;
    ProviderEndpoint endpoint;
    int maxOutputTokens = 512;

    /// {"enabled", "threshold", "alwaysInclude", "provider", "model"} over `defaults`.
    static ToolSelectorConfig fromJson(const QJsonObject &json, const ToolSelectorConfig &defaults);
};

/// One selection request to the cheap model: the tool names and descriptions and the user's
/// turn go in, a JSON array of names comes back. Names the model invents are dropped; the
/// always-include list is added; a selection that fails (no answer, nothing parseable) falls back
/// to every tool, with the reason, never to none.
class VALIS_HARNESS_EXPORT ToolSelector : public QObject
{
    Q_OBJECT

public:
    ToolSelector(Provider *provider, const ToolSelectorConfig &config, QObject *parent = nullptr);

    /// Whether `toolCount` tools are enough to ask the model at all.
    bool shouldSelect(int toolCount) const;
    void select(const QList<ToolSpec> &tools, const QString &userText);
    void cancel();

    /// The request select() sends (for tests and for the record of what was asked).
    ProviderRequest buildRequest(const QList<ToolSpec> &tools, const QString &userText) const;
    /// Reads the model's answer: the first JSON array of strings in it, filtered to `known`,
    /// plus alwaysInclude (those that exist), in `known` order. Empty when nothing parses.
    QStringList parseAnswer(const QString &answer, const QStringList &known) const;

Q_SIGNALS:
    /// `names` is what to offer; `fallbackReason` is set when the selection failed and every
    /// tool is offered instead.
    void selected(const QStringList &names, const valis::Error &fallbackReason);

private:
    Provider *m_provider;
    ToolSelectorConfig m_config;
    QPointer<ProviderStream> m_stream;
};

} // namespace valis
