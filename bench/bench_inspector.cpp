// bench_inspector: what the context inspector costs. A session of N requests (the real
// anthropic plugin against the tests' local provider server) records a manifest on every
// answer; this prints the bytes the manifests add per request, the time the recording's hashes
// take per request (the canonical view hash and the body hash, on the largest request too), and
// the milliseconds inspectRequest() takes per request, without and with the diff.
#include "sessionharness.h"
#include "stats.h"
#include "streambuilders.h"

#include "valis/context/requestinspector.h"
#include "valis/context/requestmanifest.h"
#include "valis/plugins/requestbodywriter.h"
#include "valis/record/branchindex.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

using namespace valis;
using namespace valis::test;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption requestsOption(QStringLiteral("requests"), QStringLiteral("Requests (one per turn)."), QStringLiteral("N"),
                                            QStringLiteral("200"));
    parser.addOption(requestsOption);
    parser.process(app);
    const int requests = parser.value(requestsOption).toInt();

    SessionHarness harness;
    if (!harness.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5"))) {
        std::fprintf(stderr, "%s\n", qPrintable(harness.error()));
        return 1;
    }
    const QString paragraph = QStringLiteral("The parser keeps a table of productions and a queue of pending items. ").repeated(6);
    for (int i = 0; i < requests; ++i)
        harness.server().enqueue(ScriptedResponse::sse(AnthropicStream(1000 + 200 * i, 800 + 200 * i, 200)
                                                           .text(QStringLiteral("Answer %1: ").arg(i) + paragraph)
                                                           .stop(QStringLiteral("end_turn"))));
    for (int i = 0; i < requests; ++i) {
        if (harness.runTurn(QStringLiteral("Question %1: ").arg(i) + paragraph) != QLatin1String("answered")) {
            std::fprintf(stderr, "turn %d did not answer\n", i);
            return 1;
        }
    }

    RequestInspectionInput input;
    input.sessionId = harness.session()->id();
    input.path = harness.session()->activePath();
    input.catalog = harness.config().catalog;
    input.bodyWriter = dynamic_cast<const RequestBodyWriter *>(harness.provider(QStringLiteral("anthropic")));
    SessionStore *store = harness.store();
    input.readBlob = [store](const QString &uri) { return store->readBlob(uri); };

    qint64 manifestBytes = 0;
    qint64 contentBytes = 0;
    qint64 bodyBytes = 0;
    int manifests = 0;
    for (const Message &message : std::as_const(input.path)) {
        if (const auto manifest = RequestManifest::fromMessage(message); manifest && manifest->ok()) {
            ++manifests;
            QJsonObject json = manifest->value().toJson();
            manifestBytes += QJsonDocument(json).toJson(QJsonDocument::Compact).size();
            if (json.contains(QLatin1String("content")))
                contentBytes += QJsonDocument(json.value(QLatin1String("content")).toObject()).toJson(QJsonDocument::Compact).size();
            bodyBytes += manifest->value().bodyBytes;
        }
    }
    std::printf("bench_inspector: %d requests (%d with a manifest), %lld messages on the path\n", requests, manifests,
                static_cast<long long>(input.path.size()));
    if (manifests == 0)
        return 1;
    std::printf("manifest: %.0f bytes per request on average (%.0f without the system prompt and tools stored once); "
                "the request bodies average %.0f bytes\n",
                double(manifestBytes) / manifests, double(manifestBytes - contentBytes) / manifests, double(bodyBytes) / manifests);

    QList<double> inspect;
    QList<double> inspectDiff;
    QList<double> hashing;
    for (int n = 1; n <= manifests; ++n) {
        input.request = n;
        input.diff = false;
        QElapsedTimer timer;
        timer.start();
        const Result<QJsonObject> inspected = inspectRequest(input);
        inspect.append(double(timer.nsecsElapsed()) / 1e6);
        if (inspected.hasError() || !inspected->value(QLatin1String("hash")).toObject().value(QLatin1String("match")).toBool()) {
            std::fprintf(stderr, "request %d does not match\n", n);
            return 1;
        }
        input.diff = true;
        timer.restart();
        (void)inspectRequest(input);
        inspectDiff.append(double(timer.nsecsElapsed()) / 1e6);
    }
    // What recording adds to a request: the canonical view hash and the SHA-256 of the body, timed
    // on a request as large as the last one (the view of the whole session).
    ProviderRequest last;
    last.model = QStringLiteral("claude-sonnet-4-5");
    for (const Message &message : std::as_const(input.path)) {
        if (message.role != Role::System)
            last.messages.append(message);
    }
    const QByteArray body = input.bodyWriter ? input.bodyWriter->requestBody(last) : QByteArray();
    QStringList messageHashes;
    for (const Message &message : std::as_const(last.messages))
        messageHashes.append(viewMessageSha256(message));
    QList<double> repeated;
    for (int i = 0; i < 20; ++i) {
        QElapsedTimer timer;
        timer.start();
        const QString view = requestViewSha256(last);
        const QString sent = sha256Hex(body);
        hashing.append(double(timer.nsecsElapsed()) / 1e6);
        // The recorder's usual case: the messages it hashed for the previous request are
        // repeated unchanged, only the last two are new.
        timer.restart();
        QStringList hashes = messageHashes;
        for (qsizetype m = last.messages.size() - 2; m < last.messages.size(); ++m)
            hashes[m] = viewMessageSha256(last.messages.at(m));
        const QString again = requestViewSha256(last, hashes);
        const QString sentAgain = sha256Hex(body);
        repeated.append(double(timer.nsecsElapsed()) / 1e6);
        if (view.isEmpty() || sent.isEmpty() || again != view || sentAgain != sent)
            return 1;
    }
    std::printf("recording's hashes on the largest request (%lld messages, %lld body bytes), every message hashed: %s\n",
                static_cast<long long>(last.messages.size()), static_cast<long long>(body.size()),
                qPrintable(LatencySummary::of(hashing).toString()));
    std::printf("the same with the earlier messages' hashes reused (the recorder's steady state): %s\n",
                qPrintable(LatencySummary::of(repeated).toString()));
    std::printf("inspect one request: %s\n", qPrintable(LatencySummary::of(inspect).toString()));
    std::printf("inspect with --diff: %s\n", qPrintable(LatencySummary::of(inspectDiff).toString()));
    return 0;
}
