#include "swaprace.h"

#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#ifdef Q_OS_LINUX
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace valis::test {

int raceIterations(int fallback)
{
    bool ok = false;
    const int fromEnvironment = qEnvironmentVariableIntValue("VALIS_RACE_ITERATIONS", &ok);
    return ok && fromEnvironment > 0 ? fromEnvironment : fallback;
}

QMap<QString, QByteArray> exactSnapshot(const QString &root)
{
    QMap<QString, QByteArray> entries;
#ifdef Q_OS_LINUX
    QStringList paths{root};
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        paths.append(it.next());
    for (const QString &path : std::as_const(paths)) {
        struct stat status;
        const QString key = QDir(root).relativeFilePath(path);
        if (::lstat(QFile::encodeName(path).constData(), &status) != 0) {
            entries.insert(key, "<gone>");
            continue;
        }
        QByteArray row = QByteArray::number(status.st_mode, 8) + ' ' + QByteArray::number(qint64(status.st_size)) + ' '
                         + QByteArray::number(qint64(status.st_mtim.tv_sec)) + '.' + QByteArray::number(qint64(status.st_mtim.tv_nsec))
                         + ' ' + QByteArray::number(qint64(status.st_nlink));
        if (S_ISREG(status.st_mode)) {
            QFile file(path);
            row += ' ' + (file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
        } else if (S_ISLNK(status.st_mode)) {
            row += " -> " + QFile::encodeName(QFileInfo(path).symLinkTarget());
        }
        entries.insert(key, row);
    }
#else
    Q_UNUSED(root);
#endif
    return entries;
}

SwapRaceLayout SwapRaceLayout::create(const QString &workspace, const QString &outside)
{
    SwapRaceLayout layout;
    layout.canary = QStringLiteral("CANARY-%1").arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    layout.marker = QStringLiteral("outside-only-%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    const QString target = outside + QStringLiteral("/target");
    const QString swap = workspace + QStringLiteral("/swap");
    const QByteArray canary = layout.canary.toUtf8();
    // Outside: files with the very names the tools use inside, so any slip shows.
    bool ok = writeFile(target + QStringLiteral("/canary.txt"), canary + '\n')
              && writeFile(target + QStringLiteral("/notes.txt"), canary + " notes\n")
              && writeFile(target + QStringLiteral("/victim.txt"), "victim\n")
              && writeFile(target + QLatin1Char('/') + layout.marker + QStringLiteral(".txt"), canary)
              && writeFile(target + QStringLiteral("/new/kept.txt"), canary)
              && writeFile(swap + QStringLiteral("/canary.txt"), "inside\n") && writeFile(swap + QStringLiteral("/notes.txt"), "notes\n")
              && writeFile(swap + QStringLiteral("/victim.txt"), "victim\n");
#ifdef Q_OS_LINUX
    // workspace/.. is the folder holding both.
    ok = ok && ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(workspace + QStringLiteral("/spare")).constData()) == 0
         && QDir(workspace).relativeFilePath(target).startsWith(QLatin1String("../"))
         && ::symlink(QFile::encodeName(QDir(workspace).relativeFilePath(target)).constData(),
                      QFile::encodeName(workspace + QStringLiteral("/spare2")).constData())
                == 0;
#else
    ok = false;
#endif
    if (ok) {
        layout.swap = swap;
        layout.target = target;
    }
    return layout;
}

FolderSwapper::FolderSwapper(const QString &workspace)
{
#ifdef Q_OS_LINUX
    const QByteArray swap = QFile::encodeName(workspace + QStringLiteral("/swap"));
    const QByteArray spare = QFile::encodeName(workspace + QStringLiteral("/spare"));
    const QByteArray spare2 = QFile::encodeName(workspace + QStringLiteral("/spare2"));
    m_thread = std::thread([this, swap, spare, spare2] {
        // The folder, a link out, the folder again; every other round the relative link.
        while (!m_stop.load(std::memory_order_relaxed)) {
            const QByteArray &link = (m_swaps.load(std::memory_order_relaxed) & 2) ? spare2 : spare;
            for (int i = 0; i < 2; ++i) {
                if (::renameat2(AT_FDCWD, swap.constData(), AT_FDCWD, link.constData(), RENAME_EXCHANGE) == 0)
                    m_swaps.fetch_add(1, std::memory_order_relaxed);
            }
        }
    });
#else
    Q_UNUSED(workspace);
#endif
}

FolderSwapper::~FolderSwapper()
{
    stop();
}

void FolderSwapper::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

} // namespace valis::test
