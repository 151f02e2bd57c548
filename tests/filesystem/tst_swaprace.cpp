// The check-then-open race, at the AgentFilesystem: its "swap" folder is exchanged, in a tight
// loop on another thread, with links to a folder outside the workspace (absolute, and relative
// through ".."), while two threads read, write, list, stat and remove in it through the
// AgentFilesystem for thousands of rounds. Nothing outside may be read (a canary's content and an
// outside-only name never appear in a result or an error) or written (the outside folder is
// identical at the end to the nanosecond, its own modification time included).
//
// Rows: openat2 (the kernel's RESOLVE_BENEATH) and walk (VALIS_FS_RESOLVE=walk: the fallback for
// kernels without openat2). VALIS_RACE_ITERATIONS sets the rounds per thread (default 3000).
// tests/tools/tst_confinementrace runs the same race through the file tools.
#include "swaprace.h"
#include "testsupport.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace valis;
using namespace valis::test;

namespace {

/// One thread's rounds; what it saw that it must not have goes to `leaks`.
void workIn(const AgentFilesystem &fs, const SwapRaceLayout &layout, int rounds, int thread, QStringList &leaks,
            std::atomic<qint64> &insideReads)
{
    const auto see = [&](const QString &what, const QString &text) {
        if (leaks.size() < 20 && layout.leaks(text))
            leaks.append(what + QStringLiteral(": ") + text.left(300));
    };
    for (int i = 0; i < rounds; ++i) {
        const Result<QByteArray> read = fs.read(QStringLiteral("swap/canary.txt"));
        see(QStringLiteral("read"), read.ok() ? QString::fromUtf8(*read) : read.error().message);
        if (read.ok() && *read == "inside\n")
            insideReads.fetch_add(1, std::memory_order_relaxed);
        const Result<QList<FileEntry>> listed = fs.list(QStringLiteral("swap"));
        if (listed.ok()) {
            for (const FileEntry &entry : *listed)
                see(QStringLiteral("list"), entry.path);
        } else {
            see(QStringLiteral("list error"), listed.error().message);
        }
        const Result<FileEntry> stat = fs.stat(QStringLiteral("swap/%1.txt").arg(layout.marker));
        if (stat.ok())
            see(QStringLiteral("stat"), layout.marker);
        const Result<void> written = fs.write(QStringLiteral("swap/notes.txt"), QStringLiteral("notes %1\n").arg(i).toUtf8());
        if (written.hasError())
            see(QStringLiteral("write error"), written.error().message);
        const QString made = QStringLiteral("swap/new/made-%1-%2.txt").arg(thread).arg(i % 4);
        (void)fs.write(made, "made\n");
        (void)fs.remove(made);
        (void)fs.remove(QStringLiteral("swap/new"));
        if (fs.remove(QStringLiteral("swap/victim.txt")).ok())
            (void)fs.write(QStringLiteral("swap/victim.txt"), "victim\n");
    }
}

} // namespace

class TestSwapRace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void swappedFolderNeverLeadsOutside_data()
    {
        QTest::addColumn<QString>("resolution");
        QTest::newRow("openat2") << QString();
        QTest::newRow("walk") << QStringLiteral("walk");
    }

    void swappedFolderNeverLeadsOutside()
    {
#ifndef Q_OS_LINUX
        QSKIP("the race is closed with openat2, Linux's; elsewhere the backend checks paths by name and the race stays open");
#else
        QFETCH(QString, resolution);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString workspace = dir.filePath(QStringLiteral("workspace"));
        const QString outside = dir.filePath(QStringLiteral("outside"));
        const SwapRaceLayout layout = SwapRaceLayout::create(workspace, outside);
        QVERIFY(layout.isValid());
        // The backends read VALIS_FS_RESOLVE when they are made.
        if (resolution.isEmpty())
            qunsetenv("VALIS_FS_RESOLVE");
        else
            qputenv("VALIS_FS_RESOLVE", resolution.toUtf8());
        const AgentFilesystem fs(workspace);
        qunsetenv("VALIS_FS_RESOLVE");
        const QMap<QString, QByteArray> before = exactSnapshot(outside);

        const int rounds = raceIterations(3000);
        QStringList leaks[2];
        std::atomic<qint64> insideReads{0};
        qint64 swaps = 0;
        {
            FolderSwapper swapper(workspace);
            std::thread other([&] { workIn(fs, layout, rounds, 1, leaks[1], insideReads); });
            workIn(fs, layout, rounds, 0, leaks[0], insideReads);
            other.join();
            swapper.stop();
            swaps = swapper.swaps();
        }

        QVERIFY2(leaks[0].isEmpty() && leaks[1].isEmpty(), qPrintable((leaks[0] + leaks[1]).join(QLatin1Char('\n'))));
        const QMap<QString, QByteArray> after = exactSnapshot(outside);
        for (auto it = after.cbegin(); it != after.cend(); ++it) {
            QVERIFY2(before.value(it.key()) == it.value(),
                     qPrintable(QStringLiteral("outside changed: %1 %2").arg(it.key(), QString::fromUtf8(it.value().left(200)))));
        }
        QCOMPARE(after.keys(), before.keys());
        // The race ran, and the file view worked inside meanwhile rather than refusing everything.
        QVERIFY2(swaps > rounds, qPrintable(QString::number(swaps)));
        QVERIFY2(insideReads.load() > 0, "no read saw the inside file");
        qInfo("%d rounds on 2 threads, %lld swaps, %lld reads saw the inside file", rounds, swaps, qint64(insideReads.load()));
#endif
    }
};

VALIS_TEST_MAIN(TestSwapRace)
#include "tst_swaprace.moc"
