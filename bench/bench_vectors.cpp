// The vector index at scale: N unit vectors of dimension D (default 100,000 x 768) in a SQLite
// VectorStore, the hnswlib index built from them (the rebuild a missing or stale file costs, in
// parallel), saved and loaded again, then k-nearest searches (p50/p95 for k = 10 and 50) and
// their recall@10 and recall@50 against an exact scan of a sample of the queries. Prints
// figures; asserts nothing.
//
// Two kinds of data (--data, default "clustered"; "both" runs one after the other):
//   clustered  shaped like embeddings: a mixture of --clusters Gaussian clusters around random
//              unit centres, each with its own spread, points normalised; a query is a random
//              stored point moved by noise of its cluster's spread (a question near what was
//              stored). Neighbours within a cluster have cosine ~0.6-0.8, across clusters ~0.
//   uniform    uniformly random directions, for queries and points: the worst case for any
//              graph index (every point is about equally far from every other), not what
//              embeddings look like.
//
//     bench_vectors [--count N] [--dimension D] [--queries Q] [--exact E] [--clusters C]
//                   [--spread S] [--data clustered|uniform|both]
#include "stats.h"

#include "valis/memory/vectorindex.h"
#include "valis/memory/vectorstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSet>
#include <QThread>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

using namespace valis;

namespace {

void print(const QString &line)
{
    std::printf("%s\n", qPrintable(line));
    std::fflush(stdout);
}

void normalize(QVector<float> &vector)
{
    double sum = 0;
    for (const float value : vector)
        sum += double(value) * value;
    const double length = std::sqrt(sum);
    if (length > 0) {
        for (float &value : vector)
            value = float(value / length);
    }
}

/// Makes the stored points and the queries of one kind of data.
class DataSet
{
public:
    DataSet(bool clustered, int dimension, int clusters, double spread, quint32 seed)
        : m_clustered(clustered), m_dimension(dimension), m_random(seed)
    {
        if (!clustered)
            return;
        std::uniform_real_distribution<double> factor(0.5, 1.5);
        for (int c = 0; c < clusters; ++c) {
            m_centres.append(direction());
            // ||noise||^2 ~ D * sigma^2 = spread * factor^2: with spread 0.5, members at cosine
            // ~0.6-0.8 of each other; larger spreads make clusters overlap (harder).
            m_sigmas.append(float(factor(m_random) * std::sqrt(spread / dimension)));
        }
    }

    /// The next stored point (its cluster is remembered for queries near it).
    QVector<float> point()
    {
        if (!m_clustered)
            return direction();
        const int cluster = int(std::uniform_int_distribution<qsizetype>(0, m_centres.size() - 1)(m_random));
        m_clusterOf.append(cluster);
        return around(m_centres.at(cluster), m_sigmas.at(cluster));
    }

    /// A query: near stored point `near` (clustered), or any direction (uniform).
    QVector<float> query(const QList<QVector<float>> &points)
    {
        if (!m_clustered)
            return direction();
        const qsizetype near = std::uniform_int_distribution<qsizetype>(0, points.size() - 1)(m_random);
        return around(points.at(near), m_sigmas.at(m_clusterOf.at(near)));
    }

private:
    QVector<float> direction()
    {
        std::normal_distribution<float> gauss(0.0f, 1.0f);
        QVector<float> vector(m_dimension);
        for (float &value : vector)
            value = gauss(m_random);
        normalize(vector);
        return vector;
    }

    QVector<float> around(const QVector<float> &centre, float sigma)
    {
        std::normal_distribution<float> gauss(0.0f, sigma);
        QVector<float> vector = centre;
        for (float &value : vector)
            value += gauss(m_random);
        normalize(vector);
        return vector;
    }

