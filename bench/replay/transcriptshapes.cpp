#include "transcriptshapes.h"

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>
#include <QTimeZone>

#include <array>
#include <tuple>

namespace valis::bench {

namespace {

constexpr const char *ModelName = "claude-sonnet-4-5";

/// splitmix64: tiny, and the same sequence on every compiler and platform.
class Rng
{
public:
    explicit Rng(quint64 seed) : m_state(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {}
    quint64 next()
    {
        quint64 z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// [0, n)
    int below(int n) { return n <= 0 ? 0 : int(next() % quint64(n)); }
    /// [low, high]
    int between(int low, int high) { return low + below(high - low + 1); }
    bool chance(double p) { return double(next() >> 11) / double(1ULL << 53) < p; }
    template<typename T, std::size_t N>
    QLatin1String pick(const std::array<T, N> &words) { return QLatin1String(words[std::size_t(below(int(N)))]); }
    QString hex(int digits)
    {
        QString text;
        for (int i = 0; i < digits; ++i)
            text += QLatin1Char("0123456789abcdef"[below(16)]);
        return text;
    }

private:
    quint64 m_state;
};

const std::array<const char *, 48> Nouns{
    "parser", "cache", "session", "index", "token", "buffer", "worker", "queue", "request", "response", "schema",
    "migration", "handler", "socket", "timeout", "retry", "record", "snapshot", "manifest", "plugin", "registry",
    "scheduler", "lock", "transaction", "cursor", "payload", "header", "checksum", "archive", "view", "window",
    "budget", "counter", "stream", "channel", "config", "profile", "fixture", "benchmark", "report", "pointer",
    "summary", "prefix", "ledger", "batch", "offset", "encoder", "allocator"};
const std::array<const char *, 36> Verbs{
    "flush", "parse", "load", "store", "evict", "merge", "split", "resolve", "validate", "serialise", "retry",
    "schedule", "cancel", "restore", "render", "index", "compact", "rewrite", "normalise", "encode", "decode",
    "replay", "count", "sort", "dedupe", "expand", "collect", "drain", "fetch", "emit", "guard", "trim", "patch",
    "migrate", "rotate", "lookup"};
const std::array<const char *, 30> Adjectives{
    "stale", "pending", "nested", "partial", "cached", "empty", "duplicate", "oversized", "corrupt", "legacy",
    "async", "blocking", "optional", "sorted", "missing", "incremental", "fresh", "shared", "atomic", "lazy",
    "verbose", "malformed", "truncated", "ordered", "idle", "hot", "cold", "dirty", "pinned", "transient"};
const std::array<const char *, 16> Modules{
    "core", "net", "storage", "agent", "context", "ui", "tokens", "record", "catalog", "plugins", "cli", "sync",
    "search", "memory", "sandbox", "tools"};
const std::array<const char *, 6> Extensions{"cpp", "h", "py", "ts", "rs", "go"};
const std::array<const char *, 8> Components{"http", "db", "worker", "scheduler", "auth", "cache", "gc", "io"};
const std::array<const char *, 5> Levels{"INFO", "INFO", "DEBUG", "WARN", "ERROR"};
const std::array<const char *, 12> Openers{
    "Can you check", "Why does", "Please look at how", "I think", "Could you explain why", "Let's fix how",
    "Next, make", "It looks like", "Now", "One more thing:", "Wait,", "After that change,"};
const std::array<const char *, 10> Connectives{
    "so", "because", "while", "after", "before", "unless", "whereas", "since", "although", "once"};

/// The words and text of one transcript, from its Rng.
class Writer
{
public:
    explicit Writer(quint64 seed) : rng(seed)
    {
        for (int i = 0; i < 90; ++i)
            files.append(freshPath());
    }

    QString identifier()
    {
        QString verb = rng.pick(Verbs);
        QString noun = rng.pick(Nouns);
        if (rng.chance(0.5))
            return verb + QLatin1Char('_') + noun + (rng.chance(0.3) ? QLatin1Char('_') + QString(rng.pick(Adjectives)) : QString());
        noun[0] = noun.at(0).toUpper();
        QString name = verb + noun;
        if (rng.chance(0.3)) {
            QString adjective = rng.pick(Adjectives);
            adjective[0] = adjective.at(0).toUpper();
            name += adjective;
        }
        return name;
    }
    QString freshPath()
    {
        return QStringLiteral("src/%1/%2_%3.%4").arg(rng.pick(Modules), rng.pick(Nouns), rng.pick(Verbs), rng.pick(Extensions));
    }
    QString path() { return files.at(rng.below(int(files.size()))); }

    QString sentence()
    {
        switch (rng.below(6)) {
        case 0:
            return QStringLiteral("The %1 %2 in %3 should %4 %5 %6() returns.")
                .arg(rng.pick(Adjectives), rng.pick(Nouns), path(), rng.pick(Verbs), rng.pick(Connectives), identifier());
        case 1:
            return QStringLiteral("%1() takes %2 ms on the %3 path, about %4 times what the %5 needs.")
                .arg(identifier()).arg(rng.between(3, 900)).arg(rng.pick(Adjectives)).arg(rng.between(2, 40)).arg(rng.pick(Nouns));
        case 2:
            return QStringLiteral("Issue #%1 is about a %2 %3 that nobody would %4 %5 the %6 was %7.")
                .arg(rng.between(100, 9999)).arg(rng.pick(Adjectives), rng.pick(Nouns), rng.pick(Verbs), rng.pick(Connectives),
                                                 rng.pick(Nouns), rng.pick(Adjectives));
        case 3:
            return QStringLiteral("We %1 every %2 %3 in %4, then %5 the %6 with id %7.")
                .arg(rng.pick(Verbs), rng.pick(Adjectives), rng.pick(Nouns), path(), rng.pick(Verbs), rng.pick(Nouns), rng.hex(8));
        case 4:
            return QStringLiteral("If %1 sees a %2 %3 it must not %4 it; %5 keeps the %6 instead.")
                .arg(identifier(), rng.pick(Adjectives), rng.pick(Nouns), rng.pick(Verbs), identifier(), rng.pick(Nouns));
        default:
            return QStringLiteral("Commit %1 changed %2 lines of %3 %4 the %5 %6 test failed.")
                .arg(rng.hex(7)).arg(rng.between(2, 400)).arg(path(), rng.pick(Connectives), rng.pick(Adjectives), rng.pick(Nouns));
        }
    }
    QString paragraph(int sentences)
    {
        QStringList list;
        for (int i = 0; i < sentences; ++i)
            list.append(sentence());
        return list.join(QLatin1Char(' '));
    }
    QString prose(int paragraphs, int low, int high)
    {
        QStringList list;
        for (int i = 0; i < paragraphs; ++i)
            list.append(paragraph(rng.between(low, high)));
        return list.join(QStringLiteral("\n\n"));
    }

    QString statement()
    {
        switch (rng.below(7)) {
        case 0:
            return QStringLiteral("const auto %1 = %2(%3, %4);").arg(rng.pick(Nouns), identifier(), rng.pick(Nouns)).arg(rng.between(0, 4096));
        case 1:
            return QStringLiteral("if (!%1.%2()) return Error(\"%3.%4\");").arg(rng.pick(Nouns), identifier(), rng.pick(Modules), rng.pick(Adjectives));
        case 2:
            return QStringLiteral("for (const auto &%1 : %2s) total += %1.%3;").arg(rng.pick(Nouns), rng.pick(Nouns), rng.pick(Nouns));
        case 3:
            return QStringLiteral("// %1 the %2 %3 first: %4 depends on it").arg(rng.pick(Verbs), rng.pick(Adjectives), rng.pick(Nouns), identifier());
        case 4:
            return QStringLiteral("%1->%2(%3 * %4);").arg(rng.pick(Nouns), identifier(), rng.pick(Nouns)).arg(rng.between(2, 64));
        case 5:
            return QStringLiteral("m_%1.insert(%2, %3);").arg(rng.pick(Nouns), rng.pick(Nouns), identifier() + QStringLiteral("()"));
        default:
            return QStringLiteral("return %1 > %2 ? %3 : %4;").arg(rng.pick(Nouns)).arg(rng.between(1, 999)).arg(rng.pick(Nouns), rng.pick(Nouns));
        }
    }
    QString code(int lines)
    {
        QStringList out;
        out << QStringLiteral("#include \"%1.h\"").arg(rng.pick(Nouns)) << QString()
            << QStringLiteral("namespace %1 {").arg(rng.pick(Modules)) << QString();
        while (out.size() < lines) {
            out << QStringLiteral("%1 %2(const %3 &%4, int %5)")
                       .arg(rng.chance(0.5) ? QStringLiteral("bool") : QStringLiteral("qint64"), identifier(),
                            QString(rng.pick(Nouns)).toUpper().left(1) + QString(rng.pick(Nouns)).mid(1), rng.pick(Nouns), rng.pick(Nouns))
                << QStringLiteral("{");
            const int body = rng.between(3, 14);
            for (int i = 0; i < body; ++i)
                out << QStringLiteral("    ") + statement();
            out << QStringLiteral("}") << QString();
        }
        out << QStringLiteral("} // namespace");
        return out.join(QLatin1Char('\n'));
    }
    QString numbered(const QString &text, int from = 1)
    {
        QStringList lines = text.split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i)
            lines[i] = QStringLiteral("%1\t%2").arg(from + i, 6).arg(lines.at(i));
        return lines.join(QLatin1Char('\n'));
    }
    QString logLines(int count)
    {
        QStringList out;
        for (int i = 0; i < count; ++i) {
            clock += rng.between(1, 2500);
            const qint64 seconds = clock / 1000;
            out << QStringLiteral("2026-03-%1T%2:%3:%4.%5Z %6 [%7-%8] %9")
                       .arg(14 + int(seconds / 86400) % 14, 2, 10, QLatin1Char('0'))
                       .arg(int(seconds / 3600) % 24, 2, 10, QLatin1Char('0'))
                       .arg(int(seconds / 60) % 60, 2, 10, QLatin1Char('0'))
                       .arg(int(seconds) % 60, 2, 10, QLatin1Char('0'))
                       .arg(int(clock % 1000), 3, 10, QLatin1Char('0'))
                       .arg(rng.pick(Levels), rng.pick(Components))
                       .arg(rng.between(1, 16))
                       .arg(logMessage());
        }
        return out.join(QLatin1Char('\n'));
    }
    QString logMessage()
    {
        switch (rng.below(5)) {
        case 0:
            return QStringLiteral("request %1 %2 /api/v%3/%4s/%5 -> %6 in %7ms")
                .arg(rng.hex(12), rng.chance(0.7) ? QStringLiteral("GET") : QStringLiteral("POST"))
                .arg(rng.between(1, 3)).arg(rng.pick(Nouns)).arg(rng.between(1, 99999))
                .arg(rng.chance(0.9) ? 200 : 500).arg(rng.between(1, 1800));
        case 1:
            return QStringLiteral("%1 %2 %3 (%4 bytes, %5 entries)")
                .arg(rng.pick(Verbs), rng.pick(Adjectives), rng.pick(Nouns)).arg(rng.between(64, 9000000)).arg(rng.between(0, 5000));
        case 2:
            return QStringLiteral("compiling %1 [%2/%3]").arg(path()).arg(rng.between(1, 900)).arg(900);
        case 3:
            return QStringLiteral("%1: %2 %3 at %4:%5").arg(identifier(), rng.pick(Adjectives), rng.pick(Nouns), path()).arg(rng.between(1, 2000));
        default:
            return QStringLiteral("gc pause %1ms, heap %2 MB, %3 %4s %5")
                .arg(rng.between(1, 90)).arg(rng.between(100, 4000)).arg(rng.between(1, 800)).arg(rng.pick(Nouns), rng.pick(Adjectives));
        }
    }
    QString testOutput(int count)
    {
        QStringList out;
        int failed = 0;
        for (int i = 0; i < count; ++i) {
            const bool fail = rng.chance(0.06);
            failed += fail ? 1 : 0;
            out << QStringLiteral("%1/%2 Test #%3: %4 %5 %6 %7 sec")
                       .arg(i + 1).arg(count).arg(rng.between(1, 400)).arg(identifier(), QString(42 - qMin(40, i % 40), QLatin1Char('.')),
                                                                        fail ? QStringLiteral("***Failed") : QStringLiteral("   Passed"))
                       .arg(double(rng.between(1, 9000)) / 1000.0, 0, 'f', 2);
            if (fail)
                out << QStringLiteral("    %1:%2: FAIL! Compared values are not the same: %3 vs %4")
                           .arg(path()).arg(rng.between(10, 900)).arg(rng.between(0, 99)).arg(rng.between(100, 200));
        }
        out << QStringLiteral("%1% tests passed, %2 tests failed out of %3").arg(100 * (count - failed) / qMax(1, count)).arg(failed).arg(count);
        return out.join(QLatin1Char('\n'));
    }
    QString grepOutput(int count)
    {
        QStringList out;
        for (int i = 0; i < count; ++i)
            out << QStringLiteral("%1:%2:    %3").arg(path()).arg(rng.between(1, 1500)).arg(statement());
        return out.join(QLatin1Char('\n'));
    }
    QString jsonDump(int count)
    {
        QStringList out;
        for (int i = 0; i < count; ++i)
            out << QStringLiteral("{\"id\":\"%1\",\"%2\":%3,\"%4\":\"%5\",\"path\":\"%6\",\"ok\":%7}")
                       .arg(rng.hex(16), rng.pick(Nouns)).arg(rng.between(0, 1000000)).arg(rng.pick(Verbs), rng.pick(Adjectives), path(),
                                                                                            rng.chance(0.8) ? QStringLiteral("true") : QStringLiteral("false"));
        return out.join(QLatin1Char('\n'));
    }

    Rng rng;
    QStringList files;
    qint64 clock = 0;
};

/// Builds the messages: ids, seq, turns, timestamps, usage.
class Builder
{
public:
    Builder(TranscriptShape shape, quint64 seed) : w(seed * 7919 + quint64(shape) * 104729), m_seed(seed) {}

