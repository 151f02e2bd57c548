// bench_startup: the real `valis` from launch to its first paint, its plugins running, and the
// first screen of a long session opened with --session; the memory of its whole process tree with
// that session open. A bare Qt WebEngine window (bench_bare_window) is launched in the same run,
// interleaved, and valis is reported against it as ratios, since absolute times differ twice
// over between hosts of this kind. Run under a display (see bench/README.md).
#include "conversationcorpus.h"
#include "processmemory.h"
#include "stats.h"

#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

#include <signal.h>

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

// How a program is started: as this process's user, or through runuser as `user` (Chromium's
// sandbox on: no --no-sandbox in the environment, HOME in the profile).
struct Launcher
{
    QString user;
    QString home;

    void start(QProcess &process, const QString &program, QStringList arguments) const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("VALIS_REPORT_STARTUP"), QStringLiteral("1"));
        if (user.isEmpty()) {
            process.setProcessEnvironment(environment);
            process.start(program, arguments);
            return;
        }
        environment.remove(QStringLiteral("QTWEBENGINE_CHROMIUM_FLAGS"));
        environment.remove(QStringLiteral("XAUTHORITY")); // root's; run Xvfb with -ac
        environment.insert(QStringLiteral("HOME"), home);
        environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        process.setProcessEnvironment(environment);
        arguments.prepend(program);
        arguments.prepend(QStringLiteral("--"));
        arguments.prepend(user);
        arguments.prepend(QStringLiteral("-u"));
        process.start(QStringLiteral("runuser"), arguments);
    }
};

// Launches `program` and reads its VALIS_REPORT_STARTUP lines until `last` arrives. A step
// ending in "-at" carries a time since the epoch; it is placed on this launch's clock.
Run launch(const Launcher &launcher, const QString &program, const QStringList &arguments, const QString &last, int settleMs)
{
    Run run;
    QProcess valis;
    valis.setProcessChannelMode(QProcess::SeparateChannels);
    qint64 launchedAt = 0;
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
                QString step = QString::fromLatin1(fields.at(1));
                if (step.endsWith(QLatin1String("-at")) && fields.size() >= 3) {
                    step.chop(3);
                    run.steps.insert(step, fields.at(2).trimmed().toLongLong() - launchedAt);
                } else {
                    run.steps.insert(step, clock.elapsed());
                }
                if (step == last)
                    loop.quit();
            }
            pending.remove(0, newline + 1);
        }
    });
    QObject::connect(&valis, &QProcess::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    launchedAt = QDateTime::currentMSecsSinceEpoch();
    clock.start();
    launcher.start(valis, program, arguments);
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
    // Through runuser the program is a child of the process started here: end the whole tree.
    if (valis.state() != QProcess::NotRunning) {
        for (const qint64 pid : bench::processTree(valis.processId()))
            ::kill(pid_t(pid), SIGKILL);
    }
    valis.kill();
    valis.waitForFinished(10000);
    return run;
}

QList<double> valuesOf(const QList<Run> &runs, const QString &step)
{
    QList<double> values;
    for (const Run &run : runs) {
        if (run.steps.contains(step))
            values.append(double(run.steps.value(step)));
    }
    return values;
}

double p50(const QList<Run> &runs, const QString &step)
{
    return LatencySummary::of(valuesOf(runs, step)).p50;
}

double pssP50(const QList<Run> &runs)
{
    QList<double> values;
    for (const Run &run : runs)
        values.append(double(run.pssKiB) / 1024.0);
    return LatencySummary::of(values).p50;
}

QString ratio(double value, double against, double goal)
{
    if (against <= 0)
        return QStringLiteral("-");
    const double r = value / against;
    return QStringLiteral("%1x (goal <= %2x: %3)").arg(r, 0, 'f', 2).arg(goal, 0, 'f', 1)
        .arg(r <= goal ? QStringLiteral("met") : QStringLiteral("MISSED"));
}

