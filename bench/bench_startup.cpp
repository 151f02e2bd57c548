// bench_startup: the real `valis` from launch to its first paint, its plugins running, and the
// first screen of a long session opened with --session; the memory of its whole process tree with
// that session open. Run under a display (see bench/README.md).
#include "conversationcorpus.h"
#include "processmemory.h"
#include "stats.h"

#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

using namespace valis;

namespace {

QTextStream out(stdout);

struct Run
{
    QHash<QString, qint64> steps; ///< step -> ms after launch, as this process saw the line
    QByteArray errors;            ///< the rest of what it wrote to stderr (for a failed run)
    qint64 pssKiB = 0;
    bool ok = false;
};

// Launches valis and reads its VALIS_REPORT_STARTUP lines until `last` arrives.
Run launch(const QString &home, const QString &session, const QString &last, int settleMs)
{
    Run run;
    QProcess valis;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("VALIS_REPORT_STARTUP"), QStringLiteral("1"));
    valis.setProcessEnvironment(environment);
    valis.setProcessChannelMode(QProcess::SeparateChannels);
    QStringList arguments{QStringLiteral("--home"), home};
    if (!session.isEmpty())
        arguments << QStringLiteral("--session") << session;
    QElapsedTimer clock;
    QEventLoop loop;
    QByteArray pending;
    QObject::connect(&valis, &QProcess::readyReadStandardError, &loop, [&] {
        pending += valis.readAllStandardError();
        qsizetype newline;
        while ((newline = pending.indexOf('\n')) >= 0) {
            const QList<QByteArray> fields = pending.left(newline).split(' ');
            if (fields.size() < 2 || fields.at(0) != "valis-startup")
                run.errors += pending.left(newline + 1);
            if (fields.size() >= 2 && fields.at(0) == "valis-startup") {
                const QString step = QString::fromLatin1(fields.at(1));
                run.steps.insert(step, clock.elapsed());
                if (step == last)
                    loop.quit();
            }
            pending.remove(0, newline + 1);
        }
    });
    QObject::connect(&valis, &QProcess::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    clock.start();
    valis.start(QStringLiteral(VALIS_BINARY), arguments);
    loop.exec();
    run.ok = run.steps.contains(last);
    if (run.ok) {
        // Let the page settle as a person would look at it, then weigh the whole tree.
        QEventLoop settle;
        QTimer::singleShot(settleMs, &settle, &QEventLoop::quit);
        settle.exec();
        run.pssKiB = bench::treePssKiB(valis.processId());
    }
    if (valis.state() == QProcess::NotRunning)
        run.errors += QByteArrayLiteral("\n[valis ended: ") + QByteArray::number(valis.exitCode()) + " "
                      + (valis.exitStatus() == QProcess::CrashExit ? "crashed" : "exited") + " after "
                      + QByteArray::number(clock.elapsed()) + " ms]";
    valis.kill();
    valis.waitForFinished(10000);
    return run;
}

QString median(const QList<Run> &runs, const QString &step)
{
    QList<double> values;
    for (const Run &run : runs) {
        if (run.steps.contains(step))
            values.append(double(run.steps.value(step)));
    }
    if (values.isEmpty())
        return QStringLiteral("-");
    const LatencySummary summary = LatencySummary::of(values);
    return QStringLiteral("%1 ms (min %2, max %3)").arg(summary.p50, 0, 'f', 0).arg(*std::min_element(values.cbegin(), values.cend()), 0, 'f', 0).arg(summary.max, 0, 'f', 0);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("valis from launch to first paint and to a long session's first screen."));
    parser.addHelpOption();
    const QCommandLineOption messagesOption(QStringLiteral("messages"), QStringLiteral("Messages in the session (default 10000)."),
                                            QStringLiteral("N"), QStringLiteral("10000"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Launches of each kind (default 5)."),
                                        QStringLiteral("N"), QStringLiteral("5"));
    parser.addOptions({messagesOption, runsOption});
    parser.process(app);
    const int count = parser.value(messagesOption).toInt();
    const int runs = qMax(1, parser.value(runsOption).toInt());

    QTemporaryDir home;
    home.setAutoRemove(!qEnvironmentVariableIsSet("VALIS_BENCH_KEEP"));
    QString sessionId;
    {
        auto store = SessionStore::open(home.filePath(QStringLiteral("data/sessions.db")), home.filePath(QStringLiteral("data/blobs")));
        if (store.hasError()) {
            out << "cannot make the store: " << store.error().toString() << "\n";
            return 1;
        }
        SessionInfo info;
        info.title = QStringLiteral("A long session");
        info.workspace = home.path();
        auto created = store.value()->createSession(info);
        QList<Message> messages = bench::generatedConversation(count);
        for (Message &message : messages)
            message.seq = -1; // the store numbers them
        auto appended = store.value()->appendMessages(created->id, messages);
        if (appended.hasError()) {
            out << "cannot store the session: " << appended.error().toString() << "\n";
            return 1;
        }
        sessionId = created->id;
    }
    out << "profile " << home.path() << ": session " << sessionId << " of " << count << " messages\n";
    out.flush();

    // The first launch also fills the disk cache; it is reported apart.
    QList<Run> bare;
    QList<Run> opened;
    for (int i = 0; i < runs + 1; ++i) {
        const Run run = launch(home.path(), QString(), QStringLiteral("plugins-running"), 1500);
        if (!run.ok) {
            out << "valis did not report its start (is there a display? run under xvfb-run)\n";
            return 1;
        }
        if (i == 0)
            out << "cold launch: first paint " << run.steps.value(QStringLiteral("first-paint")) << " ms, plugins running "
                << run.steps.value(QStringLiteral("plugins-running")) << " ms\n";
        else
            bare.append(run);
    }
    for (int i = 0; i < runs; ++i) {
        const Run run = launch(home.path(), sessionId, QStringLiteral("session-shown"), 1500);
        if (!run.ok) {
            out << "valis did not show the session; it reported " << QStringList(run.steps.keys()).join(QStringLiteral(", "))
                << " and wrote:\n" << QString::fromUtf8(run.errors.right(3000)) << "\n";
            return 1;
        }
        opened.append(run);
    }
    out << "warm launches (" << runs << "), the profile's session list only:\n"
        << "  first paint: " << median(bare, QStringLiteral("first-paint")) << "\n"
        << "  plugins running: " << median(bare, QStringLiteral("plugins-running")) << "\n";
    QList<double> bareMemory;
    for (const Run &run : bare)
        bareMemory.append(double(run.pssKiB) / 1024.0);
    out << "  process tree PSS 1.5 s after: " << QString::number(LatencySummary::of(bareMemory).p50, 'f', 1) << " MiB\n";
    out << "warm launches (" << runs << ") with --session (" << count << " messages):\n"
        << "  first paint: " << median(opened, QStringLiteral("first-paint")) << "\n"
        << "  the session's first screen: " << median(opened, QStringLiteral("session-shown")) << "\n";
    QList<double> openMemory;
    for (const Run &run : opened)
        openMemory.append(double(run.pssKiB) / 1024.0);
    out << "  process tree PSS 1.5 s after: " << QString::number(LatencySummary::of(openMemory).p50, 'f', 1) << " MiB\n";
    return 0;
}
