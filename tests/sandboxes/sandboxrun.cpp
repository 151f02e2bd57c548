#include "sandboxrun.h"

#include "processtree.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>

#include <chrono>

namespace valis::test {

QString SandboxRun::describe() const
{
    QString text = QStringLiteral("exit %1, error %2 (%3), %4 stdout bytes, stderr: %5")
                       .arg(exitCode ? QString::number(*exitCode) : QStringLiteral("-"),
                            error ? error->code : QStringLiteral("-"), error ? error->message : QString())
                       .arg(outBytes)
                       .arg(QString::fromUtf8(err.left(2000)));
    if (keepOutput)
        text += QStringLiteral(", stdout: ") + QString::fromUtf8(out.left(2000));
    return text;
}

std::unique_ptr<SandboxRun> startRun(Sandbox &sandbox, const SandboxCommand &command, QObject *owner, bool keepOutput)
{
    auto run = std::make_unique<SandboxRun>();
    run->keepOutput = keepOutput;
    SandboxRun *r = run.get();
    // Connected only after start() returns: a signal emitted inside start() would be lost, and
    // the test waiting for the end would fail.
    SandboxProcess *process = sandbox.start(command, owner);
    r->process = process;
    const auto onOutput = [r](const QByteArray &data, bool isOut) {
        if (r->done())
            r->outputAfterEnd = true;
        r->largestChunk = qMax(r->largestChunk, data.size());
        if (isOut) {
            r->outBytes += data.size();
            r->outHash.addData(data);
            if (r->keepOutput)
                r->out += data;
        } else {
            r->errBytes += data.size();
            if (r->err.size() < 1024 * 1024)
                r->err += data;
        }
    };
    QObject::connect(process, &SandboxProcess::standardOutputReceived, process,
                     [onOutput](const QByteArray &data) { onOutput(data, true); });
    QObject::connect(process, &SandboxProcess::standardErrorReceived, process,
                     [onOutput](const QByteArray &data) { onOutput(data, false); });
    QObject::connect(process, &SandboxProcess::finished, process, [r](int code) {
        r->exitCode = code;
        ++r->endings;
    });
    QObject::connect(process, &SandboxProcess::failed, process, [r](const Error &error) {
        r->error = error;
        ++r->endings;
    });
    return run;
}

SandboxCommand shellCommand(const QString &workspace, const QString &script, const QStringList &args)
{
    SandboxCommand command;
    command.program = QStringLiteral("/bin/sh");
    command.arguments = QStringList{QStringLiteral("-c"), script, QStringLiteral("sh")} + args;
    command.workspace = workspace;
    command.timeout = std::chrono::seconds(60);
    return command;
}

namespace {

/// The process ids /proc lists, as its folder names.
QStringList processIds()
{
    QStringList ids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    ids.removeIf([](const QString &entry) {
        bool ok = false;
        entry.toLongLong(&ok);
        return !ok;
    });
    return ids;
}

/// /proc/<pid>/<name>; empty when the process is gone.
QByteArray processFile(const QString &pid, const char *name)
{
    QFile file(QStringLiteral("/proc/") + pid + QLatin1Char('/') + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

QList<qint64> processesWithArgument(const QByteArray &argument)
{
    QList<qint64> found;
    for (const QString &pid : processIds()) {
        // A zombie has an empty command line: it is dead already.
        if (processFile(pid, "cmdline").split('\0').contains(argument))
            found.append(pid.toLongLong());
    }
    return found;
}

sandboxes::ProcessStat processStat(qint64 pid)
{
    return sandboxes::parseProcessStat(processFile(QString::number(pid), "stat"));
}

QString processTable(const QByteArray &argument)
{
    QStringList rows;
    for (const QString &pid : processIds()) {
        const QByteArray statLine = processFile(pid, "stat");
        const sandboxes::ProcessStat stat = sandboxes::parseProcessStat(statLine);
        const QByteArray arguments = processFile(pid, "cmdline");
        // By its name in stat, so that bwrap's zombies (no command line) are listed too.
        if (stat.pid == 0 || (!statLine.contains(" (bwrap) ") && !arguments.split('\0').contains(argument)))
            continue;
        // "pid (name)" as stat begins, then the parent, the state and the command line.
        const QString named = QString::fromUtf8(statLine.left(statLine.lastIndexOf(") ") + 1));
        rows << QStringLiteral("%1 ppid %2 %3: %4")
                    .arg(named)
                    .arg(stat.parentPid)
                    .arg(QString(QLatin1Char(stat.state)), QString::fromUtf8(QByteArray(arguments).replace('\0', ' ')).left(160));
    }
    return rows.isEmpty() ? QStringLiteral("(none)") : rows.join(QStringLiteral("; "));
}

QByteArray uniqueSleepToken()
{
    return "977." + QByteArray::number(QRandomGenerator::global()->bounded(100000000, 999999999));
}

qint64 peakResidentBytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return -1;
}

namespace scripts {

QString printInvalidUtf8()
{
    return QStringLiteral("printf '\\377\\376abc\\300\\n\\200'; printf '\\377\\376abc\\300\\n\\200' >&2");
}

QByteArray invalidUtf8Bytes()
{
    return QByteArray("\xff\xfe" "abc\xc0\n\x80", 8);
}

QString sendHello()
{
    return QStringLiteral("exec /usr/bin/bash -c 'echo hello > /dev/tcp/127.0.0.1/$0' \"$1\"");
}

QString forkBomb()
{
    return QStringLiteral("bomb() { bomb | bomb & }; bomb");
}

QString persistentForkBomb()
{
    return QStringLiteral("bomb() { while :; do bomb & done; }; bomb");
}

QString manySleeps()
{
    return QStringLiteral("i=0; while [ $i -lt \"$2\" ]; do sleep \"$1\" & i=$((i + 1)); done; echo all-started; wait");
}

QString leaveBackgroundProcesses()
{
    return QStringLiteral(
        "(sleep \"$2\" & sleep 2; echo late > \"$1/late-1\") &\n"
        "if [ \"$3\" = escape ]; then\n"
        "  setsid sh -c 'sleep \"$2\" & sleep 2; echo late > \"$1/late-2\"' sh \"$1\" \"$2\" &\n"
        "fi\n"
        "echo ready > \"$1/started\"\n"
        "sleep \"$2\"\n");
}

} // namespace scripts

} // namespace valis::test
