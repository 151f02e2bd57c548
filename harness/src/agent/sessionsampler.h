#pragma once

#include "valis/plugins/modelsampler.h"

namespace valis {

class Session;

/// Answers sampling requests (MCP servers asking for a model answer) with the session's provider,
/// model and endpoint: a plain request without tools, outside the record. The person's consent
/// is asked before, by the tool, through the session's interaction events.
class SessionSampler : public ModelSampler
{
public:
    explicit SessionSampler(const Session *session) : m_session(session) {}

    QString model() const override;
    SamplingRun *sample(const SamplingRequest &request, QObject *parent) override;

private:
    const Session *m_session;
};

} // namespace valis
