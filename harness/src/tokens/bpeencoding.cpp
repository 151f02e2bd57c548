#include "valis/tokens/bpeencoding.h"

#include "tokens/pretokenizer.h"
#include "tokens/ranktable.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QMutex>

#include <atomic>
#include <cstring>
#include <queue>
#include <string>
#include <string_view>
#include <unordered_map>

namespace valis {

using tokens::PreTokenizer;
using tokens::RankTable;

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::BpeEncoding)
};

constexpr quint32 NoRank = std::numeric_limits<quint32>::max();
// Pieces up to this many bytes are merged with tiktoken's own quadratic loop; longer ones (a
// long run of symbols, a line of indentation) with a heap, which gives the same tokens.
constexpr qsizetype QuadraticMergeLimit = 128;
// Pieces that are not one token are remembered per thread, up to this many of them.
constexpr size_t PieceCacheLimit = 1 << 16;

struct EncodingSpec
{
    const char *name;
    PreTokenizer::Pattern pattern;
    QList<QPair<const char *, quint32>> specials;
};

const QList<EncodingSpec> &specs()
{
    // Special tokens as tiktoken defines them (the npm package tiktoken's encoders/*.json;
    // a test checks these against it).
    static const QList<EncodingSpec> list{
        {"o200k_base", PreTokenizer::Pattern::O200k, {{"<|endoftext|>", 199999}, {"<|endofprompt|>", 200018}}},
        {"cl100k_base", PreTokenizer::Pattern::Cl100k,
         {{"<|endoftext|>", 100257}, {"<|fim_prefix|>", 100258}, {"<|fim_middle|>", 100259}, {"<|fim_suffix|>", 100260},
          {"<|endofprompt|>", 100276}}},
    };
    return list;
}

const EncodingSpec *specFor(const QString &name)
{
    for (const EncodingSpec &spec : specs()) {
        if (name == QLatin1String(spec.name))
            return &spec;
    }
    return nullptr;
}

struct PieceHash
{
    using is_transparent = void;
    size_t operator()(std::string_view piece) const
    {
        return size_t(RankTable::hash(reinterpret_cast<const uchar *>(piece.data()), qsizetype(piece.size())));
    }
};

using PieceCache = std::unordered_map<std::string, std::vector<quint32>, PieceHash, std::equal_to<>>;

std::atomic<quint64> nextSerial{1};

} // namespace

class BpeEncoding::Private
{
public:
    Private(QString encodingName, PreTokenizer::Pattern pattern, RankTable table)
        : name(std::move(encodingName)), ranks(std::move(table)), splitter(pattern), serial(nextSerial.fetch_add(1))
    {
    }

    qint64 pairRank(const uchar *piece, qint32 from, qint32 to) const
    {
        return ranks.rank(piece + from, to - from);
    }

    /// tiktoken's byte-pair merge: repeatedly join the adjacent pair whose joined bytes have the
    /// lowest rank (the leftmost of equals), until no pair is a token.
    void mergeQuadratic(const uchar *piece, qsizetype length, std::vector<quint32> &out) const
    {
        struct Boundary
        {
            qint32 start;
            quint32 rank;
        };
        Boundary parts[QuadraticMergeLimit + 1];
        qsizetype count = length + 1;
        for (qsizetype i = 0; i < count; ++i)
            parts[i] = {qint32(i), NoRank};
        for (qsizetype i = 0; i + 2 < count; ++i) {
            const qint64 r = pairRank(piece, parts[i].start, parts[i + 2].start);
            parts[i].rank = r < 0 ? NoRank : quint32(r);
        }
        const auto rankAfterMerge = [&](qsizetype i) -> quint32 {
            // The rank of parts i..i+3 once i+1 is gone.
            if (i + 3 < count) {
                const qint64 r = pairRank(piece, parts[i].start, parts[i + 3].start);
                return r < 0 ? NoRank : quint32(r);
            }
            return NoRank;
        };
        while (count > 1) {
            quint32 best = NoRank;
            qsizetype at = -1;
            for (qsizetype i = 0; i + 1 < count; ++i) {
                if (parts[i].rank < best) {
                    best = parts[i].rank;
                    at = i;
                }
            }
            if (best == NoRank)
                break;
            parts[at].rank = rankAfterMerge(at);
            if (at > 0) {
                const qint64 r = at + 2 < count ? pairRank(piece, parts[at - 1].start, parts[at + 2].start) : -1;
                parts[at - 1].rank = r < 0 ? NoRank : quint32(r);
            }
            std::memmove(parts + at + 1, parts + at + 2, size_t(count - at - 2) * sizeof(Boundary));
            --count;
        }
        for (qsizetype i = 0; i + 1 < count; ++i)
            out.push_back(quint32(pairRank(piece, parts[i].start, parts[i + 1].start)));
    }

