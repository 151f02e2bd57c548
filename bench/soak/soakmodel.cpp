#include "soakmodel.h"

#include "providerserver.h"
#include "scriptedanthropic.h"
#include "streambuilders.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

namespace valis::bench {

namespace {

const QStringList &topics()
{
    static const QStringList words = {QStringLiteral("parser"),   QStringLiteral("lexer"),    QStringLiteral("scheduler"),
                                      QStringLiteral("allocator"), QStringLiteral("renderer"), QStringLiteral("tokenizer"),
                                      QStringLiteral("journal"),  QStringLiteral("resolver"), QStringLiteral("compressor"),
                                      QStringLiteral("watchdog"), QStringLiteral("ledger"),   QStringLiteral("gateway")};
    return words;
}

QString kindName(SoakTurnKind kind)
{
    switch (kind) {
    case SoakTurnKind::Answer: return QStringLiteral("answer");
    case SoakTurnKind::Read: return QStringLiteral("read");
    case SoakTurnKind::Write: return QStringLiteral("write");
    case SoakTurnKind::Grep: return QStringLiteral("grep");
    case SoakTurnKind::Edit: return QStringLiteral("edit");
    case SoakTurnKind::Parallel: return QStringLiteral("parallel");
    }
    return {};
}

// The text blocks of user message `message`, in order.
QStringList userTexts(const QJsonObject &message)
{
    if (message.value(QLatin1String("role")).toString() != QLatin1String("user"))
        return {};
    const QJsonValue content = message.value(QLatin1String("content"));
    if (content.isString())
        return {content.toString()};
    QStringList texts;
    for (const QJsonValue &block : content.toArray()) {
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            texts.append(block.toObject().value(QLatin1String("text")).toString());
    }
    return texts;
}

QString userText(const QJsonObject &message)
{
    return userTexts(message).join(QString());
}

// What of a user text block is the person's own words. The harness adds blocks that quote
// earlier turns: reminders (recall names earlier sessions by their first request), summaries,
// and the pinned context, whose ledger names the step the session is on and which holds the
// open request verbatim when a summary cut into the current turn.
QString ownWords(const QString &block)
{
    const QString trimmed = block.trimmed();
    if (!trimmed.startsWith(QLatin1Char('<')))
        return block;
    static const QRegularExpression openRequest(QStringLiteral("<current-request>\\n(.*?)\\n</current-request>"),
                                                QRegularExpression::DotMatchesEverythingOption);
    if (trimmed.startsWith(QLatin1String("<pinned-context>")))
        return openRequest.match(trimmed).captured(1);
    return {};
}

// The turn's own words in the request: the last user text block that matches `pattern`, with
// what the harness put around them left out.
QRegularExpressionMatch lastUserMatch(const QJsonObject &request, const QRegularExpression &pattern)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    for (qsizetype i = messages.size() - 1; i >= 0; --i) {
        const QStringList blocks = userTexts(messages.at(i).toObject());
        for (qsizetype b = blocks.size() - 1; b >= 0; --b) {
            const QRegularExpressionMatch match = pattern.match(ownWords(blocks.at(b)));
            if (match.hasMatch())
                return match;
        }
    }
    return {};
}

// A Markdown answer about `topic`, long enough to stream in many pieces.
QString answerText(int turn, const QString &topic, int paragraphs)
{
    QString text = QStringLiteral("## Turn %1: the %2\n\n").arg(turn).arg(topic);
    for (int p = 0; p < paragraphs; ++p)
        text += QStringLiteral("The %1 keeps its state in a small table; step %2 of turn %3 checks the table, "
                               "records what changed and leaves the rest alone. Nothing else moves.\n\n")
                    .arg(topic).arg(p + 1).arg(turn);
    text += QStringLiteral("- first, the %1 reads its input\n- then it writes `out/turn-%2.md`\n\n```cpp\nint %1Step(int n) { return n + %2; }\n```\n")
                .arg(topic).arg(turn % 50);
    return text;
}

test::ScriptedResponse streamed(const QByteArray &body)
{
    test::ScriptedResponse response = test::ScriptedResponse::sse(body);
    response.chunkSize = 256;
    response.chunkDelay = std::chrono::milliseconds(2);
    return response;
}

} // namespace

SoakModel::SoakModel(test::ProviderTestServer *server, QString workspace, QObject *parent)
    : QObject(parent), m_server(server), m_workspace(std::move(workspace))
{
    m_server->setBeforeAnswer([this](int, const test::CapturedRequest &request) { answer(request); });
    // Taken once the server has kept it; nothing reads it afterwards.
    connect(m_server, &test::ProviderTestServer::requestReceived, this, [this] { m_server->forgetRequests(); });
}

