// bench_sse: throughput of SseParser + each provider's StreamDecoder on synthetic streams shaped
// like the recorded ones (../shared/fixtures). Prints figures; asserts nothing.
#include "stats.h"

#include "anthropicdecoder.h"
#include "chatdecoder.h"
#include "responsesdecoder.h"
#include "valis/provider/sseparser.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTextStream>

#include <functional>
#include <memory>

using namespace valis;

namespace {

/// Deterministic pseudo-text: words of a small vocabulary with punctuation, quotes, newlines
/// and non-ASCII letters, so the JSON carries escapes and multi-byte UTF-8 as real answers do.
class TextSource
{
public:
    explicit TextSource(quint32 seed) : m_random(seed) {}

    /// A piece of 1..n words, as a model streams them.
    QByteArray piece(int maxWords)
    {
        static const char *const words[] = {
            "the", "file", "is", "in", "src/main.cpp", "we", "need", "to", "update", "tests", "and", "then",
            "run", "cmake", "--build", "build", "Let", "me", "check", "über", "naïve", "café", "résumé", "->",
            "`std::vector<int>`", "\"quoted\"", "path\\to\\file", "42", "3.14", "function", "return", "value",
            "error:", "warning:", "OK.", "Done!", "first,", "second;", "(see", "below)", "**bold**", "日本語"};
        const int count = 1 + int(m_random.bounded(maxWords));
        QByteArray out;
        for (int i = 0; i < count; ++i) {
            if (!out.isEmpty() || m_random.bounded(2))
                out += m_random.bounded(12) == 0 ? "\n" : " ";
            out += words[m_random.bounded(int(std::size(words)))];
        }
        return out;
    }

    quint32 bounded(quint32 n) { return m_random.bounded(n); }

private:
    QRandomGenerator m_random;
};

/// `text` as the inside of a JSON string.
QByteArray escaped(const QByteArray &text)
{
    QByteArray out;
    out.reserve(text.size() + 8);
    for (char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        default: out += c;
        }
    }
    return out;
}

/// Tool arguments split into pieces the way models stream them (a few characters each).
QList<QByteArray> argumentPieces(TextSource &text, int fields)
{
    QByteArray json = "{";
    for (int i = 0; i < fields; ++i) {
        if (i > 0)
            json += ",";
        json += "\"field" + QByteArray::number(i) + "\":\"" + escaped(text.piece(12)) + "\"";
    }
    json += "}";
    QList<QByteArray> pieces;
    for (qsizetype at = 0; at < json.size();) {
        qsizetype size = 1 + text.bounded(12);
        while (at + size < json.size() && (uchar(json.at(at + size)) & 0xC0) == 0x80)
            ++size; // never split a UTF-8 sequence: the API sends whole characters
        pieces << json.mid(at, size);
        at += size;
    }
    return pieces;
}

QByteArray anthropicStream(TextSource &text, int deltas)
{
    QByteArray s;
    const QByteArray pad(int(text.bounded(12)), ' ');
    s += "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_01979yF8iwYVZbkoQAq6KT8k\",\"type\":\"message\","
         "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-20250514\",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,"
         "\"usage\":{\"input_tokens\":4,\"cache_creation_input_tokens\":15032,\"cache_read_input_tokens\":0,\"output_tokens\":2,"
         "\"service_tier\":\"standard\"}}" + pad + "}\n\n";
    s += "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"\"}}\n\n";
    for (int i = 0; i < deltas / 4; ++i)
        s += "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"thinking_delta\",\"thinking\":\""
             + escaped(text.piece(6)) + "\"}}\n\n";
    s += "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"signature_delta\",\"signature\":\""
         + QByteArray(344, 'S') + "\"}}\n\nevent: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n";
    s += "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"text\",\"text\":\"\"}" + pad + "}\n\n"
         "event: ping\ndata: {\"type\": \"ping\"}\n\n";
    for (int i = 0; i < deltas / 2; ++i)
        s += "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"text_delta\",\"text\":\""
             + escaped(text.piece(6)) + "\"}" + QByteArray(int(text.bounded(16)), ' ') + "}\n\n";
    s += "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1" + pad + "}\n\n";
    s += "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"tool_use\","
         "\"id\":\"toolu_01UEafksUp39RHzZNEacfsTk\",\"name\":\"TodoWrite\",\"input\":{}}}\n\n";
    for (const QByteArray &piece : argumentPieces(text, deltas / 40 + 1))
        s += "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\""
             + escaped(piece) + "\"}" + QByteArray(int(text.bounded(16)), ' ') + "}\n\n";
    s += "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":2}\n\n"
         "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":174}}\n\n"
         "event: message_stop\ndata: {\"type\":\"message_stop\"" + pad + "}\n\n";
    return s;
}

