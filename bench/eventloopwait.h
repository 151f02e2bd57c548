#pragma once

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <functional>

namespace valis::bench {

/// Runs the event loop until `done` is true or `timeoutMs` pass, as the app's own loop does:
/// QTest::qWaitFor sleeps between rounds, which slows Chromium's many small tasks on this thread
/// down by seconds. Returns done().
inline bool spinUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || timer.elapsed() > timeoutMs)
            loop.quit();
    });
    poll.start(1);
    if (!done())
        loop.exec();
    return done();
}

/// Runs the event loop for `ms`.
inline void spinFor(int ms)
{
    QElapsedTimer timer;
    timer.start();
    spinUntil([&] { return timer.elapsed() >= ms; }, ms + 1000);
}

} // namespace valis::bench
