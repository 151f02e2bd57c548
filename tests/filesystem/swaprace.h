#pragma once

// What the swap-race suites share (tests/filesystem/tst_swaprace, tests/tools/tst_confinementrace):
// a workspace folder swapped with links that lead outside, on a thread of its own, and an exact
// picture of the outside folder to show it was never touched.
#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <atomic>
#include <thread>

namespace valis::test {

/// Rounds a race test runs: VALIS_RACE_ITERATIONS, or `fallback`.
int raceIterations(int fallback);

/// Everything under `root`, and `root` itself: kind, mode, size, modification time to the
/// nanosecond, link count, bytes or link target. A file created and removed again still shows,
/// in the folder's own time.
QMap<QString, QByteArray> exactSnapshot(const QString &root);

/// A workspace folder "swap" and, outside, a folder "target" holding the same names with a
/// canary in them, plus links "spare" (absolute) and "spare2" (relative, climbing out with "..")
/// to it in the workspace. A result that shows `canary` or `marker` read outside.
struct SwapRaceLayout
{
    QString canary = {};
    QString marker = {}; ///< a file name that exists only outside
    QString swap = {};   ///< workspace/swap, the folder the tools work in
    QString target = {}; ///< outside/target

    /// Creates it in `workspace` and `outside` (empty on failure).
    static SwapRaceLayout create(const QString &workspace, const QString &outside);
    bool isValid() const { return !swap.isEmpty(); }
    /// Whether `text` shows something only the outside folder holds.
    bool leaks(const QString &text) const { return text.contains(canary) || text.contains(marker); }
};

/// Exchanges the workspace's "swap" folder with its links, back and forth as fast as it can
/// (renameat2 RENAME_EXCHANGE, Linux), on its own thread until stop() or destruction.
class FolderSwapper
{
public:
    explicit FolderSwapper(const QString &workspace);
    ~FolderSwapper();
    FolderSwapper(const FolderSwapper &) = delete;
    FolderSwapper &operator=(const FolderSwapper &) = delete;

    void stop();
    qint64 swaps() const { return m_swaps.load(); }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<qint64> m_swaps{0};
    std::thread m_thread;
};

} // namespace valis::test