QByteArray chatChunk(const QByteArray &delta, const QByteArray &finish = "null")
{
    return "data: {\"id\":\"chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63\",\"object\":\"chat.completion.chunk\",\"created\":1727346178,"
           "\"model\":\"gpt-4o-2024-08-06\",\"system_fingerprint\":\"fp_5050236cbd\",\"choices\":[{\"index\":0,\"delta\":"
           + delta + ",\"logprobs\":null,\"finish_reason\":" + finish + "}]}\n\n";
}

QByteArray chatStream(TextSource &text, int deltas)
{
    QByteArray s = chatChunk("{\"role\":\"assistant\",\"content\":null}");
    for (int i = 0; i < deltas / 4; ++i)
        s += chatChunk("{\"reasoning_content\":\"" + escaped(text.piece(6)) + "\"}");
    for (int i = 0; i < deltas / 2; ++i)
        s += chatChunk("{\"content\":\"" + escaped(text.piece(6)) + "\"}");
    // Two parallel calls, interleaved by index; ids only on the first chunk of each.
    const QList<QByteArray> first = argumentPieces(text, deltas / 80 + 1);
    const QList<QByteArray> second = argumentPieces(text, deltas / 80 + 1);
    s += chatChunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_JMW1whyEaYG438VE1OIflxA2\",\"type\":\"function\",\"function\":{\"name\":\"GetWeatherArgs\",\"arguments\":\"\"}}]}");
    s += chatChunk("{\"tool_calls\":[{\"index\":1,\"id\":\"call_DNYTawLBoN8fj3KN6qU9N1Ou\",\"type\":\"function\",\"function\":{\"name\":\"get_stock_price\",\"arguments\":\"\"}}]}");
    for (qsizetype i = 0; i < qMax(first.size(), second.size()); ++i) {
        if (i < first.size())
            s += chatChunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + escaped(first.at(i)) + "\"}}]}");
        if (i < second.size())
            s += chatChunk("{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":\"" + escaped(second.at(i)) + "\"}}]}");
    }
    s += chatChunk("{}", "\"tool_calls\"");
    s += "data: {\"id\":\"chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63\",\"object\":\"chat.completion.chunk\",\"created\":1727346178,"
         "\"model\":\"gpt-4o-2024-08-06\",\"system_fingerprint\":\"fp_5050236cbd\",\"choices\":[],\"usage\":{\"prompt_tokens\":149,"
         "\"completion_tokens\":60,\"total_tokens\":209,\"prompt_tokens_details\":{\"cached_tokens\":128}}}\n\ndata: [DONE]\n\n";
    return s;
}

