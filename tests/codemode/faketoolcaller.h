#pragma once

#include "valis/plugins/toolcaller.h"

#include <QHash>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace valis::test {

/// A ToolCaller whose tools answer from the test: read_file (from `files`), echo (its
/// arguments as JSON), fail (an error result), slow (answers after `delayMs`, or when
/// cancelled); every answer comes after `delayMs`. It counts calls, cancellations and how many ran at once, and checks that every
/// call is made on the thread that created it.
class FakeToolCaller : public ToolCaller
{
public:
    QList<ToolSpec> tools() const override;
    NestedToolCall *call(const QString &parentCallId, const QString &toolName, const QJsonValue &arguments,
                         QObject *parent) override;

    QHash<QString, QString> files;
    int delayMs = 30;
    int calls = 0;
    int cancelled = 0;
    int running = 0;
    int maxRunning = 0;
    bool wrongThread = false;
    QStringList callIds;
    QList<QJsonValue> arguments;
};

} // namespace valis::test
