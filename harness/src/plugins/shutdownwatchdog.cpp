#include "shutdownwatchdog.h"

namespace valis {

ShutdownWatchdog::ShutdownWatchdog(std::chrono::milliseconds timeout, Expired expired)
    : m_timeout(timeout), m_expired(std::move(expired)), m_thread([this] { run(); })
{
}

ShutdownWatchdog::~ShutdownWatchdog()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void ShutdownWatchdog::arm(const QString &pluginId, const QString &filePath)
{
    {
        const std::lock_guard lock(m_mutex);
        m_armed = true;
        ++m_generation;
        m_deadline = std::chrono::steady_clock::now() + m_timeout;
        m_pluginId = pluginId;
        m_filePath = filePath;
    }
    m_wake.notify_all();
}

void ShutdownWatchdog::disarm()
{
    {
        const std::lock_guard lock(m_mutex);
        m_armed = false;
    }
    m_wake.notify_all();
}

void ShutdownWatchdog::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stopping || m_armed; });
        if (m_stopping)
            return;
        const quint64 generation = m_generation;
        const bool changed = m_wake.wait_until(lock, m_deadline, [this, generation] {
            return m_stopping || !m_armed || m_generation != generation;
        });
        if (changed)
            continue;
        const QString pluginId = m_pluginId;
        const QString filePath = m_filePath;
        m_armed = false;
        lock.unlock();
        m_expired(pluginId, filePath);
        lock.lock();
    }
}

} // namespace valis
