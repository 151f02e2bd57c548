#include "fuzzsupport.h"

#include <QDir>
#include <QFile>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace valis::fuzz {

namespace {

QString scratchDir()
{
    // One folder per process: `dev.sh fuzz` runs two targets at once, and libFuzzer's -jobs
    // forks more. tmpfs keeps the write off the disk, since every input is written.
    static const QString dir = [] {
        const QString base = QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm") : QDir::tempPath();
        const QString path = base + QStringLiteral("/valis-fuzz-") + QString::number(::getpid());
        QDir().mkpath(path);
        return path;
    }();
    return dir;
}

void removeScratchDir()
{
    QDir(scratchDir()).removeRecursively();
}

} // namespace

void fail(const char *file, int line, const QString &what)
{
    std::fprintf(stderr, "\n==valis-fuzz== invariant broken at %s:%d\n%s\n", file, line, qUtf8Printable(what));
    std::fflush(stderr);
    std::abort();
}

QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

QString writeInput(const QByteArray &content, const QString &fileName)
{
    // scratchDir()'s static first: exit handlers run in reverse, so the folder's name must be
    // constructed before the handler that reads it is registered, or it is freed before it.
    static const bool cleanedAtExit = (scratchDir(), std::atexit(removeScratchDir) == 0);
    Q_UNUSED(cleanedAtExit);
    const QString path = scratchDir() + QLatin1Char('/') + fileName;
    QDir().mkpath(path.left(path.lastIndexOf(QLatin1Char('/'))));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) != content.size())
        fail(__FILE__, __LINE__, QStringLiteral("cannot write the input to ") + path);
    return path;
}

void checkError(const char *file, int line, const Error &error)
{
    if (error.code.isEmpty() || error.message.isEmpty())
        fail(file, line, QStringLiteral("an Error without a code or message: [%1] %2").arg(error.code, error.toString()));
}

std::pair<QByteArray, QByteArray> splitAtNul(const QByteArray &input)
{
    const qsizetype nul = input.indexOf('\0');
    if (nul < 0)
        return {input, {}};
    return {input.left(nul), input.mid(nul + 1)};
}

} // namespace valis::fuzz
