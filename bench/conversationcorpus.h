#pragma once

#include "valis/record/message.h"

#include <QList>

namespace valis::bench {

/// A long agent session of `count` messages, the same every run (seeded): user turns, Markdown
/// answers with a code block and an exec call, build-log results of 5-200 lines.
QList<Message> generatedConversation(int count);

} // namespace valis::bench
