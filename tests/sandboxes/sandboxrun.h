#pragma once

// Running commands in a real sandbox from a test, and looking at the host afterwards.
#include "processtree.h"
#include "valis/core/result.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/sandboxprocess.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace valis::test {

/// What one command reported, recorded as the signals arrive.
struct SandboxRun
{
    /// Output is kept unless this is false; the byte counts and the hash are kept anyway.
    bool keepOutput = true;
    QByteArray out;
    QByteArray err;
    qint64 outBytes = 0;
    qint64 errBytes = 0;
    qsizetype largestChunk = 0;
    QCryptographicHash outHash{QCryptographicHash::Sha256};
    std::optional<int> exitCode;
    std::optional<Error> error;
    int endings = 0;                  ///< finished() + failed(): must end up exactly 1
    bool outputAfterEnd = false;
    QPointer<SandboxProcess> process;

    bool done() const { return endings > 0; }
    QString errorCode() const { return error ? error->code : QString(); }
    /// For failure messages: what the command printed and how it ended.
    QString describe() const;
};

/// Starts `command` in `sandbox`, the process parented to `owner`, recording into the returned run.
std::unique_ptr<SandboxRun> startRun(Sandbox &sandbox, const SandboxCommand &command, QObject *owner,
                                     bool keepOutput = true);

/// `/bin/sh -c script sh args...` in `workspace`, with a 60 s timeout so a broken test ends.
SandboxCommand shellCommand(const QString &workspace, const QString &script, const QStringList &args = {});

/// The live processes whose command line has an argument equal to `argument`.
QList<qint64> processesWithArgument(const QByteArray &argument);

/// /proc/<pid>/stat, parsed; pid 0 when the process is gone.
sandboxes::ProcessStat processStat(qint64 pid);

/// For failure messages: every bwrap process on the machine and every process with `argument`
/// (pid, parent, state, command line).
QString processTable(const QByteArray &argument);

/// A token no other process on the machine has in its command line: "977.<random digits>",
/// which sleep(1) takes as a number of seconds.
QByteArray uniqueSleepToken();

/// The peak resident memory of this process (VmHWM), in bytes; -1 when unknown.
qint64 peakResidentBytes();

/// Scripts with backslashes and quotes live in sandboxrun.cpp (moc drops a test class whose
/// file holds some of them).
namespace scripts {
/// Prints bytes that are not UTF-8 to stdout and stderr: invalidUtf8Bytes() on each.
QString printInvalidUtf8();
QByteArray invalidUtf8Bytes();
/// Connects to 127.0.0.1:$1 with bash's /dev/tcp and sends "hello".
QString sendHello();
/// The classic fork bomb (its first shell exits at once).
QString forkBomb();
/// A fork bomb whose every process, the first one too, keeps forking until killed.
QString persistentForkBomb();
/// Starts $2 background `sleep $1` processes, then prints "all-started".
QString manySleeps();
/// Leaves a background process that would write $1/late-1 after 2 s and sleeps $2 meanwhile,
/// and with $3 = "escape" one more in a session of its own (setsid) writing $1/late-2; then
/// marks $1/started and sleeps $2 itself.
QString leaveBackgroundProcesses();
} // namespace scripts

} // namespace valis::test
