#include "valis/tokens/tokencounter.h"

#include "valis/store/sessionstore.h"
#include "valis/tokens/bpeencoding.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QSize>

#include <cmath>

namespace valis {

namespace {

// How a request frames what it sends, in tokens, beside the text itself: chat formats wrap each
// message in role markers and each tool call and result in a small JSON or XML frame. Exact
// counters use the OpenAI chat framing (3 tokens per message and the reply's priming, about 8 per
// tool call); the estimate takes its figures from its calibration.
struct Framing
{
    qint64 perMessage = 4;
    qint64 perPart = 1;
    qint64 perToolCall = 8;
    qint64 perToolResult = 6;
    qint64 perTool = 12;
    qint64 toolUsePrompt = 0;
    qint64 image = 1600; ///< an image whose size is not known
};

/// Width and height from the header of a PNG, JPEG, GIF or WebP image; {0, 0} when unknown.
QSize imageSize(const QByteArray &data)
{
    const auto byte = [&data](qsizetype i) { return i < data.size() ? uchar(data.at(i)) : uchar(0); };
    const auto be16 = [&](qsizetype i) { return int(byte(i)) << 8 | byte(i + 1); };
    const auto le16 = [&](qsizetype i) { return int(byte(i + 1)) << 8 | byte(i); };
    if (data.startsWith("\x89PNG\r\n\x1a\n") && data.size() >= 24)
        return QSize(be16(16) << 16 | be16(18), be16(20) << 16 | be16(22));
    if (data.startsWith("GIF8") && data.size() >= 10)
        return QSize(le16(6), le16(8));
    if (data.startsWith("RIFF") && data.mid(8, 4) == "WEBP") {
        if (data.mid(12, 4) == "VP8X")
            return QSize(1 + (byte(24) | byte(25) << 8 | byte(26) << 16), 1 + (byte(27) | byte(28) << 8 | byte(29) << 16));
        if (data.mid(12, 4) == "VP8 ")
            return QSize(le16(26) & 0x3FFF, le16(28) & 0x3FFF);
        if (data.mid(12, 4) == "VP8L") {
            const quint32 bits = byte(21) | byte(22) << 8 | byte(23) << 16 | quint32(byte(24)) << 24;
            return QSize(int(bits & 0x3FFF) + 1, int((bits >> 14) & 0x3FFF) + 1);
        }
    }
    if (byte(0) == 0xFF && byte(1) == 0xD8) {
        // The first start-of-frame marker holds the size.
        for (qsizetype i = 2; i + 9 < data.size();) {
            if (byte(i) != 0xFF) {
                ++i;
                continue;
            }
            const uchar marker = byte(i + 1);
            if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
                return QSize(be16(i + 7), be16(i + 5));
            i += 2 + be16(i + 2);
        }
    }
    return {};
}

/// What an image costs: Anthropic's width x height / 750 after scaling the long edge to 1568,
/// or OpenAI's 85 + 170 per 512-pixel tile after scaling to 2048 and then the short edge to 768.
qint64 imageTokens(const QSize &size, bool openAi, qint64 unknown)
{
    if (size.width() <= 0 || size.height() <= 0)
        return unknown;
    double w = size.width();
    double h = size.height();
    if (openAi) {
        const double fit = std::min(1.0, 2048.0 / std::max(w, h));
        w *= fit;
        h *= fit;
        const double shortEdge = std::min(1.0, 768.0 / std::min(w, h));
        w *= shortEdge;
        h *= shortEdge;
        return 85 + 170 * qint64(std::ceil(w / 512.0) * std::ceil(h / 512.0));
    }
    const double fit = std::min(1.0, 1568.0 / std::max(w, h));
    return std::max<qint64>(1, qint64(std::ceil(w * fit * h * fit / 750.0)));
}

/// How much of `text` looks like code or data rather than prose (punctuation and brackets per
/// character), for choosing the estimate's ratio.
double codeShare(QStringView text)
{
    if (text.isEmpty())
        return 0;
    qsizetype symbols = 0;
    const qsizetype sample = qMin<qsizetype>(text.size(), 4096);
    for (qsizetype i = 0; i < sample; ++i) {
        const char16_t c = text.at(i).unicode();
        if (c == u'{' || c == u'}' || c == u'(' || c == u')' || c == u'[' || c == u']' || c == u';' || c == u'"'
            || c == u'=' || c == u'<' || c == u'>' || c == u'_' || c == u'/' || c == u'\\' || c == u':')
            ++symbols;
    }
    // Prose has about 1 such symbol per 60 characters, code and JSON 1 per 6 to 10.
    return qBound(0.0, (double(symbols) / double(sample) - 0.016) / 0.1, 1.0);
}

quint64 mix(quint64 a, quint64 b)
{
    a ^= b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2);
    return a;
}

quint64 partHash(const Part &part)
{
    quint64 h = quint64(part.kind) + 1;
    h = mix(h, qHash(part.text, 7));
    h = mix(h, quint64(part.text.size()));
    switch (part.kind) {
    case PartKind::Thinking:
        h = mix(h, qHash(part.redactedData, 11));
        break;
    case PartKind::ToolCall:
        h = mix(h, qHash(part.toolName, 13));
        h = mix(h, qHash(part.argumentsJson(), 17));
        break;
    case PartKind::ToolResult:
        h = mix(h, quint64(part.isError));
        for (const Part &inner : part.content)
            h = mix(h, partHash(inner));
        break;
    default:
        break;
    }
    return h;
}

/// The depth-first index of each top-level part, as the store numbers parts.
QList<int> flattenedIndexes(const QList<Part> &parts)
{
    QList<int> indexes;
    int next = 0;
    std::function<void(const Part &)> walk = [&](const Part &part) {
        ++next;
        for (const Part &inner : part.content)
            walk(inner);
    };
    for (const Part &part : parts) {
        indexes.append(next);
        walk(part);
    }
    return indexes;
}

} // namespace