QString median(const QList<Run> &runs, const QString &step)
{
    const QList<double> values = valuesOf(runs, step);
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
    parser.setApplicationDescription(QStringLiteral("valis from launch to first paint and to a long session's first screen, "
                                                    "against a bare Qt WebEngine window."));
    parser.addHelpOption();
    const QCommandLineOption messagesOption(QStringLiteral("messages"), QStringLiteral("Messages in the session (default 10000)."),
                                            QStringLiteral("N"), QStringLiteral("10000"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Launches of each kind (default 5)."),
                                        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption userOption(QStringLiteral("user"),
                                        QStringLiteral("Run valis and the bare window as USER through runuser, with Chromium's "
                                                       "sandbox on (run as root; Xvfb with -ac)."),
                                        QStringLiteral("USER"));
    const QCommandLineOption valisOption(QStringLiteral("valis"),
                                         QStringLiteral("The valis binary to launch (default: this build's), to compare builds "
                                                        "on the same profile."),
                                         QStringLiteral("PATH"), QStringLiteral(VALIS_BINARY));
    parser.addOptions({messagesOption, runsOption, userOption, valisOption});
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
        // Indexed as a session is once the store has had its idle minutes (and as an import
        // leaves it): otherwise every launch spends its seconds on the same backlog, competing
        // with the first screen, and each run measures a different amount of it.
        auto indexed = store.value()->indexPending();
        if (indexed.hasError()) {
            out << "cannot index the session: " << indexed.error().toString() << "\n";
            return 1;
        }
        sessionId = created->id;
    }
    const Launcher launcher{parser.value(userOption), home.path()};
    if (!launcher.user.isEmpty()) {
        // The profile becomes the user's; the temporary folder is left where it can reach it.
        QProcess chown;
        chown.start(QStringLiteral("chown"), {QStringLiteral("-R"), launcher.user, home.path()});
        if (!chown.waitForFinished() || chown.exitCode() != 0) {
            out << "cannot give the profile to " << launcher.user << "\n";
            return 1;
        }
    }
    out << "profile " << home.path() << ": session " << sessionId << " of " << count << " messages"
        << (launcher.user.isEmpty() ? QString() : QStringLiteral(", run as %1 with Chromium's sandbox on").arg(launcher.user)) << "\n";
    out.flush();

    const QString valisBinary = parser.value(valisOption);
    const QString bareBinary = QStringLiteral(VALIS_BARE_WINDOW_BINARY);
    const QStringList profile{QStringLiteral("--home"), home.path()};
    // The first launches also fill the disk cache; they are reported apart. Then each kind in
    // turn, so that a change in the machine's load hits every kind alike.
    QList<Run> bareWindow;
    QList<Run> bare;
    QList<Run> opened;
    for (int i = 0; i < runs + 1; ++i) {
        const Run window = launch(launcher, bareBinary, {}, QStringLiteral("first-contentful-paint"), 1500);
        if (!window.ok) {
            out << "the bare window did not report its first contentful paint; it wrote:\n"
                << QString::fromUtf8(window.errors.right(3000)) << "\n";
            return 1;
        }
        const Run run = launch(launcher, valisBinary, profile, QStringLiteral("plugins-running"), 1500);
        if (!run.ok) {
            out << "valis did not report its start (is there a display? run under xvfb-run); it wrote:\n"
                << QString::fromUtf8(run.errors.right(3000)) << "\n";
            return 1;
        }
        if (i == 0) {
            out << "cold launch: first paint " << run.steps.value(QStringLiteral("first-paint")) << " ms, plugins running "
                << run.steps.value(QStringLiteral("plugins-running")) << " ms; bare window first exposure "
                << window.steps.value(QStringLiteral("first-exposure")) << " ms\n";
            continue;
        }
        bareWindow.append(window);
        bare.append(run);
        const Run session = launch(launcher, valisBinary, profile + QStringList{QStringLiteral("--session"), sessionId},
                                   QStringLiteral("session-shown"), 1500);
        if (!session.ok) {
            out << "valis did not show the session; it reported " << QStringList(session.steps.keys()).join(QStringLiteral(", "))
                << " and wrote:\n" << QString::fromUtf8(session.errors.right(3000)) << "\n";
            return 1;
        }
        opened.append(session);
    }
    out << "bare Qt WebEngine window (" << runs << " warm launches):\n"
        << "  first exposure: " << median(bareWindow, QStringLiteral("first-exposure")) << "\n"
        << "  first contentful paint: " << median(bareWindow, QStringLiteral("first-contentful-paint")) << "\n"
        << "  process tree PSS 1.5 s after: " << QString::number(pssP50(bareWindow), 'f', 1) << " MiB\n";
    out << "valis, warm launches (" << runs << "), the profile's session list only:\n"
        << "  main window built: " << median(bare, QStringLiteral("window-built")) << "\n"
        << "  first exposure: " << median(bare, QStringLiteral("first-exposure")) << "\n"
        << "  first paint: " << median(bare, QStringLiteral("first-paint")) << "\n"
        << "  plugins running: " << median(bare, QStringLiteral("plugins-running")) << "\n"
        << "  process tree PSS 1.5 s after: " << QString::number(pssP50(bare), 'f', 1) << " MiB\n";
    out << "valis, warm launches (" << runs << ") with --session (" << count << " messages):\n"
        << "  first paint: " << median(opened, QStringLiteral("first-paint")) << "\n"
        << "  the session's first screen: " << median(opened, QStringLiteral("session-shown")) << "\n"
        << "  process tree PSS 1.5 s after: " << QString::number(pssP50(opened), 'f', 1) << " MiB\n";
    const double exposure = p50(bareWindow, QStringLiteral("first-exposure"));
    const double contentful = p50(bareWindow, QStringLiteral("first-contentful-paint"));
    out << "ratios (p50 over p50):\n"
        << "  valis first paint / bare first exposure: " << ratio(p50(bare, QStringLiteral("first-paint")), exposure, 1.0) << "\n"
        << "  (valis first exposure / bare first exposure: " << ratio(p50(bare, QStringLiteral("first-exposure")), exposure, 1.0) << ")\n"
        << "  " << count << "-message session's first screen / bare first contentful paint: "
        << ratio(p50(opened, QStringLiteral("session-shown")), contentful, 1.2) << "\n"
        << "  process tree PSS with the session open: " << QString::number(pssP50(opened), 'f', 1) << " MiB = "
        << QString::number(pssP50(opened) * 1.048576, 'f', 1) << " MB (goal <= 280 MB: "
        << (pssP50(opened) * 1.048576 <= 280.0 ? "met" : "MISSED") << ")\n";
    return 0;
}
