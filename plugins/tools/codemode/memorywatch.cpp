#include "memorywatch.h"

#if defined(Q_OS_LINUX)
#include <cstdio>
#include <unistd.h>
#elif defined(Q_OS_MACOS)
#include <mach/mach.h>
#endif

namespace valis::codemode {

qint64 residentMemoryBytes()
{
#if defined(Q_OS_LINUX)
    // statm is a few numbers; reading it costs microseconds, so the watchdog can ask often.
    FILE *file = std::fopen("/proc/self/statm", "r");
    if (!file)
        return -1;
    long long size = 0;
    long long resident = 0;
    const int read = std::fscanf(file, "%lld %lld", &size, &resident);
    std::fclose(file);
    if (read != 2)
        return -1;
    return resident * sysconf(_SC_PAGESIZE);
#elif defined(Q_OS_MACOS)
    mach_task_basic_info info = {};
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, reinterpret_cast<task_info_t>(&info), &count) != KERN_SUCCESS)
        return -1;
    return qint64(info.resident_size);
#else
    return -1;
#endif
}

} // namespace valis::codemode
