#include "soaksampler.h"

#include "processmemory.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace valis::bench {

namespace {

int threadsOf(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("Threads:"))
            return line.mid(8).trimmed().toInt();
    }
    return 0;
}

qint64 fileSize(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() ? info.size() : 0;
}

template<typename T>
T medianOf(QList<T> values)
{
    if (values.isEmpty())
        return T{};
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

// A sample whose figures are each the median of `samples`' (the progress is the last one's).
SoakSample medianSample(const QList<SoakSample> &samples)
{
    SoakSample median = samples.isEmpty() ? SoakSample() : samples.last();
    QList<qint64> pssTree, pssSelf, store, heapInUse, heapFree, anonTree;
    QList<int> fds, threads, treeThreads;
    for (const SoakSample &sample : samples) {
        pssTree << sample.pssTreeKiB;
        pssSelf << sample.pssSelfKiB;
        store << sample.storeBytes;
        heapInUse << sample.heapInUseKiB;
        heapFree << sample.heapFreeKiB;
        anonTree << sample.anonTreeKiB;
        fds << sample.fds;
        threads << sample.threads;
        treeThreads << sample.treeThreads;
    }
    median.pssTreeKiB = medianOf(pssTree);
    median.pssSelfKiB = medianOf(pssSelf);
    median.storeBytes = medianOf(store);
    median.heapInUseKiB = medianOf(heapInUse);
    median.heapFreeKiB = medianOf(heapFree);
    median.anonTreeKiB = medianOf(anonTree);
    median.fds = medianOf(fds);
    median.threads = medianOf(threads);
    median.treeThreads = medianOf(treeThreads);
    return median;
}

} // namespace

QString SoakSample::csvHeader()
{
    return QStringLiteral("minutes,turns,pss_tree_kib,pss_self_kib,fds,threads,tree_threads,processes,store_bytes,searches,pages,summaries,heap_in_use_kib,heap_free_kib,anon_tree_kib");
}

QString SoakSample::csvLine() const
{
    return QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15")
        .arg(QString::number(minutes, 'f', 2))
        .arg(turns)
        .arg(pssTreeKiB)
        .arg(pssSelfKiB)
        .arg(fds)
        .arg(threads)
        .arg(treeThreads)
        .arg(processes)
        .arg(storeBytes)
        .arg(searches)
        .arg(pages)
        .arg(summaries)
        .arg(heapInUseKiB)
        .arg(heapFreeKiB)
        .arg(anonTreeKiB);
}

bool SoakSample::fromCsv(const QString &line, SoakSample *sample)
{
    const QStringList fields = line.trimmed().split(QLatin1Char(','));
    // Twelve or fourteen fields: a CSV of a bench_soak from before the heap or the anonymous
    // memory was sampled.
    if (fields.size() != 12 && fields.size() != 14 && fields.size() != 15)
        return false;
    bool ok = false;
    sample->minutes = fields.at(0).toDouble(&ok);
    if (!ok)
        return false;
    sample->turns = fields.at(1).toLongLong();
    sample->pssTreeKiB = fields.at(2).toLongLong();
    sample->pssSelfKiB = fields.at(3).toLongLong();
    sample->fds = fields.at(4).toInt();
    sample->threads = fields.at(5).toInt();
    sample->treeThreads = fields.at(6).toInt();
    sample->processes = fields.at(7).toInt();
    sample->storeBytes = fields.at(8).toLongLong();
    sample->searches = fields.at(9).toLongLong();
    sample->pages = fields.at(10).toLongLong();
    sample->summaries = fields.at(11).toLongLong();
    sample->heapInUseKiB = fields.size() >= 14 ? fields.at(12).toLongLong() : -1;
    sample->heapFreeKiB = fields.size() >= 14 ? fields.at(13).toLongLong() : -1;
    sample->anonTreeKiB = fields.size() >= 15 ? fields.at(14).toLongLong() : -1;
    return true;
}