    bool m_clustered;
    int m_dimension;
    std::mt19937 m_random;
    QList<QVector<float>> m_centres;
    QList<float> m_sigmas;
    QList<int> m_clusterOf;
};

/// The labels (1-based insertion order) of the `k` stored points nearest to `query`.
QSet<qint64> exactTop(const QList<QVector<float>> &points, const QVector<float> &query, int k)
{
    QList<QPair<float, qint64>> scored;
    scored.reserve(points.size());
    for (qsizetype i = 0; i < points.size(); ++i) {
        const float *a = points.at(i).constData();
        const float *b = query.constData();
        float dot = 0;
        for (qsizetype j = 0; j < query.size(); ++j)
            dot += a[j] * b[j];
        scored.append({dot, qint64(i + 1)});
    }
    std::partial_sort(scored.begin(), scored.begin() + k, scored.end(), [](auto x, auto y) { return x.first > y.first; });
    QSet<qint64> top;
    for (int i = 0; i < k; ++i)
        top.insert(scored.at(i).second);
    return top;
}

struct Options
{
    int count = 0;
    int dimension = 0;
    int queries = 0;
    int exact = 0;
    int clusters = 0;
    double spread = 0.5;
};

int runOne(const Options &options, bool clustered)
{
    print(QStringLiteral("== %1 data ==").arg(clustered ? QStringLiteral("clustered (%1 clusters, spread %2)")
                                                                 .arg(options.clusters).arg(options.spread)
                                                       : QStringLiteral("uniform")));
    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("memory-vectors.db"));
    Result<std::unique_ptr<VectorStore>> store = VectorStore::openSqlite(path);
    if (store.hasError()) {
        print(store.error().toString());
        return 1;
    }
    const QString space = QStringLiteral("bench-model");
    DataSet data(clustered, options.dimension, options.clusters, options.spread, 19);
    QList<QVector<float>> all;
    all.reserve(options.count);
    QElapsedTimer timer;
    timer.start();
    for (int start = 0; start < options.count; start += 5000) {
        QList<VectorItem> items;
        QHash<QString, QVector<float>> vectors;
        for (int i = start; i < qMin(options.count, start + 5000); ++i) {
            VectorItem item;
            item.kind = RecallSourceKind::Memory;
            item.source = QStringLiteral("m-%1").arg(i);
            item.hash = QStringLiteral("h%1").arg(i);
            item.agentId = QStringLiteral("default");
            item.createdAt = QDateTime::currentDateTimeUtc();
            QVector<float> vector = data.point();
            vectors.insert(item.hash, vector);
            all.append(vector);
            items.append(item);
        }
        Result<QList<VectorItem>> stored = (*store)->putItems(space, options.dimension, items, vectors);
        if (stored.hasError()) {
            print(stored.error().toString());
            return 1;
        }
    }
    print(QStringLiteral("vectors: %1 x %2, stored in %3 s (%4 MB)")
              .arg(options.count).arg(options.dimension).arg(timer.elapsed() / 1000.0, 0, 'f', 1)
              .arg(QFileInfo(path).size() / 1e6, 0, 'f', 0));

    const QString indexPath = VectorIndex::pathFor(path, RecallSourceKind::Memory, space);
    timer.restart();
    Result<std::shared_ptr<VectorIndex>> index =
        VectorIndex::open(indexPath, **store, RecallSourceKind::Memory, space, options.dimension);
    if (index.hasError()) {
        print(index.error().toString());
        return 1;
    }
    print(QStringLiteral("rebuild from the store (%1 threads): %2 s")
              .arg(QThread::idealThreadCount()).arg(timer.elapsed() / 1000.0, 0, 'f', 1));
    timer.restart();
    const Result<void> saved = (*index)->save();
    print(QStringLiteral("save: %1 s (%2 MB)%3").arg(timer.elapsed() / 1000.0, 0, 'f', 2)
              .arg(QFileInfo(indexPath).size() / 1e6, 0, 'f', 0).arg(saved.ok() ? QString() : QStringLiteral(" FAILED")));
    index->reset();
    timer.restart();
    index = VectorIndex::open(indexPath, **store, RecallSourceKind::Memory, space, options.dimension);
    if (index.hasError()) {
        print(index.error().toString());
        return 1;
    }
    print(QStringLiteral("load from file: %1 s").arg(timer.elapsed() / 1000.0, 0, 'f', 2));

