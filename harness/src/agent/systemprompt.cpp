#include "valis/agent/systemprompt.h"

#include <QDate>
#include <QDir>
#include <QFile>

namespace valis {

Message systemPrompt(const QString &text)
{
    Message message;
    message.role = Role::System;
    if (!text.isEmpty())
        message.parts = {Part::makeText(text)};
    return message;
}

Message defaultSystemPrompt(const QString &workspace)
{
    QFile file(QStringLiteral(":/valis/prompts/system.md"));
    // The resource is compiled in; failing to open it is a build defect, not a user's problem.
    const bool opened = file.open(QIODevice::ReadOnly);
    Q_ASSERT(opened);
    QString text = opened ? QString::fromUtf8(file.readAll()).trimmed() : QString();
    text.replace(QStringLiteral("{{workspace}}"), QDir::toNativeSeparators(workspace));
    text.replace(QStringLiteral("{{date}}"), QDate::currentDate().toString(Qt::ISODate));
    return systemPrompt(text);
}

} // namespace valis
