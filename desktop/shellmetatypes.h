#pragma once

// The harness values the shell passes between threads in queued signals. Every header whose
// signals carry them includes this first, so moc's code sees one declaration.

#include "valis/core/result.h"
#include "valis/record/message.h"
#include "valis/record/session.h"
#include "valis/store/transcriptsearch.h"

#include <QMetaType>

Q_DECLARE_METATYPE(valis::Error)
Q_DECLARE_METATYPE(valis::SessionInfo)
Q_DECLARE_METATYPE(valis::Message)
Q_DECLARE_METATYPE(valis::SearchQuery)
Q_DECLARE_METATYPE(valis::SearchResults)