    /// The same merge for long pieces, in O(n log n): a heap of pair ranks over a linked list.
    void mergeWithHeap(const uchar *piece, qsizetype length, std::vector<quint32> &out) const
    {
        struct Node
        {
            qint32 start;
            qint32 previous;
            qint32 next; ///< index of the next boundary; length + 1 past the end
            quint32 rank; ///< of the pair this node starts
        };
        std::vector<Node> nodes(size_t(length) + 1);
        for (qint32 i = 0; i <= qint32(length); ++i)
            nodes[size_t(i)] = {i, i - 1, i + 1, NoRank};
        using Entry = std::pair<quint32, qint32>; // rank, start
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
        const auto rankOf = [&](qint32 i) -> quint32 {
            const qint32 second = nodes[size_t(i)].next;
            if (second > qint32(length))
                return NoRank;
            const qint32 third = nodes[size_t(second)].next;
            if (third > qint32(length))
                return NoRank;
            const qint64 r = pairRank(piece, nodes[size_t(i)].start, nodes[size_t(third)].start);
            return r < 0 ? NoRank : quint32(r);
        };
        for (qint32 i = 0; i < qint32(length); ++i) {
            nodes[size_t(i)].rank = rankOf(i);
            if (nodes[size_t(i)].rank != NoRank)
                heap.push({nodes[size_t(i)].rank, i});
        }
        std::vector<bool> removed(size_t(length) + 1, false);
        while (!heap.empty()) {
            const auto [rank, i] = heap.top();
            heap.pop();
            if (removed[size_t(i)] || nodes[size_t(i)].rank != rank)
                continue; // stale
            // Join i with its next part: the next boundary goes.
            const qint32 gone = nodes[size_t(i)].next;
            removed[size_t(gone)] = true;
            nodes[size_t(i)].next = nodes[size_t(gone)].next;
            if (nodes[size_t(i)].next <= qint32(length))
                nodes[size_t(nodes[size_t(i)].next)].previous = i;
            nodes[size_t(i)].rank = rankOf(i);
            if (nodes[size_t(i)].rank != NoRank)
                heap.push({nodes[size_t(i)].rank, i});
            const qint32 previous = nodes[size_t(i)].previous;
            if (previous >= 0) {
                nodes[size_t(previous)].rank = rankOf(previous);
                if (nodes[size_t(previous)].rank != NoRank)
                    heap.push({nodes[size_t(previous)].rank, previous});
            }
        }
        for (qint32 i = 0; i < qint32(length);) {
            const qint32 next = nodes[size_t(i)].next;
            out.push_back(quint32(pairRank(piece, i, next)));
            i = next;
        }
    }

    /// Appends the tokens of one piece, from the table, the thread's cache, or a merge.
    template <typename Sink>
    void piece(const uchar *bytes, qsizetype length, PieceCache &cache, Sink &&sink) const
    {
        const qint64 whole = ranks.rank(bytes, length);
        if (whole >= 0) {
            sink(quint32(whole), 1);
            return;
        }
        const std::string_view key(reinterpret_cast<const char *>(bytes), size_t(length));
        const auto found = cache.find(key);
        if (found != cache.end()) {
            for (quint32 id : found->second)
                sink(id, 1);
            return;
        }
        std::vector<quint32> ids;
        if (length <= QuadraticMergeLimit)
            mergeQuadratic(bytes, length, ids);
        else
            mergeWithHeap(bytes, length, ids);
        for (quint32 id : ids)
            sink(id, 1);
        if (cache.size() >= PieceCacheLimit)
            cache.clear();
        cache.emplace(std::string(key), std::move(ids));
    }

    template <typename Sink>
    void run(QByteArrayView utf8, Sink &&sink) const
    {
        // Each thread keeps its own cache per encoding: no locks on the hot path.
        thread_local std::unordered_map<quint64, PieceCache> caches;
        PieceCache &cache = caches[serial];
        const auto *text = reinterpret_cast<const uchar *>(utf8.data());
        const qsizetype end = utf8.size();
        for (qsizetype position = 0; position < end;) {
            const qsizetype next = splitter.next(text, position, end);
            piece(text + position, next - position, cache, sink);
            position = next;
        }
    }

