#include "store/idleindexer.h"

namespace valis::store {

IdleIndexer::IdleIndexer(std::function<Result<bool>()> indexSlice)
    : m_indexSlice(std::move(indexSlice))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &IdleIndexer::runSlice);
}

void IdleIndexer::schedule()
{
    if (!m_timer.isActive())
        m_timer.start();
}

void IdleIndexer::runSlice()
{
    const Result<bool> done = m_indexSlice();
    // On an error (the database is busy, say) the next append or search tries again; search()
    // reports errors to its caller, and nothing is lost: the text stays pending.
    if (done.ok() && !done.value())
        m_timer.start();
}

} // namespace valis::store
