#pragma once

#include "valis/record/message.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace valis {

/// Turns record messages into what the conversation page renders: a JSON object per message
/// with its role, a header line and blocks (text, thinking, tool call, tool result, image,
/// compaction). Text stays text: the page renders Markdown and sanitises it. Large tool results
/// are cut here, with what was cut said, so a huge output never reaches the page whole.
class PageMessages
{
    Q_DECLARE_TR_FUNCTIONS(valis::PageMessages)

public:
    /// Characters of a tool result the page gets; the rest is one "open full" away.
    static constexpr qsizetype resultCharLimit = 6000;
    /// Lines of a tool result the page gets.
    static constexpr qsizetype resultLineLimit = 80;

    static QJsonObject message(const Message &message);
    static QJsonArray messages(const QList<Message> &messages, qsizetype from, qsizetype to);
};

} // namespace valis