class TokenCounter::Private
{
public:
    qint64 countText(QStringView text) const
    {
        if (text.isEmpty())
            return 0;
        if (encoding && exact)
            return encoding->count(text.toString());
        if (encoding) {
            const double share = codeShare(text);
            const double ratio = calibration.proseRatio + (calibration.codeRatio - calibration.proseRatio) * share;
            return qint64(double(encoding->count(text.toString())) * ratio + 0.5);
        }
        return (text.toUtf8().size() + 3) / 4;
    }

    qint64 countPartUncached(const Part &part) const
    {
        switch (part.kind) {
        case PartKind::Text:
            return framing.perPart + countText(part.text);
        case PartKind::Thinking:
            return framing.perPart + countText(part.text) + (part.redactedData.size() + 3) / 4;
        case PartKind::ToolCall:
            return framing.perToolCall + countText(part.toolName) + countText(part.argumentsJson());
        case PartKind::ToolResult: {
            qint64 tokens = framing.perToolResult;
            for (const Part &inner : part.content)
                tokens += countPartUncached(inner);
            return tokens;
        }
        case PartKind::Image:
            return imageTokens(imageSize(part.image.data), exact, framing.image);
        }
        return 0;
    }

    qint64 countPartCached(const Part &part)
    {
        const quint64 key = partHash(part);
        {
            QMutexLocker lock(&mutex);
            const auto it = byContent.constFind(key);
            if (it != byContent.cend())
                return it.value();
        }
        const qint64 tokens = countPartUncached(part);
        QMutexLocker lock(&mutex);
        // Replacements are small and repeat every build; a bound keeps a long session's cache
        // from growing without end.
        if (byContent.size() > 200000)
            byContent.clear();
        byContent.insert(key, tokens);
        return tokens;
    }

    QString family;
    bool exact = false;
    EstimateCalibration calibration;
    std::shared_ptr<const BpeEncoding> encoding;
    Framing framing;
    mutable QMutex mutex;
    QHash<quint64, qint64> byContent;
    /// Stored messages by id: the tokens of each top-level part.
    QHash<QString, QList<qint64>> stored;
    QList<PartTokenCount> fresh;
};

TokenCounter::TokenCounter(std::unique_ptr<Private> d) : d(std::move(d)) {}
TokenCounter::~TokenCounter() = default;

std::shared_ptr<TokenCounter> TokenCounter::forModel(const ModelInfo &model, Error *warning)
{
    if (model.tokenizer == QLatin1String("o200k_base") || model.tokenizer == QLatin1String("cl100k_base")) {
        Result<std::shared_ptr<TokenCounter>> exact = forEncoding(model.tokenizer);
        if (exact.ok())
            return exact.value();
        if (warning)
            *warning = exact.error();
    }
    return estimate();
}

Result<std::shared_ptr<TokenCounter>> TokenCounter::forEncoding(const QString &encoding)
{
    Result<std::shared_ptr<const BpeEncoding>> loaded = BpeEncoding::load(encoding);
    if (loaded.hasError())
        return loaded.error();
    auto d = std::make_unique<Private>();
    d->family = encoding;
    d->exact = true;
    d->encoding = loaded.value();
    return std::shared_ptr<TokenCounter>(new TokenCounter(std::move(d)));
}

