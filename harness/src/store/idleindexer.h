#pragma once

#include "valis/core/result.h"

#include <QObject>
#include <QTimer>

#include <functional>

namespace valis::store {

/// Indexes pending search text in small slices when the owning thread's event loop is idle, so
/// that appends stay fast and the index still catches up within moments. Each slice is one
/// short transaction; another is scheduled while text remains. Without an event loop (a
/// command-line tool) nothing happens here, and search() indexes what is pending itself.
class IdleIndexer : public QObject
{
public:
    /// About this much text per slice: around a millisecond of FTS5 work, so an append that
    /// arrives meanwhile waits at most that long.
    static constexpr qint64 sliceBytes = 24 * 1024;

    /// `indexSlice` indexes one slice and returns true when nothing is left pending.
    explicit IdleIndexer(std::function<Result<bool>()> indexSlice);

    /// Asks for slices to run once the event loop is idle.
    void schedule();

private:
    void runSlice();

    std::function<Result<bool>()> m_indexSlice;
    QTimer m_timer;
};

} // namespace valis::store