    QString name;
    RankTable ranks;
    PreTokenizer splitter;
    QHash<QString, quint32> specials;
    quint64 serial;
};

BpeEncoding::BpeEncoding(std::unique_ptr<Private> d) : d(std::move(d)) {}
BpeEncoding::~BpeEncoding() = default;

QStringList BpeEncoding::names()
{
    QStringList list;
    for (const EncodingSpec &spec : specs())
        list.append(QLatin1String(spec.name));
    return list;
}

Result<std::shared_ptr<const BpeEncoding>> BpeEncoding::fromRankFile(const QString &name, const QByteArray &rankFile)
{
    const EncodingSpec *spec = specFor(name);
    if (!spec)
        return Error(QStringLiteral("tokens.unknown-encoding"),
                     Text::tr("there is no encoding \"%1\" (known: %2)").arg(name, names().join(QStringLiteral(", "))));
    Result<RankTable> table = RankTable::parse(rankFile);
    if (table.hasError())
        return table.error();
    auto d = std::make_unique<Private>(name, spec->pattern, std::move(table).value());
    for (const auto &[text, id] : spec->specials)
        d->specials.insert(QLatin1String(text), id);
    return std::shared_ptr<const BpeEncoding>(new BpeEncoding(std::move(d)));
}

Result<std::shared_ptr<const BpeEncoding>> BpeEncoding::load(const QString &name)
{
    static QMutex mutex;
    static QHash<QString, std::shared_ptr<const BpeEncoding>> loaded;
    QMutexLocker lock(&mutex);
    if (const auto it = loaded.constFind(name); it != loaded.cend())
        return it.value();
    if (!specFor(name))
        return Error(QStringLiteral("tokens.unknown-encoding"),
                     Text::tr("there is no encoding \"%1\" (known: %2)").arg(name, names().join(QStringLiteral(", "))));
    QFile file(QStringLiteral(":/valis/tokenizers/%1.tiktoken").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("tokens.data-missing"),
                     Text::tr("this build has no data for the %1 tokenizer; build Valis after `scripts/dev.sh setup` "
                              "(npm ci) has installed it")
                         .arg(name));
    // The resource is stored uncompressed: mapping it costs nothing.
    const uchar *mapped = file.map(0, file.size());
    const QByteArray data = mapped ? QByteArray::fromRawData(reinterpret_cast<const char *>(mapped), file.size()) : file.readAll();
    Result<std::shared_ptr<const BpeEncoding>> encoding = fromRankFile(name, data);
    if (encoding.ok())
        loaded.insert(name, encoding.value());
    return encoding;
}

QString BpeEncoding::name() const
{
    return d->name;
}

std::vector<quint32> BpeEncoding::encode(QByteArrayView utf8) const
{
    std::vector<quint32> ids;
    ids.reserve(size_t(utf8.size() / 4 + 1));
    d->run(utf8, [&ids](quint32 id, int) { ids.push_back(id); });
    return ids;
}

std::vector<quint32> BpeEncoding::encode(const QString &text) const
{
    return encode(QByteArrayView(text.toUtf8()));
}

qint64 BpeEncoding::count(QByteArrayView utf8) const
{
    qint64 total = 0;
    d->run(utf8, [&total](quint32, int n) { total += n; });
    return total;
}

qint64 BpeEncoding::count(const QString &text) const
{
    return count(QByteArrayView(text.toUtf8()));
}

QByteArray BpeEncoding::decode(const std::vector<quint32> &ids) const
{
    QByteArray bytes;
    for (quint32 id : ids) {
        const QByteArrayView token = d->ranks.token(id);
        if (!token.isEmpty()) {
            bytes.append(token);
            continue;
        }
        for (auto it = d->specials.cbegin(); it != d->specials.cend(); ++it) {
            if (it.value() == id)
                bytes.append(it.key().toUtf8());
        }
    }
    return bytes;
}

std::optional<quint32> BpeEncoding::specialToken(const QString &text) const
{
    const auto it = d->specials.constFind(text);
    if (it == d->specials.cend())
        return std::nullopt;
    return it.value();
}

int BpeEncoding::vocabularySize() const
{
    int size = d->ranks.size();
    for (quint32 id : d->specials)
        size = qMax(size, int(id) + 1);
    return size;
}

} // namespace valis