    void user(const QString &text)
    {
        ++m_turn;
        Message message = make(Role::User);
        message.parts.append(Part::makeText(text));
        append(message);
    }
    /// An assistant message with `calls` (tool, arguments, result), then their results.
    void act(const QString &text, const QList<std::tuple<QString, QJsonObject, QString>> &calls)
    {
        Message message = make(Role::Assistant);
        if (!text.isEmpty())
            message.parts.append(Part::makeText(text));
        Message results = make(Role::Tool);
        for (const auto &[tool, arguments, output] : calls) {
            const QString callId = QStringLiteral("call_%1").arg(w.rng.hex(20));
            message.parts.append(Part::makeToolCall(callId, tool, arguments));
            Part result = Part::makeToolResultText(callId, output);
            result.toolName = tool;
            results.parts.append(result);
        }
        answer(message);
        if (!results.parts.isEmpty())
            append(results);
    }
    void say(const QString &text) { act(text, {}); }

    ShapedTranscript finish(TranscriptShape shape)
    {
        ShapedTranscript out;
        out.shape = shape;
        out.name = QStringLiteral("generated/%1-seed%2").arg(transcriptShapeName(shape)).arg(m_seed);
        out.info.id = QStringLiteral("s-gen-%1-%2").arg(transcriptShapeName(shape)).arg(m_seed);
        out.info.title = QStringLiteral("Generated %1 session (seed %2)").arg(transcriptShapeName(shape)).arg(m_seed);
        out.info.model = QLatin1String(ModelName);
        out.info.workspace = QStringLiteral("/workspace");
        out.info.originKind = QStringLiteral("generated");
        out.info.createdAt = start();
        out.info.updatedAt = m_messages.isEmpty() ? start() : m_messages.constLast().createdAt;
        out.info.messageCount = m_messages.size();
        out.messages = m_messages;
        return out;
    }