QByteArray responsesStream(TextSource &text, int deltas)
{
    int sequence = 0;
    auto event = [&sequence](const char *type, const QByteArray &body) -> QByteArray {
        return "event: " + QByteArray(type) + "\ndata: {\"type\":\"" + type + "\"," + body + ",\"sequence_number\":"
               + QByteArray::number(sequence++) + "}\n\n";
    };
    const QByteArray responseHead = "\"response\":{\"id\":\"resp_0a7836d50cf181dd016a3c122cf3b881a1947fb8d49897cfca\",\"object\":\"response\","
                                    "\"created_at\":1782321708,\"status\":\"in_progress\",\"background\":false,\"error\":null,"
                                    "\"incomplete_details\":null,\"instructions\":null,\"max_output_tokens\":4000,\"model\":\"gpt-5-2025-08-07\","
                                    "\"parallel_tool_calls\":true,\"previous_response_id\":null,\"store\":false,\"temperature\":1.0,"
                                    "\"tool_choice\":\"auto\",\"top_p\":1.0,\"truncation\":\"disabled\",\"usage\":null,\"metadata\":{}";
    QByteArray s = event("response.created", responseHead + ",\"output\":[]}");
    s += event("response.in_progress", responseHead + ",\"output\":[]}");
    const QByteArray rs = "rs_0a7836d50cf181dd016a3c122e5e1881a1b60647835c2c9ab0";
    s += event("response.output_item.added", "\"output_index\":0,\"item\":{\"id\":\"" + rs + "\",\"type\":\"reasoning\",\"summary\":[]}");
    QByteArray summary;
    for (int i = 0; i < deltas / 4; ++i) {
        const QByteArray piece = escaped(text.piece(6));
        summary += piece;
        s += event("response.reasoning_summary_text.delta", "\"item_id\":\"" + rs + "\",\"output_index\":0,\"summary_index\":0,\"delta\":\""
                                                                + piece + "\",\"obfuscation\":\"kx8\"");
    }
    const QByteArray reasoningItem = "{\"id\":\"" + rs + "\",\"type\":\"reasoning\",\"encrypted_content\":\"" + QByteArray(600, 'E')
                                     + "\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"" + summary + "\"}]}";
    s += event("response.output_item.done", "\"output_index\":0,\"item\":" + reasoningItem);
    const QByteArray msg = "msg_0dd65ac660ad00e6016a3c1231c5f0819eb6adc3d7b061a6f2";
    s += event("response.output_item.added", "\"output_index\":1,\"item\":{\"id\":\"" + msg + "\",\"type\":\"message\",\"status\":\"in_progress\",\"content\":[],\"role\":\"assistant\"}");
    QByteArray answer;
    for (int i = 0; i < deltas / 2; ++i) {
        const QByteArray piece = escaped(text.piece(6));
        answer += piece;
        s += event("response.output_text.delta", "\"content_index\":0,\"delta\":\"" + piece + "\",\"item_id\":\"" + msg
                                                     + "\",\"logprobs\":[],\"obfuscation\":\"uP9kpCBEt\",\"output_index\":1");
    }
    const QByteArray messageItem = "{\"id\":\"" + msg + "\",\"type\":\"message\",\"status\":\"completed\",\"content\":[{\"type\":\"output_text\","
                                   "\"annotations\":[],\"logprobs\":[],\"text\":\"" + answer + "\"}],\"role\":\"assistant\"}";
    s += event("response.output_item.done", "\"output_index\":1,\"item\":" + messageItem);
    const QByteArray fc = "fc_0a7836d50cf181dd016a3c12307fa481a1a06adb8b03345a43";
    s += event("response.output_item.added", "\"output_index\":2,\"item\":{\"id\":\"" + fc + "\",\"type\":\"function_call\",\"status\":\"in_progress\","
                                             "\"arguments\":\"\",\"call_id\":\"call_inViAUr9eV0GDtyOywkCxp59\",\"name\":\"add\"}");
    QByteArray arguments;
    for (const QByteArray &piece : argumentPieces(text, deltas / 40 + 1)) {
        arguments += escaped(piece);
        s += event("response.function_call_arguments.delta", "\"delta\":\"" + escaped(piece) + "\",\"item_id\":\"" + fc
                                                                 + "\",\"obfuscation\":\"kx8\",\"output_index\":2");
    }
    const QByteArray callItem = "{\"id\":\"" + fc + "\",\"type\":\"function_call\",\"status\":\"completed\",\"arguments\":\"" + arguments
                                + "\",\"call_id\":\"call_inViAUr9eV0GDtyOywkCxp59\",\"name\":\"add\"}";
    s += event("response.output_item.done", "\"output_index\":2,\"item\":" + callItem);
    s += event("response.completed", responseHead + ",\"output\":[" + reasoningItem + "," + messageItem + "," + callItem
                                         + "],\"usage\":{\"input_tokens\":109,\"input_tokens_details\":{\"cached_tokens\":0},"
                                           "\"output_tokens\":223,\"output_tokens_details\":{\"reasoning_tokens\":128},\"total_tokens\":332}}");
    return s;
}

struct Format
{
    QString name;
    std::function<QByteArray(TextSource &, int)> generate;
    std::function<std::unique_ptr<StreamDecoder>(providers::FastPath)> decoder;
};

struct RunResult
{
    double seconds = 0;
    qint64 events = 0;
    qint64 failures = 0;
    QString firstFailure;
    QList<double> chunkMs;
};

