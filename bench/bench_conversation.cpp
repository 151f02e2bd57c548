// What the conversation pane costs with a long session open: the page's first load, the first
// screen of a 10,000-message session, the memory of the whole process tree (the app and its
// QtWebEngineProcess children) after opening, after scrolling back and after streaming, and the
// frame times while an answer streams. Run under a display (xvfb-run is fine); prints figures.
#include "conversationbridge.h"
#include "conversationview.h"
#include "conversationapp.h"
#include "conversationcorpus.h"
#include "eventloopwait.h"
#include "pageevaluate.h"
#include "processmemory.h"
#include "stats.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QEventLoop>
#include <QTimer>

#include <functional>
#include <QTextStream>

#include <cstdio>

using namespace valis;
using valis::bench::spinFor;
using valis::bench::spinUntil;

namespace {

QTextStream out(stdout);

QString mib(qint64 kib)
{
    return QString::number(double(kib) / 1024.0, 'f', 1) + QStringLiteral(" MiB");
}

QString memoryText()
{
    const qint64 self = QCoreApplication::applicationPid();
    const qint64 tree = valis::bench::treePssKiB(self);
    const qint64 own = valis::bench::pssKiB(self);
    return mib(tree) + QStringLiteral(" (this process ") + mib(own) + QStringLiteral(", WebEngine processes ") + mib(tree - own)
        + QStringLiteral(")");
}

QVariant evaluate(ConversationView &view, const QString &script)
{
    const std::optional<QVariant> result = valis::bench::evaluateInPage(view.page(), script);
    if (!result)
        out << "the page did not answer\n";
    return result.value_or(QVariant());
}

bool waitRendered(ConversationView &view, int after)
{
    return spinUntil([&] { return view.bridge()->renderedCount() > after; }, 60000);
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    valis::bench::prepareConversationApp();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The conversation pane with a long session (see bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption messagesOption(QStringLiteral("messages"), QStringLiteral("Messages in the session (default 10000)."),
                                            QStringLiteral("N"), QStringLiteral("10000"));
    const QCommandLineOption streamOption(QStringLiteral("stream-seconds"), QStringLiteral("Seconds of streaming (default 10)."),
                                          QStringLiteral("S"), QStringLiteral("10"));
    const QCommandLineOption rateOption(QStringLiteral("rate"), QStringLiteral("Streamed tokens per second (default 100)."),
                                        QStringLiteral("N"), QStringLiteral("100"));
    parser.addOptions({messagesOption, streamOption, rateOption});
    parser.process(app);
    const int count = parser.value(messagesOption).toInt();
    const int streamSeconds = parser.value(streamOption).toInt();
    const int rate = qMax(1, parser.value(rateOption).toInt());

    QElapsedTimer timer;
    timer.start();
    ConversationView view;
    view.resize(1000, 800);
    view.show();
    if (!spinUntil([&] { return view.isPageReady(); }, 60000)) {
        out << "the page did not load\n";
        return 1;
    }
    out << "page loaded and connected: " << timer.elapsed() << " ms after the view was made ("
        << sinceStart.elapsed() << " ms after the process started)\n";
    out << "process tree PSS, empty page: " << memoryText() << "\n";
    out.flush();

    const QList<Message> messages = valis::bench::generatedConversation(count);
    qint64 bytes = 0;
    for (const Message &message : messages)
        for (const Part &part : message.parts)
            bytes += part.searchText().size();
    out << "session: " << messages.size() << " messages, " << mib(bytes / 1024) << " of text\n";

    SessionInfo session;
    session.id = QStringLiteral("s-bench");
    session.title = QStringLiteral("A long session");
    int before = view.bridge()->renderedCount();
    timer.restart();
    view.showSession(session, messages);
    waitRendered(view, before);
    const qint64 rendered = timer.elapsed();
    evaluate(view, QStringLiteral("1")); // a round trip: the page has finished what it was doing
    out << "first screen of " << messages.size() << " messages: " << rendered << " ms (rendered), " << timer.elapsed()
        << " ms (page idle again); " << evaluate(view, QStringLiteral("document.querySelectorAll('article.msg').length")).toInt()
        << " messages in the page\n";
    spinFor(1000);
    out << "process tree PSS, session open: " << memoryText() << "\n";
    out.flush();

    // Scroll back through ten pages of earlier messages, then to the end again.
    for (int i = 0; i < 10 && view.firstRendered() > 0; ++i) {
        before = view.bridge()->renderedCount();
        evaluate(view, QStringLiteral("window.scrollTo(0, 0); document.getElementById('load-earlier').click()"));
        waitRendered(view, before);
    }
    for (int i = 0; i < 40; ++i) {
        evaluate(view, QStringLiteral("window.scrollBy(0, document.body.scrollHeight / 40)"));
        spinFor(20);
    }
    spinFor(1000);
    out << "process tree PSS, after scrolling back to message " << view.firstRendered() << " (" << view.endRendered() - view.firstRendered()
        << " in the page): "
        << memoryText() << "\n";
    out.flush();

    // Stream an answer at `rate` tokens per second while the page records its frames.
    evaluate(view, QStringLiteral("window.scrollTo(0, document.body.scrollHeight); window.__frames = [];"
                                  "(function frame(t) { window.__frames.push(t); requestAnimationFrame(frame); })(performance.now());"));
    const QStringList tokens{QStringLiteral(" the"), QStringLiteral(" build"), QStringLiteral(" now"), QStringLiteral(" passes"),
                             QStringLiteral(" `make`"), QStringLiteral(" **test**"), QStringLiteral("\n\n"), QStringLiteral(" and")};
    QElapsedTimer streaming;
    streaming.start();
    int sent = 0;
    while (streaming.elapsed() < streamSeconds * 1000) {
        const qint64 due = qint64(sent) * 1000 / rate;
        if (streaming.elapsed() >= due) {
            view.appendStreamText(tokens.at(sent % tokens.size()));
            ++sent;
        }
        spinFor(2);
    }
    spinFor(200);
    const QVariantList frames = evaluate(view, QStringLiteral("window.__frames")).toList();
    QList<double> intervals;
    for (qsizetype i = 1; i < frames.size(); ++i)
        intervals.append(frames.at(i).toDouble() - frames.at(i - 1).toDouble());
    const LatencySummary summary = LatencySummary::of(intervals);
    out << "streaming " << sent << " tokens at " << rate << "/s: " << view.bridge()->renderedCount() - before
        << " renders; frame interval p50 " << summary.p50 << " ms, p90 " << summary.p90 << " ms, p99 " << summary.p99
        << " ms, max " << summary.max << " ms over " << summary.count << " frames\n";
    out << "process tree PSS, after streaming: " << memoryText() << "\n";
    out.flush();
    return 0;
}
