// The vector index at scale: N random unit vectors of dimension D (default 100,000 x 768) in a
// SQLite VectorStore, the hnswlib index built from them (the rebuild a missing or stale file
// costs), saved and loaded again, then k-nearest searches (p50/p95) and their recall@k against
// an exact scan of a sample. Prints figures; asserts nothing.
//
//     bench_vectors [--count N] [--dimension D] [--queries Q] [--k K]
#include "stats.h"

#include "valis/memory/vectorindex.h"
#include "valis/memory/vectorstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSet>
#include <QThread>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace valis;

namespace {
QVector<float> randomUnit(QRandomGenerator &random, int dimension)
{
    QVector<float> vector(dimension);
    double sum = 0;
    for (float &value : vector) {
        value = float(random.generateDouble() * 2 - 1);
        sum += double(value) * value;
    }
    for (float &value : vector)
        value = float(value / std::sqrt(sum));
    return vector;
}

void print(const QString &line)
{
    std::printf("%s\n", qPrintable(line));
    std::fflush(stdout);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("count"), QStringLiteral("Vectors."), QStringLiteral("n"), QStringLiteral("100000")});
    parser.addOption({QStringLiteral("dimension"), QStringLiteral("Length."), QStringLiteral("d"), QStringLiteral("768")});
    parser.addOption({QStringLiteral("queries"), QStringLiteral("Searches."), QStringLiteral("q"), QStringLiteral("1000")});
    parser.addOption({QStringLiteral("k"), QStringLiteral("Neighbours per search."), QStringLiteral("k"), QStringLiteral("50")});
    parser.process(app);
    const int count = parser.value(QStringLiteral("count")).toInt();
    const int dimension = parser.value(QStringLiteral("dimension")).toInt();
    const int queries = parser.value(QStringLiteral("queries")).toInt();
    const int k = parser.value(QStringLiteral("k")).toInt();

    QTemporaryDir dir;
    const QString path = QDir(dir.path()).filePath(QStringLiteral("memory-vectors.db"));
    Result<std::unique_ptr<VectorStore>> store = VectorStore::openSqlite(path);
    if (store.hasError()) {
        print(store.error().toString());
        return 1;
    }
    const QString space = QStringLiteral("bench-model");
    QRandomGenerator random(19);
    QList<QVector<float>> all;
    QElapsedTimer timer;
    timer.start();
    for (int start = 0; start < count; start += 5000) {
        QList<VectorItem> items;
        QHash<QString, QVector<float>> vectors;
        for (int i = start; i < qMin(count, start + 5000); ++i) {
            VectorItem item;
            item.kind = RecallSourceKind::Memory;
            item.source = QStringLiteral("m-%1").arg(i);
            item.hash = QStringLiteral("h%1").arg(i);
            item.agentId = QStringLiteral("default");
            item.createdAt = QDateTime::currentDateTimeUtc();
            QVector<float> vector = randomUnit(random, dimension);
            vectors.insert(item.hash, vector);
            all.append(vector);
            items.append(item);
        }
        Result<QList<VectorItem>> stored = (*store)->putItems(space, dimension, items, vectors);
        if (stored.hasError()) {
            print(stored.error().toString());
            return 1;
        }
    }
    print(QStringLiteral("vectors: %1 x %2, stored in %3 s (%4 MB)")
              .arg(count).arg(dimension).arg(timer.elapsed() / 1000.0, 0, 'f', 1)
              .arg(QFileInfo(path).size() / 1e6, 0, 'f', 0));

    const QString indexPath = VectorIndex::pathFor(path, RecallSourceKind::Memory, space);
    timer.restart();
    Result<std::shared_ptr<VectorIndex>> index = VectorIndex::open(indexPath, **store, RecallSourceKind::Memory, space, dimension);
    if (index.hasError()) {
        print(index.error().toString());
        return 1;
    }
    print(QStringLiteral("rebuild from the store (%1 threads): %2 s").arg(QThread::idealThreadCount()).arg(timer.elapsed() / 1000.0, 0, 'f', 1));
    timer.restart();
    const Result<void> saved = (*index)->save();
    print(QStringLiteral("save: %1 s (%2 MB)%3").arg(timer.elapsed() / 1000.0, 0, 'f', 2)
              .arg(QFileInfo(indexPath).size() / 1e6, 0, 'f', 0).arg(saved.ok() ? QString() : QStringLiteral(" FAILED")));
    index->reset();
    timer.restart();
    index = VectorIndex::open(indexPath, **store, RecallSourceKind::Memory, space, dimension);
    print(QStringLiteral("load from file: %1 s").arg(timer.elapsed() / 1000.0, 0, 'f', 2));

    QList<double> latencies;
    double recall = 0;
    int checked = 0;
    for (int q = 0; q < queries; ++q) {
        const QVector<float> query = randomUnit(random, dimension);
        QElapsedTimer one;
        one.start();
        const QList<QPair<qint64, float>> hits = (*index)->search(query, k);
        latencies.append(one.nsecsElapsed() / 1e6);
        if (q < 20) {
            // Exact top k by scanning everything (labels are 1..count in insertion order).
            QList<QPair<float, qint64>> exact;
            for (int i = 0; i < all.size(); ++i) {
                float dot = 0;
                for (int j = 0; j < dimension; ++j)
                    dot += all.at(i).at(j) * query.at(j);
                exact.append({dot, qint64(i + 1)});
            }
            std::partial_sort(exact.begin(), exact.begin() + k, exact.end(), [](auto a, auto b) { return a.first > b.first; });
            QSet<qint64> truth;
            for (int i = 0; i < k; ++i)
                truth.insert(exact.at(i).second);
            int found = 0;
            for (const auto &hit : hits)
                found += truth.contains(hit.first) ? 1 : 0;
            recall += double(found) / k;
            ++checked;
        }
    }
    std::sort(latencies.begin(), latencies.end());
    const double p95 = latencies.at(qMin(latencies.size() - 1, qsizetype(0.95 * double(latencies.size() - 1) + 0.5)));
    const LatencySummary summary = LatencySummary::of(latencies);
    print(QStringLiteral("search k=%1 over %2 queries: p50 %3 ms, p95 %4 ms, max %5 ms; recall@%1 vs exact %6")
              .arg(k).arg(queries).arg(summary.p50, 0, 'f', 3).arg(p95, 0, 'f', 3).arg(summary.max, 0, 'f', 3)
              .arg(checked ? recall / checked : 0, 0, 'f', 3));
    return 0;
}
