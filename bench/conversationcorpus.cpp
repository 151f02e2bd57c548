#include "conversationcorpus.h"

#include <QJsonObject>
#include <QRandomGenerator>

namespace valis::bench {

QList<Message> generatedConversation(int count)
{
    QRandomGenerator random(42);
    QList<Message> messages;
    int seq = 0;
    const QStringList words{QStringLiteral("build"), QStringLiteral("context"), QStringLiteral("session"), QStringLiteral("the"),
                            QStringLiteral("failing"), QStringLiteral("test"), QStringLiteral("compile"), QStringLiteral("error"),
                            QStringLiteral("module"), QStringLiteral("function"), QStringLiteral("value"), QStringLiteral("and")};
    const auto prose = [&](int n) {
        QString text;
        for (int i = 0; i < n; ++i)
            text += words.at(random.bounded(words.size())) + (i % 14 == 13 ? QStringLiteral(".\n\n") : QStringLiteral(" "));
        return text;
    };
    while (messages.size() < count) {
        Message user;
        user.id = QStringLiteral("m-u%1").arg(seq);
        user.role = Role::User;
        user.seq = seq++;
        user.createdAt = QDateTime::currentDateTimeUtc();
        user.parts.append(Part::makeText(prose(20 + random.bounded(40))));
        messages.append(user);
        Message assistant;
        assistant.id = QStringLiteral("m-a%1").arg(seq);
        assistant.role = Role::Assistant;
        assistant.seq = seq++;
        assistant.model = QStringLiteral("claude-sonnet-4-5");
        assistant.parts.append(Part::makeText(prose(40 + random.bounded(120))
                                              + QStringLiteral("\n\n```cpp\nint main() {\n    return run(argc, argv);\n}\n```\n")));
        const QString callId = QStringLiteral("call-%1").arg(seq);
        assistant.parts.append(Part::makeToolCall(callId, QStringLiteral("exec"),
                                                  QJsonObject{{QStringLiteral("command"), QStringLiteral("make -j2 test")}}));
        messages.append(assistant);
        Message tool;
        tool.id = QStringLiteral("m-t%1").arg(seq);
        tool.role = Role::Tool;
        tool.seq = seq++;
        QString output;
        const int lines = 5 + random.bounded(200);
        for (int i = 0; i < lines; ++i)
            output += QStringLiteral("[%1/%2] Building CXX object src/part%3.cpp.o\n").arg(i).arg(lines).arg(random.bounded(1000));
        tool.parts.append(Part::makeToolResultText(callId, output));
        messages.append(tool);
    }
    messages.resize(count);
    return messages;
}

} // namespace valis::bench
