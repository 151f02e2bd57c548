#pragma once

// What the agent loop's source files share: its translation context and event stamping.

#include "valis/agent/sessionevent.h"

#include <QCoreApplication>

namespace valis::agentloop {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::AgentLoop)
};

inline SessionEvent makeEvent(SessionEvent::Kind kind, int step)
{
    SessionEvent event;
    event.kind = kind;
    event.step = step;
    return event;
}

} // namespace valis::agentloop
