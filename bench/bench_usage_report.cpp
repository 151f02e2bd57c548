// bench_usage_report: how long the usage report (valis-cli usage, View > Usage and cost) takes
// over a large store: by default 200 sessions x 200 messages (half of them answers with usage)
// over 60 days and three models, with two compactions per session. Prints the report's build
// time for all time and for the last 30 days, and for contrast the time to read every message
// through SessionStore::messages() and price it.
#include "stats.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/store/sessionstore.h"
#include "valis/store/usagereport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

using namespace valis;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

Result<void> fill(SessionStore &store, int sessions, int messagesPerSession)
{
    const QStringList models = {QStringLiteral("claude-sonnet-4-5"), QStringLiteral("gpt-5"),
                                QStringLiteral("claude-haiku-4-5")};
    const QString text = QStringLiteral("A line of a conversation about the build, long enough to look real. ").repeated(3);
    const QDateTime now = QDateTime::currentDateTime();
    for (int s = 0; s < sessions; ++s) {
        SessionInfo info;
        info.id = QStringLiteral("bench-%1").arg(s);
        info.title = QStringLiteral("Session %1").arg(s);
        info.model = models.at(s % models.size());
        const Result<SessionInfo> created = store.createSession(info);
        if (created.hasError())
            return created.error();
        QList<Message> messages;
        messages.reserve(messagesPerSession);
        const QDateTime start = now.addDays(-(s % 60)).addSecs(-3600);
        for (int m = 0; m < messagesPerSession; ++m) {
            Message message;
            message.createdAt = start.addSecs(m * 10);
            message.parts = {Part::makeText(text)};
            if (m % 2 == 0) {
                message.role = Role::User;
            } else {
                message.role = Role::Assistant;
                message.model = info.model;
                message.usage = Usage{200 + m, 150, m % 20 == 1 ? 4000 : 0, 1000 + 40 * m};
            }
            messages.append(message);
            if (m == messagesPerSession / 3 || m == 2 * messagesPerSession / 3) {
                CompactionEvent event;
                event.id = QStringLiteral("c-%1-%2").arg(s).arg(m);
                event.strategy = QStringLiteral("progressive");
                event.action = QStringLiteral("evict");
                event.tokensBefore = 60000;
                event.tokensAfter = 30000;
                event.cacheInvalidatedTokens = 5000;
                event.cacheCostUsd = 0.01;
                Message eventMessage = event.toMessage();
                eventMessage.createdAt = message.createdAt;
                messages.append(eventMessage);
            }
        }
        const Result<QList<Message>> stored = store.appendMessages(info.id, messages);
        if (stored.hasError())
            return stored.error();
    }
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times the usage report over a generated store."));
    parser.addHelpOption();
    const QCommandLineOption sessionsOption(QStringLiteral("sessions"), QStringLiteral("Sessions (200)."), QStringLiteral("N"), QStringLiteral("200"));
    const QCommandLineOption messagesOption(QStringLiteral("messages"), QStringLiteral("Messages per session (200)."), QStringLiteral("N"), QStringLiteral("200"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Timed runs of each (5)."), QStringLiteral("N"), QStringLiteral("5"));
    parser.addOptions({sessionsOption, messagesOption, runsOption});
    parser.process(app);
    const int sessions = parser.value(sessionsOption).toInt();
    const int messagesPerSession = parser.value(messagesOption).toInt();
    const int runs = qMax(1, parser.value(runsOption).toInt());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sessions.sqlite"));
    auto opened = SessionStore::open(path);
    if (opened.hasError()) {
        out() << opened.error().toString() << Qt::endl;
        return 1;
    }
    SessionStore &store = *opened.value();
    QElapsedTimer timer;
    timer.start();
    if (const Result<void> filled = fill(store, sessions, messagesPerSession); filled.hasError()) {
        out() << filled.error().toString() << Qt::endl;
        return 1;
    }
    out() << QStringLiteral("store: %1 sessions x %2 messages (+2 compactions each), %3 MB, written in %4 s")
                 .arg(sessions)
                 .arg(messagesPerSession)
                 .arg(double(QFileInfo(path).size()) / 1e6, 0, 'f', 1)
                 .arg(double(timer.elapsed()) / 1000.0, 0, 'f', 1)
          << Qt::endl;

    const ModelCatalog catalog = ModelCatalog::builtIn();
    for (const auto &[label, since] : {std::pair{QStringLiteral("all time"), QDate()},
                                       std::pair{QStringLiteral("last 30 days"), QDate::currentDate().addDays(-29)}}) {
        QList<double> times;
        UsageTotals totals;
        UsageCompactions compactions;
        for (int run = 0; run < runs; ++run) {
            timer.restart();
            const Result<UsageReport> report = UsageReport::build(store, catalog, since);
            if (report.hasError()) {
                out() << report.error().toString() << Qt::endl;
                return 1;
            }
            // Grouping is part of what the CLI and the view do with it.
            const qsizetype groups = report->groups(UsageGrouping::Day).size() + report->groups(UsageGrouping::Model).size()
                                     + report->groups(UsageGrouping::Session).size();
            times << double(timer.nsecsElapsed()) / 1e6;
            totals = report->totals();
            compactions = report->compactions();
            Q_UNUSED(groups)
        }
        out() << QStringLiteral("UsageReport::build + grouping, %1: %2 requests, %3 compactions, $%4 — %5")
                     .arg(label)
                     .arg(totals.messages)
                     .arg(compactions.events)
                     .arg(totals.costUsd, 0, 'f', 4)
                     .arg(LatencySummary::of(times).toString())
              << Qt::endl;
    }

    // For contrast: every message of every session loaded and priced one by one.
    QList<double> times;
    double cost = 0;
    for (int run = 0; run < qMin(runs, 2); ++run) {
        timer.restart();
        cost = 0;
        const Result<QList<SessionInfo>> all = store.sessions(SessionFilter{{}, {}, true, -1});
        for (const SessionInfo &session : all.value()) {
            const Result<QList<Message>> messages = store.messages(session.id);
            for (const Message &message : messages.value()) {
                if (message.role == Role::Assistant && !message.usage.isEmpty())
                    cost += catalog.cost(message.model, message.usage).total().value_or(0);
            }
        }
        times << double(timer.nsecsElapsed()) / 1e6;
    }
    out() << QStringLiteral("for contrast, SessionStore::messages() of every session, priced: $%1 — %2")
                 .arg(cost, 0, 'f', 4)
                 .arg(LatencySummary::of(times).toString())
          << Qt::endl;
    return 0;
}
