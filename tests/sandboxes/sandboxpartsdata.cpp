#include "sandboxpartsdata.h"

namespace valis::test::sandboxparts {

QByteArray mountinfo()
{
    return "24 30 0:22 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw\n"
           "30 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
           "35 24 0:30 / /sys/fs/cgroup ro,nosuid,nodev,noexec shared:9 - tmpfs tmpfs ro,mode=755\n"
           "36 35 0:31 / /sys/fs/cgroup/unified rw,nosuid,nodev,noexec,relatime shared:10 - cgroup2 cgroup2 rw,nsdelegate\n"
           "40 35 0:35 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:15 - cgroup cgroup rw,cpu,cpuacct\n"
           "41 35 0:36 /docker/abc /sys/fs/cgroup/memory\\040with\\040space rw,relatime shared:16 - cgroup cgroup rw,memory\n"
           "42 35 0:37 / /sys/fs/cgroup/pids rw,nosuid,nodev,noexec,relatime shared:17 - cgroup cgroup rw,pids\n";
}

QByteArray procCgroup()
{
    return "12:pids:/user.slice/user-1000.slice\n"
           "4:cpu,cpuacct:/user.slice\n"
           "1:name=systemd:/user.slice/user-1000.slice/session-2.scope\n"
           "0::/user.slice/user-1000.slice/session-2.scope\n";
}

} // namespace valis::test::sandboxparts