std::shared_ptr<TokenCounter> TokenCounter::estimate(const EstimateCalibration &calibration)
{
    auto d = std::make_unique<Private>();
    d->calibration = calibration;
    d->framing.perMessage = calibration.perMessage;
    d->framing.perToolCall = calibration.perToolCall;
    d->framing.perToolResult = calibration.perToolResult;
    d->framing.perTool = calibration.perTool;
    d->framing.toolUsePrompt = calibration.toolUsePrompt;
    // The estimate scales o200k_base counts; without its data it falls back to bytes.
    Result<std::shared_ptr<const BpeEncoding>> loaded = BpeEncoding::load(QStringLiteral("o200k_base"));
    d->family = loaded.ok() ? QStringLiteral("estimate-v1") : QStringLiteral("estimate-bytes");
    if (loaded.ok())
        d->encoding = loaded.value();
    return std::shared_ptr<TokenCounter>(new TokenCounter(std::move(d)));
}

QString TokenCounter::family() const
{
    return d->family;
}

bool TokenCounter::isExact() const
{
    return d->exact;
}

qint64 TokenCounter::countText(const QString &text) const
{
    return d->countText(text);
}

qint64 TokenCounter::countPart(const Part &part) const
{
    return d->countPartCached(part);
}

qint64 TokenCounter::countMessage(const Message &message) const
{
    qint64 tokens = d->framing.perMessage;
    for (const Part &part : message.parts)
        tokens += d->countPartCached(part);
    return tokens;
}

qint64 TokenCounter::countStoredMessage(const Message &message) const
{
    if (message.id.isEmpty())
        return countMessage(message);
    {
        QMutexLocker lock(&d->mutex);
        const auto it = d->stored.constFind(message.id);
        if (it != d->stored.cend() && it->size() == message.parts.size()) {
            qint64 tokens = d->framing.perMessage;
            for (qint64 part : *it)
                tokens += part;
            return tokens;
        }
    }
    QList<qint64> parts;
    parts.reserve(message.parts.size());
    qint64 tokens = d->framing.perMessage;
    for (const Part &part : message.parts) {
        parts.append(d->countPartUncached(part));
        tokens += parts.constLast();
    }
    QMutexLocker lock(&d->mutex);
    d->stored.insert(message.id, parts);
    if (message.seq >= 0) {
        const QList<int> indexes = flattenedIndexes(message.parts);
        for (int i = 0; i < parts.size(); ++i)
            d->fresh.append({message.seq, indexes.at(i), int(qMin<qint64>(parts.at(i), std::numeric_limits<int>::max()))});
    }
    return tokens;
}

qint64 TokenCounter::countSystemPrompt(const Message &system) const
{
    return system.parts.isEmpty() ? 0 : countMessage(system);
}

qint64 TokenCounter::countToolDefinitions(const QJsonArray &tools) const
{
    // Asked before every request with the same definitions: cached by content like a part.
    qint64 tokens = tools.isEmpty() ? 0 : d->framing.toolUsePrompt;
    for (const QJsonValue &tool : tools)
        tokens += d->framing.perTool - d->framing.perPart
                  + d->countPartCached(Part::makeText(QString::fromUtf8(QJsonDocument(tool.toObject()).toJson(QJsonDocument::Compact))));
    return tokens;
}

void TokenCounter::preload(const QList<Message> &record, const QList<PartTokenCount> &counts)
{
    QHash<qint64, QHash<int, int>> bySeq;
    for (const PartTokenCount &count : counts)
        bySeq[count.seq].insert(count.partIndex, count.tokens);
    QMutexLocker lock(&d->mutex);
    for (const Message &message : record) {
        const auto it = bySeq.constFind(message.seq);
        if (it == bySeq.cend() || message.id.isEmpty())
            continue;
        const QList<int> indexes = flattenedIndexes(message.parts);
        QList<qint64> parts;
        for (int index : indexes) {
            const auto count = it->constFind(index);
            if (count == it->cend())
                break;
            parts.append(count.value());
        }
        if (parts.size() == message.parts.size())
            d->stored.insert(message.id, parts);
    }
}

QList<PartTokenCount> TokenCounter::takeNewCounts()
{
    QMutexLocker lock(&d->mutex);
    QList<PartTokenCount> fresh;
    fresh.swap(d->fresh);
    return fresh;
}

} // namespace valis