ProcessTreeFigures ProcessTreeFigures::now()
{
    ProcessTreeFigures figures;
    const qint64 self = QCoreApplication::applicationPid();
    const QList<qint64> tree = processTree(self);
    figures.processes = int(tree.size());
    for (const qint64 pid : tree) {
        const QHash<QByteArray, qint64> rollup = rollupKiB(pid);
        const qint64 pss = rollup.value(QByteArrayLiteral("Pss"));
        figures.pssTreeKiB += pss;
        figures.anonTreeKiB += rollup.value(QByteArrayLiteral("Pss_Anon")) + rollup.value(QByteArrayLiteral("Pss_Shmem"));
        const int threads = threadsOf(pid);
        figures.treeThreads += threads;
        if (pid == self) {
            figures.pssSelfKiB = pss;
            figures.threads = threads;
        }
    }
    figures.fds = int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size());
#if defined(__GLIBC__)
    const struct mallinfo2 heap = mallinfo2();
    figures.heapInUseKiB = qint64((heap.uordblks + heap.hblkhd) / 1024);
    figures.heapFreeKiB = qint64(heap.fordblks / 1024);
#endif
    return figures;
}

qint64 storeBytes(const QString &databasePath, const QString &blobDir)
{
    qint64 bytes = fileSize(databasePath) + fileSize(databasePath + QStringLiteral("-wal")) + fileSize(databasePath + QStringLiteral("-shm"));
    QDirIterator blobs(blobDir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (blobs.hasNext())
        bytes += fileSize(blobs.next());
    return bytes;
}

SoakVerdict SoakVerdict::of(const QList<SoakSample> &samples, const SoakLimits &limits)
{
    SoakVerdict verdict;
    QList<SoakSample> after;
    for (const SoakSample &sample : samples) {
        if (sample.minutes >= limits.warmupMinutes)
            after << sample;
    }
    // Three after warm-up at least, so that baseline and end are medians of different samples.
    verdict.enoughSamples = after.size() >= 3;
    if (!verdict.enoughSamples) {
        verdict.broken << QStringLiteral("only %1 samples after the warm-up of %2 min; the run was too short to judge")
                              .arg(after.size()).arg(limits.warmupMinutes);
        return verdict;
    }
    const qsizetype window = std::min<qsizetype>(3, after.size() / 2 + 1);
    verdict.baseline = medianSample(after.mid(0, window));
    verdict.end = medianSample(after.mid(after.size() - window));
    for (const SoakSample &sample : after)
        verdict.maxPssTreeKiB = std::max(verdict.maxPssTreeKiB, sample.pssTreeKiB);
    const double base = double(std::max<qint64>(1, verdict.baseline.pssTreeKiB));
    verdict.pssGrowthPercent = 100.0 * double(verdict.end.pssTreeKiB - verdict.baseline.pssTreeKiB) / base;
    verdict.maxPssGrowthPercent = 100.0 * double(verdict.maxPssTreeKiB - verdict.baseline.pssTreeKiB) / base;
    verdict.fdGrowth = verdict.end.fds - verdict.baseline.fds;
    verdict.threadGrowth = verdict.end.threads - verdict.baseline.threads;
    if (verdict.pssGrowthPercent > limits.pssGrowthPercent)
        verdict.broken << QStringLiteral("PSS grew %1% after warm-up (limit %2%)")
                              .arg(verdict.pssGrowthPercent, 0, 'f', 1).arg(limits.pssGrowthPercent);
    if (verdict.fdGrowth > limits.fdGrowth)
        verdict.broken << QStringLiteral("descriptors grew by %1 after warm-up (limit %2)").arg(verdict.fdGrowth).arg(limits.fdGrowth);
    if (verdict.threadGrowth > limits.threadGrowth)
        verdict.broken << QStringLiteral("threads grew by %1 after warm-up (limit %2)").arg(verdict.threadGrowth).arg(limits.threadGrowth);
    return verdict;
}

} // namespace valis::bench
