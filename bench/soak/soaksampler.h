#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace valis::bench {

/// One row of bench_soak's CSV: the run's progress and what the process tree holds.
struct SoakSample
{
    double minutes = 0;      ///< since the window was shown
    qint64 turns = 0;        ///< turns finished
    qint64 pssTreeKiB = 0;   ///< this process and its QtWebEngineProcess children
    qint64 pssSelfKiB = 0;   ///< this process alone
    int fds = 0;             ///< open descriptors of this process
    int threads = 0;         ///< threads of this process
    int treeThreads = 0;     ///< threads of the whole tree
    int processes = 0;       ///< processes in the tree
    qint64 storeBytes = 0;   ///< the session database, its WAL and shared memory, and its blobs
    qint64 searches = 0;     ///< transcript searches done
    qint64 pages = 0;        ///< pages loaded back and forth in the conversation
    qint64 summaries = 0;    ///< summaries the model was asked for (compactions by summary)
    /// malloc's view of this process (glibc mallinfo2, all arenas): bytes handed out and not yet
    /// freed, and bytes freed but kept in the arenas. PSS can grow while the first stays flat
    /// (the allocator keeps what was freed); a leak grows the first. -1: not known (an older CSV).
    qint64 heapInUseKiB = -1;
    qint64 heapFreeKiB = -1;
    /// The tree's anonymous and shared-memory PSS (Pss_Anon + Pss_Shmem): what the tree itself
    /// allocated. Unlike PSS it does not fall when another program maps the same libraries
    /// (Qt WebEngine's 150 MB among them) and rise when it exits. -1: not known (an older CSV).
    qint64 anonTreeKiB = -1;

    static QString csvHeader();
    QString csvLine() const;
    /// A row of csvLine()'s form; false when `line` is not one.
    static bool fromCsv(const QString &line, SoakSample *sample);
};

/// What this process and its children hold now (see SoakSample).
struct ProcessTreeFigures
{
    qint64 pssTreeKiB = 0;
    qint64 pssSelfKiB = 0;
    int fds = 0;
    int threads = 0;
    int treeThreads = 0;
    int processes = 0;
    qint64 heapInUseKiB = -1;
    qint64 heapFreeKiB = -1;
    qint64 anonTreeKiB = 0;

    static ProcessTreeFigures now();
};

/// Bytes of the session store: `databasePath` with its -wal and -shm files, and every file
/// below `blobDir`.
qint64 storeBytes(const QString &databasePath, const QString &blobDir);

/// The verdict on a run's samples. Warm-up is the samples before `warmupMinutes`; the baseline
/// is the median of the first three samples after it and the end the median of the last three,
/// so one sample caught in a garbage collection or a thread pool's growth decides nothing.
struct SoakLimits
{
    double warmupMinutes = 0;
    double pssGrowthPercent = 10;
    int fdGrowth = 2;
    int threadGrowth = 2;
};

struct SoakVerdict
{
    bool enoughSamples = false;
    SoakSample baseline; ///< medians of the first samples after warm-up
    SoakSample end;      ///< medians of the last samples
    qint64 maxPssTreeKiB = 0;
    double pssGrowthPercent = 0;
    double maxPssGrowthPercent = 0;
    int fdGrowth = 0;
    int threadGrowth = 0;
    QStringList broken; ///< each limit the run broke, as a sentence

    static SoakVerdict of(const QList<SoakSample> &samples, const SoakLimits &limits);
};

} // namespace valis::bench
