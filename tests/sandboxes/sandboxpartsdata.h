#pragma once

// Kernel files as tests feed them to the readers (escapes and all, so kept out of the file moc reads).
#include <QByteArray>

namespace valis::test::sandboxparts {
/// /proc/self/mountinfo of a hybrid cgroup machine, with a mount point holding spaces.
QByteArray mountinfo();
/// /proc/self/cgroup of a process in a user session.
QByteArray procCgroup();
} // namespace valis::test::sandboxparts