    // The default search (explore 0), then wider ones for recall@10: what recall costs.
    const QList<QPair<int, int>> runs = {{10, 0}, {50, 0}, {10, 256}, {10, 512}};
    for (const auto &[k, explore] : runs) {
        QList<double> latencies;
        double recall = 0;
        int checked = 0;
        for (int q = 0; q < options.queries; ++q) {
            const QVector<float> query = data.query(all);
            QElapsedTimer one;
            one.start();
            const QList<QPair<qint64, float>> hits = (*index)->search(query, k, explore);
            latencies.append(double(one.nsecsElapsed()) / 1e6);
            if (q >= options.exact)
                continue;
            const QSet<qint64> truth = exactTop(all, query, k);
            int found = 0;
            for (const auto &hit : hits)
                found += truth.contains(hit.first) ? 1 : 0;
            recall += double(found) / k;
            ++checked;
        }
        std::sort(latencies.begin(), latencies.end());
        const double p95 = latencies.isEmpty() ? 0
                           : latencies.at(qMin(latencies.size() - 1, qsizetype(0.95 * double(latencies.size() - 1) + 0.5)));
        const LatencySummary summary = LatencySummary::of(latencies);
        print(QStringLiteral("search k=%1%8 over %2 queries: p50 %3 ms, p95 %4 ms, max %5 ms; recall@%1 vs exact (%6 queries) %7")
                  .arg(k).arg(options.queries).arg(summary.p50, 0, 'f', 3).arg(p95, 0, 'f', 3).arg(summary.max, 0, 'f', 3)
                  .arg(checked).arg(checked ? recall / checked : 0, 0, 'f', 3)
                  .arg(explore > 0 ? QStringLiteral(" explore %1").arg(explore) : QString()));
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("count"), QStringLiteral("Vectors."), QStringLiteral("n"), QStringLiteral("100000")});
    parser.addOption({QStringLiteral("dimension"), QStringLiteral("Length."), QStringLiteral("d"), QStringLiteral("768")});
    parser.addOption({QStringLiteral("queries"), QStringLiteral("Searches per k."), QStringLiteral("q"), QStringLiteral("1000")});
    parser.addOption({QStringLiteral("exact"), QStringLiteral("Searches per k checked against an exact scan."),
                      QStringLiteral("e"), QStringLiteral("100")});
    parser.addOption({QStringLiteral("clusters"), QStringLiteral("Clusters of the clustered data."), QStringLiteral("c"),
                      QStringLiteral("1000")});
    parser.addOption({QStringLiteral("spread"),
                      QStringLiteral("Noise energy around a cluster centre (0.5: members at cosine ~0.7; 2: overlapping)."),
                      QStringLiteral("s"), QStringLiteral("0.5")});
    parser.addOption({QStringLiteral("data"), QStringLiteral("clustered, uniform or both."), QStringLiteral("kind"),
                      QStringLiteral("clustered")});
    parser.process(app);
    Options options;
    options.count = qMax(1, parser.value(QStringLiteral("count")).toInt());
    options.dimension = qMax(1, parser.value(QStringLiteral("dimension")).toInt());
    options.queries = qMax(1, parser.value(QStringLiteral("queries")).toInt());
    options.exact = qBound(0, parser.value(QStringLiteral("exact")).toInt(), options.queries);
    options.clusters = qMax(1, parser.value(QStringLiteral("clusters")).toInt());
    options.spread = qMax(0.0, parser.value(QStringLiteral("spread")).toDouble());
    const QString data = parser.value(QStringLiteral("data"));
    if (data != QLatin1String("clustered") && data != QLatin1String("uniform") && data != QLatin1String("both")) {
        print(QStringLiteral("--data is clustered, uniform or both"));
        return 2;
    }
    int code = 0;
    if (data != QLatin1String("uniform"))
        code = runOne(options, true);
    if (code == 0 && data != QLatin1String("clustered"))
        code = runOne(options, false);
    return code;
}
