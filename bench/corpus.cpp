#include "corpus.h"

#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>

using namespace valis;

namespace {

const char *const syllables[] = {"ka", "lo", "mi", "ren", "tor", "vex", "sa", "dun", "pel", "qua", "zi", "mor",
                                 "bri", "fen", "gal", "hux", "jo", "nix", "ost", "pra", "rul", "sem", "tak", "ulm",
                                 "vor", "wex", "yan", "zol", "cra", "dra"};
const char *const proseWords[] = {"the", "build", "fails", "because", "a", "test", "in", "module", "is", "not",
                                  "found", "and", "then", "we", "need", "to", "check", "config", "file", "for",
                                  "error", "output", "with", "this", "change", "should", "fix", "it", "run",
                                  "again", "after", "update", "version", "of", "library", "please", "look", "at"};
const char *const levels[] = {"info", "info", "info", "warning", "error", "debug", "note"};
const char *const tools[] = {"Bash", "Read", "Edit", "Grep", "Bash", "Bash", "Read"};

} // namespace

CorpusGenerator::CorpusGenerator(quint32 seed)
    : m_random(seed)
{
    // 30,000 pseudo-words with Zipf(1.0) weights.
    const int count = 30000;
    m_vocabulary.reserve(count);
    QRandomGenerator words(seed ^ 0x5eed);
    QSet<QString> seen;
    while (m_vocabulary.size() < count) {
        QString word;
        const int parts = 2 + int(words.bounded(3));
        for (int i = 0; i < parts; ++i)
            word += QLatin1String(syllables[words.bounded(int(std::size(syllables)))]);
        // Syllable words run out of fresh combinations; the rare tail gets numbered words.
        if (seen.contains(word))
            word += QString::number(m_vocabulary.size());
        if (seen.contains(word))
            continue;
        seen.insert(word);
        m_vocabulary.append(word);
    }
    double total = 0;
    m_cumulative.reserve(count);
    for (int rank = 0; rank < count; ++rank) {
        total += 1.0 / double(rank + 1);
        m_cumulative.push_back(total);
    }
    for (double &value : m_cumulative)
        value /= total;
}

QString CorpusGenerator::randomWord()
{
    const double point = m_random.generateDouble();
    const auto it = std::lower_bound(m_cumulative.begin(), m_cumulative.end(), point);
    return m_vocabulary.at(qMin<qsizetype>(it - m_cumulative.begin(), m_vocabulary.size() - 1));
}

QString CorpusGenerator::identifier()
{
    return randomWord() + QLatin1Char('_') + randomWord();
}

QString CorpusGenerator::prose(int sentences)
{
    QString text;
    for (int s = 0; s < sentences; ++s) {
        const int length = 6 + int(m_random.bounded(12));
        for (int w = 0; w < length; ++w) {
            text += m_random.bounded(3) == 0 ? randomWord()
                                             : QLatin1String(proseWords[m_random.bounded(int(std::size(proseWords)))]);
            text += QLatin1Char(w + 1 == length ? '.' : ' ');
        }
        text += QLatin1Char(' ');
    }
    return text;
}

QString CorpusGenerator::buildLog(int lines)
{
    QString log;
    log.reserve(lines * 70);
    for (int i = 0; i < lines; ++i) {
        const char *level = levels[m_random.bounded(int(std::size(levels)))];
        switch (m_random.bounded(4)) {
        case 0:
            log += QStringLiteral("[%1/%2] Building CXX object src/%3/%4.cpp.o\n").arg(i + 1).arg(lines).arg(randomWord(), identifier());
            break;
        case 1:
            log += QStringLiteral("src/%1.cpp:%2:%3: %4: %5 '%6' %7\n")
                       .arg(identifier())
                       .arg(m_random.bounded(1, 900))
                       .arg(m_random.bounded(1, 80))
                       .arg(QLatin1String(level), QLatin1String(proseWords[m_random.bounded(int(std::size(proseWords)))]),
                            identifier(), randomWord());
            break;
        case 2:
            log += QStringLiteral("%1 %2 ms %3 %4\n").arg(randomWord()).arg(m_random.bounded(1, 5000)).arg(identifier(), randomWord());
            break;
        default:
            log += QStringLiteral("  test %1::%2 ... %3\n").arg(randomWord(), identifier(),
                                                               m_random.bounded(12) == 0 ? QStringLiteral("FAILED") : QStringLiteral("ok"));
            break;
        }
    }
    return log;
}

QString CorpusGenerator::sourceCode(int lines)
{
    QString code;
    code.reserve(lines * 50);
    int depth = 0;
    for (int i = 0; i < lines; ++i) {
        const QString indent(depth * 4, QLatin1Char(' '));
        switch (m_random.bounded(6)) {
        case 0:
            code += indent + QStringLiteral("int %1(const %2 &%3)\n").arg(identifier(), randomWord(), randomWord()) + indent + QStringLiteral("{\n");
            ++depth;
            break;
        case 1:
            if (depth > 0) {
                --depth;
                code += QString(depth * 4, QLatin1Char(' ')) + QStringLiteral("}\n");
                break;
            }
            Q_FALLTHROUGH();
        case 2:
            code += indent + QStringLiteral("auto %1 = %2(%3, %4);\n").arg(randomWord(), identifier(), randomWord()).arg(m_random.bounded(100));
            break;
        case 3:
            code += indent + QStringLiteral("// %1\n").arg(prose(1));
            break;
        case 4:
            code += indent + QStringLiteral("if (%1 > %2) return %3;\n").arg(randomWord()).arg(m_random.bounded(64)).arg(identifier());
            break;
        default:
            code += indent + QStringLiteral("%1.%2(\"%3\");\n").arg(randomWord(), identifier(), randomWord());
            break;
        }
    }
    return code;
}