SoakTurnKind SoakModel::kindOf(int turn)
{
    static const SoakTurnKind cycle[] = {SoakTurnKind::Answer, SoakTurnKind::Read, SoakTurnKind::Write,
                                         SoakTurnKind::Grep,   SoakTurnKind::Edit, SoakTurnKind::Parallel};
    return cycle[turn % 6];
}

QString SoakModel::topicOf(int turn)
{
    return topics().at(turn % topics().size());
}

QString SoakModel::turnText(int turn, SoakTurnKind kind)
{
    return QStringLiteral("soak turn %1 (%2): look at the %3 again and tell me what changed.").arg(turn).arg(kindName(kind), topicOf(turn));
}

void SoakModel::answer(const test::CapturedRequest &request)
{
    ++m_requests;
    const QJsonObject body = request.json();
    const qint64 tokens = request.body.size() / 4;
    static const QRegularExpression summary(QStringLiteral("Summarise only the conversation through"));
    const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
    if (!messages.isEmpty() && summary.match(userText(messages.last().toObject())).hasMatch()) {
        ++m_summaries;
        m_server->enqueue(test::ScriptedResponse::sse(test::scriptedAnswer(
            QStringLiteral("## Session intent\nSoak the desktop.\n## Progress and artifacts\nTurns ran; files in out/.\n"
                           "## Decisions\nNone.\n## Current state\nWorking.\n## Next steps\nKeep going.\n## Key details\nNone."),
            tokens)));
        return;
    }
    static const QRegularExpression marker(QStringLiteral("soak turn (\\d+) \\((\\w+)\\)"));
    const QRegularExpressionMatch match = lastUserMatch(body, marker);
    const int turn = match.hasMatch() ? match.captured(1).toInt() : 0;
    const QString topic = topicOf(turn);
    if (test::lastIsToolResult(body) || !match.hasMatch()) {
        if (!match.hasMatch())
            ++m_unplaced;
        m_server->enqueue(streamed(test::scriptedAnswer(answerText(turn, topic, 2), tokens)));
        return;
    }
    const QString id = QStringLiteral("toolu_s%1_").arg(turn);
    const QString kind = match.captured(2);
    if (kind == QLatin1String("answer")) {
        m_server->enqueue(streamed(test::scriptedAnswer(answerText(turn, topic, 6), tokens)));
        return;
    }
    test::AnthropicStream stream(tokens);
    stream.text(QStringLiteral("Let me look at the %1.").arg(topic));
    if (kind == QLatin1String("read")) {
        stream.toolUse(id + QLatin1Char('r'), QStringLiteral("read_file"), QJsonObject{{QStringLiteral("path"), QStringLiteral("notes/%1.md").arg(topic)}});
        ++m_toolCalls;
    } else if (kind == QLatin1String("write")) {
        stream.toolUse(id + QLatin1Char('w'), QStringLiteral("write_file"),
                       {{QStringLiteral("path"), QStringLiteral("out/turn-%1.md").arg(turn % 50)},
                        {QStringLiteral("content"), answerText(turn, topic, 1)}});
        ++m_toolCalls;
    } else if (kind == QLatin1String("grep")) {
        stream.toolUse(id + QLatin1Char('g'), QStringLiteral("grep"),
                       {{QStringLiteral("pattern"), QString(topic + QStringLiteral(" (keeps|reads)"))}, {QStringLiteral("path"), QStringLiteral("notes")}});
        ++m_toolCalls;
    } else if (kind == QLatin1String("edit")) {
        // The counter file as it is now: the edit replaces its one line with the next count.
        QFile counter(m_workspace + QStringLiteral("/notes/counter.md"));
        const QString now = counter.open(QIODevice::ReadOnly) ? QString::fromUtf8(counter.readAll()).trimmed() : QString();
        const int count = now.section(QLatin1Char(' '), 1).toInt();
        stream.toolUse(id + QLatin1Char('e'), QStringLiteral("edit_file"),
                       {{QStringLiteral("path"), QStringLiteral("notes/counter.md")},
                        {QStringLiteral("old_string"), now},
                        {QStringLiteral("new_string"), QStringLiteral("count: %1").arg(count + 1)}});
        ++m_toolCalls;
    } else {
        stream.toolUse(id + QLatin1Char('l'), QStringLiteral("ls"), QJsonObject{{QStringLiteral("path"), QStringLiteral("notes")}});
        stream.toolUse(id + QLatin1Char('r'), QStringLiteral("read_file"), QJsonObject{{QStringLiteral("path"), QStringLiteral("notes/counter.md")}});
        m_toolCalls += 2;
    }
    m_server->enqueue(streamed(stream.stop(QStringLiteral("tool_use"))));
}

} // namespace valis::bench
