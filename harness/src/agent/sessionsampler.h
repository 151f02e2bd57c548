#pragma once

#include "valis/plugins/modelsampler.h"

namespace valis {

class Session;

/// Answers sampling requests (MCP servers asking for a model answer) with the session's provider,
/// model and endpoint: a plain request without tools, outside the record. The person's consent
/// is asked before, by the tool, through the session's interaction events. What each request
/// used and cost is added to the session's totals and reported (UsageReported, with the
/// request's purpose).
class SessionSampler : public ModelSampler
{
public:
    explicit SessionSampler(Session *session) : m_session(session) {}

    QString model() const override;
    /// The cheapest catalogued model the session's provider serves (by input plus output price,
    /// the catalogue's order breaking ties); the session's model when that is not named by its
    /// catalogue id for this provider, or nothing priced is cheaper.
    QString cheapModel() const override;
    SamplingRun *sample(const SamplingRequest &request, QObject *parent) override;

private:
    Session *m_session;
};

} // namespace valis