QString CorpusGenerator::diff(int hunks)
{
    QString text = QStringLiteral("diff --git a/src/%1.cpp b/src/%1.cpp\n--- a/src/%1.cpp\n+++ b/src/%1.cpp\n").arg(identifier());
    for (int h = 0; h < hunks; ++h) {
        text += QStringLiteral("@@ -%1,7 +%1,8 @@ %2\n").arg(m_random.bounded(1, 2000)).arg(identifier());
        text += QLatin1Char(' ') + sourceCode(3).replace(QLatin1Char('\n'), QStringLiteral("\n "));
        text += QLatin1Char('-') + sourceCode(2).replace(QLatin1Char('\n'), QStringLiteral("\n-"));
        text += QLatin1Char('+') + sourceCode(3).replace(QLatin1Char('\n'), QStringLiteral("\n+")) + QLatin1Char('\n');
    }
    return text;
}

QString CorpusGenerator::jsonDocument(int items)
{
    QString text = QStringLiteral("{\n  \"items\": [\n");
    for (int i = 0; i < items; ++i) {
        text += QStringLiteral("    {\"id\": %1, \"name\": \"%2\", \"status\": \"%3\", \"tags\": [\"%4\", \"%5\"], \"score\": %6}%7\n")
                    .arg(i)
                    .arg(identifier(), randomWord(), randomWord(), randomWord())
                    .arg(m_random.generateDouble() * 100, 0, 'f', 3)
                    .arg(i + 1 < items ? QStringLiteral(",") : QString());
    }
    return text + QStringLiteral("  ]\n}\n");
}

Message CorpusGenerator::toolResult(const QString &callId, const QString &tool)
{
    QString output;
    // Mostly large outputs: sizes from a few hundred bytes to ~200 KB, heavy-tailed.
    const int scale = m_random.bounded(10) < 7 ? int(m_random.bounded(20, 400)) : int(m_random.bounded(400, 3000));
    switch (m_random.bounded(4)) {
    case 0:
        output = buildLog(scale);
        break;
    case 1:
        output = sourceCode(scale);
        break;
    case 2:
        output = diff(qMax(1, scale / 12));
        break;
    default:
        output = jsonDocument(qMax(1, scale / 2));
        break;
    }
    Message message;
    message.role = Role::Tool;
    message.parts = {Part::makeToolResultText(callId, output, m_random.bounded(8) == 0)};
    message.parts.first().toolName = tool;
    m_bytes += output.size();
    return message;
}

QList<Message> CorpusGenerator::session(int turns)
{
    QList<Message> messages;
    for (int t = 0; t < turns; ++t) {
        Message user;
        user.role = Role::User;
        user.parts = {Part::makeText(prose(1 + int(m_random.bounded(3))))};
        m_bytes += user.parts.first().text.size();
        messages.append(user);
        const int calls = 1 + int(m_random.bounded(3));
        for (int c = 0; c < calls; ++c) {
            const QString callId = QStringLiteral("call_%1").arg(++m_callCounter);
            const QString tool = QLatin1String(tools[m_random.bounded(int(std::size(tools)))]);
            Message assistant;
            assistant.role = Role::Assistant;
            assistant.model = QStringLiteral("claude-sonnet-4-5");
            assistant.parts = {Part::makeText(prose(1 + int(m_random.bounded(4)))),
                               Part::makeToolCall(callId, tool,
                                                  QJsonObject{{QStringLiteral("command"),
                                                               QStringLiteral("%1 %2 --%3").arg(randomWord(), identifier(), randomWord())}})};
            m_bytes += assistant.parts.first().text.size() + 40;
            messages.append(assistant);
            messages.append(toolResult(callId, tool));
        }
        Message answer;
        answer.role = Role::Assistant;
        answer.parts = {Part::makeText(prose(2 + int(m_random.bounded(6))))};
        m_bytes += answer.parts.first().text.size();
        messages.append(answer);
    }
    return messages;
}

Message CorpusGenerator::liveMessage(int index)
{
    switch (index % 3) {
    case 0: {
        Message user;
        user.role = Role::User;
        user.parts = {Part::makeText(prose(2))};
        return user;
    }
    case 1: {
        Message assistant;
        assistant.role = Role::Assistant;
        assistant.parts = {Part::makeText(prose(3)),
                           Part::makeToolCall(QStringLiteral("live_%1").arg(index), QStringLiteral("Bash"),
                                              QJsonObject{{QStringLiteral("command"), identifier()}})};
        return assistant;
    }
    default:
        return toolResult(QStringLiteral("live_%1").arg(index - 1), QStringLiteral("Bash"));
    }
}