RunResult runOnce(const Format &format, const QList<QByteArray> &streams, qsizetype chunkSize, bool decode,
                  providers::FastPath fastPath, bool timeChunks)
{
    RunResult result;
    QList<ProviderEvent> events;
    QElapsedTimer timer;
    timer.start();
    QElapsedTimer chunkTimer;
    for (const QByteArray &stream : streams) {
        SseParser parser;
        std::unique_ptr<StreamDecoder> decoder = format.decoder(fastPath);
        StreamDecoder::Status status = StreamDecoder::Status::Continue;
        ProviderFailure failure;
        auto handle = [&](const SseEvent &event) {
            if (!decode || status != StreamDecoder::Status::Continue)
                return;
            status = decoder->decode(event, events, &failure);
        };
        for (qsizetype at = 0; at < stream.size(); at += chunkSize) {
            if (timeChunks)
                chunkTimer.start();
            parser.feed(QByteArrayView(stream.constData() + at, qMin(chunkSize, stream.size() - at)), handle);
            result.events += events.size();
            events.clear(); // what HttpSseStream does once it has emitted them
            if (timeChunks)
                result.chunkMs << double(chunkTimer.nsecsElapsed()) / 1e6;
        }
        if (decode && status != StreamDecoder::Status::Done) {
            if (result.failures == 0)
                result.firstFailure = failure.message;
            ++result.failures;
        }
    }
    result.seconds = double(timer.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("SSE parsing and event normalisation throughput per provider format."));
    parser.addHelpOption();
    const QCommandLineOption sizeOption(QStringLiteral("size-mb"), QStringLiteral("Stream bytes per format (default 100)."),
                                        QStringLiteral("MB"), QStringLiteral("100"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per format (default 5)."),
                                        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption chunkOption(QStringLiteral("chunk"), QStringLiteral("Bytes per network read (default 16384)."),
                                         QStringLiteral("BYTES"), QStringLiteral("16384"));
    const QCommandLineOption deltasOption(QStringLiteral("deltas"), QStringLiteral("Text deltas per stream (default 800)."),
                                          QStringLiteral("N"), QStringLiteral("800"));
    const QCommandLineOption referenceOption(QStringLiteral("no-fast-path"),
                                             QStringLiteral("Read every event with QJsonDocument (the decoders' reference path)."));
    parser.addOptions({sizeOption, runsOption, chunkOption, deltasOption, referenceOption});
    parser.process(app);
    const qint64 targetBytes = parser.value(sizeOption).toLongLong() * 1024 * 1024;
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const qsizetype chunkSize = qMax(1, parser.value(chunkOption).toInt());
    const int deltas = qMax(8, parser.value(deltasOption).toInt());
    const providers::FastPath fastPath = parser.isSet(referenceOption) ? providers::FastPath::Off : providers::FastPath::On;

    const QList<Format> formats{
        {QStringLiteral("anthropic"), anthropicStream,
         [](providers::FastPath path) { return std::make_unique<providers::anthropic::AnthropicDecoder>(path); }},
        {QStringLiteral("openai-chat"), chatStream,
         [](providers::FastPath path) { return std::make_unique<providers::openaichat::ChatDecoder>(path); }},
        {QStringLiteral("openai-responses"), responsesStream,
         [](providers::FastPath path) { return std::make_unique<providers::openairesponses::ResponsesDecoder>(path); }},
    };

    QTextStream out(stdout);
    out << "chunks of " << chunkSize << " bytes, " << runs << " runs, median; ~" << deltas << " deltas per stream"
        << (fastPath == providers::FastPath::Off ? "; reference path (QJsonDocument only)\n" : "\n");
    for (const Format &format : formats) {
        TextSource text(0x5eed);
        QList<QByteArray> streams;
        qint64 bytes = 0;
        while (bytes < targetBytes) {
            streams << format.generate(text, deltas);
            bytes += streams.last().size();
        }
        QList<double> parseOnly;
        QList<double> full;
        RunResult last;
        for (int run = 0; run < runs; ++run) {
            parseOnly << runOnce(format, streams, chunkSize, false, fastPath, false).seconds;
            last = runOnce(format, streams, chunkSize, true, fastPath, run == runs - 1);
            full << last.seconds;
        }
        const double mb = double(bytes) / (1024 * 1024);
        const double parseSeconds = LatencySummary::of(parseOnly).p50;
        const double fullSeconds = LatencySummary::of(full).p50;
        out << format.name << ": " << QString::number(mb, 'f', 1) << " MB in " << streams.size() << " streams, "
            << last.events << " events\n"
            << "  SseParser alone:     " << QString::number(mb / parseSeconds, 'f', 1) << " MB/s\n"
            << "  parser + decoder:    " << QString::number(mb / fullSeconds, 'f', 1) << " MB/s, "
            << QString::number(double(last.events) / fullSeconds / 1e6, 'f', 2) << " M events/s\n"
            << "  per " << chunkSize << "-byte chunk: " << LatencySummary::of(last.chunkMs).toString() << '\n';
        if (last.failures > 0)
            out << "  " << last.failures << " streams did not end Done (the generator is wrong): " << last.firstFailure << '\n';
        out.flush();
    }
    return 0;
}