    Writer w;

private:
    static QDateTime start() { return QDateTime(QDate(2026, 3, 14), QTime(9, 0), QTimeZone::utc()); }
    Message make(Role role)
    {
        Message message;
        message.role = role;
        message.turn = m_turn;
        m_seconds += w.rng.between(2, 90);
        message.createdAt = start().addSecs(m_seconds);
        return message;
    }
    void answer(Message message)
    {
        message.model = QLatin1String(ModelName);
        message.stopReason = message.countParts(PartKind::ToolCall) > 0 ? QStringLiteral("tool_use") : QStringLiteral("end_turn");
        qint64 chars = 0;
        for (const Part &part : std::as_const(message.parts))
            chars += part.text.size() + (part.kind == PartKind::ToolCall ? part.argumentsJson().size() : 0);
        // Roughly what a provider would have reported: the context so far read from the cache.
        message.usage.outputTokens = qMax<qint64>(1, chars / 4);
        message.usage.inputTokens = 3 + w.rng.below(40);
        message.usage.cacheReadTokens = m_contextChars / 4;
        message.usage.cacheWriteTokens = m_sinceLastAnswer / 4;
        m_sinceLastAnswer = 0;
        append(message);
    }
    void append(Message message)
    {
        message.seq = m_messages.size();
        message.id = QStringLiteral("m-gen-%1").arg(m_messages.size() + 1, 6, 10, QLatin1Char('0'));
        qint64 chars = 0;
        for (const Part &part : std::as_const(message.parts))
            chars += part.searchText().size();
        m_contextChars += chars;
        m_sinceLastAnswer += chars;
        m_messages.append(message);
    }

    QList<Message> m_messages;
    int m_turn = 0;
    qint64 m_seconds = 0;
    qint64 m_contextChars = 0;
    qint64 m_sinceLastAnswer = 0;
    quint64 m_seed;
};

QJsonObject args(std::initializer_list<std::pair<const char *, QString>> pairs)
{
    QJsonObject object;
    for (const auto &[key, value] : pairs)
        object.insert(QLatin1String(key), value);
    return object;
}

std::tuple<QString, QJsonObject, QString> readFile(Writer &w, int low, int high)
{
    const QString path = w.path();
    return {QStringLiteral("read_file"), args({{"path", path}}), w.numbered(w.code(w.rng.between(low, high)))};
}

std::tuple<QString, QJsonObject, QString> grep(Writer &w, int low, int high)
{
    return {QStringLiteral("grep"), args({{"pattern", w.identifier()}, {"path", QStringLiteral("src/")}}), w.grepOutput(w.rng.between(low, high))};
}

std::tuple<QString, QJsonObject, QString> exec(Writer &w, int low, int high)
{
    const int kind = w.rng.below(3);
    if (kind == 0)
        return {QStringLiteral("exec"), args({{"command", QStringLiteral("ctest --test-dir build -R %1").arg(w.identifier())}}),
                w.testOutput(w.rng.between(low, high))};
    if (kind == 1)
        return {QStringLiteral("exec"), args({{"command", QStringLiteral("tail -n %1 logs/%2.log").arg(high).arg(w.rng.pick(Components))}}),
                w.logLines(w.rng.between(low, high))};
    return {QStringLiteral("exec"), args({{"command", QStringLiteral("git log --oneline -n %1 -- %2").arg(high).arg(w.path())}}),
            w.grepOutput(w.rng.between(low, high))};
}

/// A result of 60,000 to 90,000 tokens: a whole build log, a test log or a JSON dump.
std::tuple<QString, QJsonObject, QString> hugeOutput(Writer &w)
{
    switch (w.rng.below(3)) {
    case 0:
        return {QStringLiteral("exec"), args({{"command", QStringLiteral("cmake --build build -j8 2>&1")}}), w.logLines(w.rng.between(2600, 3400))};
    case 1:
        return {QStringLiteral("exec"), args({{"command", QStringLiteral("ctest --test-dir build --verbose")}}), w.testOutput(w.rng.between(3400, 4400))};
    default:
        return {QStringLiteral("exec"), args({{"command", QStringLiteral("curl -s localhost:8080/debug/%1s").arg(w.rng.pick(Nouns))}}),
                w.jsonDump(w.rng.between(1800, 2400))};
    }
}

void chatTurn(Builder &b)
{
    Writer &w = b.w;
    QString ask = QStringLiteral("%1 %2").arg(w.rng.pick(Openers), w.paragraph(w.rng.between(1, 4)));
    if (w.rng.chance(0.2))
        ask += QStringLiteral("\n\n```\n%1\n```").arg(w.rng.chance(0.5) ? w.code(w.rng.between(10, 35)) : w.logLines(w.rng.between(8, 30)));
    b.user(ask);
    if (w.rng.chance(0.1))
        b.act(QStringLiteral("Let me look first."), {w.rng.chance(0.5) ? grep(w, 5, 30) : readFile(w, 30, 110)});
    QString reply = w.prose(w.rng.between(2, 6), 2, 6);
    if (w.rng.chance(0.35))
        reply += QStringLiteral("\n\n```cpp\n%1\n```\n\n%2").arg(w.code(w.rng.between(10, 40)), w.paragraph(w.rng.between(1, 3)));
    b.say(reply);
}

void readingTurn(Builder &b)
{
    Writer &w = b.w;
    b.user(QStringLiteral("%1 %2 works in %3 and %4. %5")
               .arg(w.rng.pick(Openers), w.identifier(), w.path(), w.path(), w.sentence()));
    const int steps = w.rng.between(2, 4);
    for (int s = 0; s < steps; ++s) {
        QList<std::tuple<QString, QJsonObject, QString>> calls{readFile(w, 50, 260)};
        if (w.rng.chance(0.35))
            calls.append(readFile(w, 40, 160));
        if (w.rng.chance(0.15))
            calls.append(grep(w, 10, 50));
        b.act(w.rng.chance(0.5) ? w.sentence() : QString(), calls);
    }
    b.say(w.prose(w.rng.between(1, 3), 2, 5));
}

void editingTurn(Builder &b)
{
    Writer &w = b.w;
    const QString path = w.path();
    b.user(QStringLiteral("%1 %2 in %3 %4 the %5 %6.")
               .arg(w.rng.pick(Openers), w.identifier(), path, w.rng.pick(Verbs), w.rng.pick(Adjectives), w.rng.pick(Nouns)));
    if (w.rng.chance(0.3))
        b.act(QString(), {{QStringLiteral("read_file"), args({{"path", path}, {"offset", QString::number(w.rng.between(1, 400))}, {"limit", QStringLiteral("80")}}),
                           w.numbered(w.code(w.rng.between(30, 80)), w.rng.between(1, 400))}});
    const int edits = w.rng.between(2, 5);
    for (int e = 0; e < edits; ++e) {
        QStringList before;
        QStringList after;
        for (int i = w.rng.between(1, 6); i > 0; --i)
            before << QStringLiteral("    ") + w.statement();
        after = before;
        for (int i = w.rng.between(1, 3); i > 0; --i)
            after[w.rng.below(int(after.size()))] = QStringLiteral("    ") + w.statement();
        if (w.rng.chance(0.4))
            after << QStringLiteral("    ") + w.statement();
        const QString target = w.rng.chance(0.7) ? path : w.path();
        b.act(w.rng.chance(0.6) ? QStringLiteral("Now %1 %2.").arg(w.rng.pick(Verbs), w.identifier()) : QString(),
              {{QStringLiteral("edit_file"),
                args({{"path", target}, {"old_string", before.join(QLatin1Char('\n'))}, {"new_string", after.join(QLatin1Char('\n'))}}),
                QStringLiteral("The file %1 has been updated (%2 lines changed).").arg(target).arg(after.size())}});
    }
    if (w.rng.chance(0.35))
        b.act(QString(), {exec(w, 4, 25)});
    b.say(w.paragraph(w.rng.between(1, 3)));
}

void commandTurn(Builder &b, bool huge)
{
    Writer &w = b.w;
    b.user(QStringLiteral("%1 %2").arg(w.rng.pick(Openers), w.paragraph(w.rng.between(1, 2))));
    const int steps = w.rng.between(1, 3);
    for (int s = 0; s < steps; ++s)
        b.act(w.rng.chance(0.5) ? w.sentence() : QString(), {w.rng.chance(0.7) ? exec(w, 5, 60) : grep(w, 5, 40)});
    if (huge)
        b.act(QStringLiteral("Let me see the whole output."), {hugeOutput(w)});
    b.say(w.prose(w.rng.between(1, 2), 2, 5));
}

} // namespace

QList<TranscriptShape> allTranscriptShapes()
{
    return {TranscriptShape::LongChat, TranscriptShape::HeavyReading, TranscriptShape::ManyEdits, TranscriptShape::HugeOutputs,
            TranscriptShape::Mixed};
}

QString transcriptShapeName(TranscriptShape shape)
{
    switch (shape) {
    case TranscriptShape::LongChat:
        return QStringLiteral("long-chat");
    case TranscriptShape::HeavyReading:
        return QStringLiteral("heavy-reading");
    case TranscriptShape::ManyEdits:
        return QStringLiteral("many-edits");
    case TranscriptShape::HugeOutputs:
        return QStringLiteral("huge-outputs");
    case TranscriptShape::Mixed:
        break;
    }
    return QStringLiteral("mixed");
}

std::optional<TranscriptShape> transcriptShapeFromName(const QString &name)
{
    for (const TranscriptShape shape : allTranscriptShapes()) {
        if (transcriptShapeName(shape) == name)
            return shape;
    }
    return std::nullopt;
}

ShapedTranscript generateShape(TranscriptShape shape, quint64 seed, int turns)
{
    Builder b(shape, seed);
    const int defaults[] = {300, 100, 120, 150, 160};
    const int count = turns > 0 ? turns : defaults[int(shape)];
    // The huge outputs come at fixed points of the session, so every seed has the same number.
    const auto hugeAt = [count](int turn, std::initializer_list<double> shares) {
        for (const double share : shares) {
            if (turn == qMax(1, int(share * count)))
                return true;
        }
        return false;
    };
    for (int t = 1; t <= count; ++t) {
        switch (shape) {
        case TranscriptShape::LongChat:
            chatTurn(b);
            break;
        case TranscriptShape::HeavyReading:
            readingTurn(b);
            break;
        case TranscriptShape::ManyEdits:
            editingTurn(b);
            break;
        case TranscriptShape::HugeOutputs:
            commandTurn(b, hugeAt(t, {0.12, 0.38, 0.63, 0.86}));
            break;
        case TranscriptShape::Mixed: {
            if (hugeAt(t, {0.3, 0.7})) {
                commandTurn(b, true);
                break;
            }
            const int kind = b.w.rng.below(10);
            if (kind < 3)
                chatTurn(b);
            else if (kind < 6)
                readingTurn(b);
            else if (kind < 9)
                editingTurn(b);
            else
                commandTurn(b, false);
            break;
        }
        }
    }
    return b.finish(shape);
}

} // namespace valis::bench
