// valis-cli mcp serve --http: the Streamable HTTP side of `mcp serve` (mcpserve.cpp parses the
// options and builds the handler): the bearer token from the keychain, the listening line a
// script can wait for, the audit log, and a clean stop on SIGINT/SIGTERM.
#include "clicontext.h"
#include "mcpserve.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpauditlog.h"
#include "valis/mcp/mcpstreamablehttpserver.h"
#include "valis/server/httpserver.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QPointer>
#include <QSocketNotifier>

#include <cstdio>
#include <optional>

#if defined(Q_OS_UNIX)
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <qt_windows.h>
#endif

namespace valis::cli {

namespace {

const QString kTokenAccount = QStringLiteral("mcp-server-token");

#if defined(Q_OS_UNIX)
int stopPipe[2] = {-1, -1};

void onStopSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(stopPipe[1], &byte, 1);
}
#elif defined(Q_OS_WIN)
QPointer<QEventLoop> stopLoop;

BOOL WINAPI onConsoleControl(DWORD)
{
    // Another thread: the loop is asked to quit through its own event queue.
    if (stopLoop)
        QMetaObject::invokeMethod(stopLoop.data(), &QEventLoop::quit, Qt::QueuedConnection);
    return TRUE;
}
#endif

/// Quits `loop` on SIGINT or SIGTERM (Ctrl+C or Ctrl+Break on Windows), through a self-pipe so
/// the handler does nothing but write one byte; the previous handlers come back afterwards.
class StopSignals
{
public:
    explicit StopSignals(QEventLoop *loop)
    {
#if defined(Q_OS_UNIX)
        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, stopPipe) != 0)
            return;
        m_notifier = std::make_unique<QSocketNotifier>(stopPipe[0], QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, loop, [loop] {
            char byte;
            [[maybe_unused]] const ssize_t n = ::read(stopPipe[0], &byte, 1);
            loop->quit();
        });
        struct sigaction action = {};
        action.sa_handler = onStopSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(SIGINT, &action, &m_previousInt);
        sigaction(SIGTERM, &action, &m_previousTerm);
#elif defined(Q_OS_WIN)
        stopLoop = loop;
        SetConsoleCtrlHandler(onConsoleControl, TRUE);
#else
        Q_UNUSED(loop);
#endif
    }

    ~StopSignals()
    {
#if defined(Q_OS_UNIX)
        if (!m_notifier)
            return;
        sigaction(SIGINT, &m_previousInt, nullptr);
        sigaction(SIGTERM, &m_previousTerm, nullptr);
        m_notifier.reset();
        ::close(stopPipe[0]);
        ::close(stopPipe[1]);
        stopPipe[0] = stopPipe[1] = -1;
#elif defined(Q_OS_WIN)
        SetConsoleCtrlHandler(onConsoleControl, FALSE);
        stopLoop = nullptr;
#endif
    }

    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;

private:
#if defined(Q_OS_UNIX)
    std::unique_ptr<QSocketNotifier> m_notifier;
    struct sigaction m_previousInt = {};
    struct sigaction m_previousTerm = {};
#endif
};

/// Runs one keychain call to its end (the keychain answers through the event loop).
template<typename T, typename Call>
T waitFor(Call call)
{
    std::optional<T> answer;
    QEventLoop loop;
    call([&answer, &loop](const T &value) {
        answer.emplace(value);
        loop.quit();
    });
    if (!answer)
        loop.exec();
    return *answer;
}

/// The bearer token: the one in the keychain, or a new one stored there (and shown once) when
/// there is none or `rotate`.
Result<QString> bearerToken(CliContext &context, bool rotate)
{
    KeychainCredentialStore keychain;
    if (!rotate) {
        const auto stored = waitFor<Result<std::optional<QString>>>(
            [&keychain](CredentialStore::ReadCallback done) { keychain.read(kTokenAccount, std::move(done)); });
        if (stored.hasError())
            return stored.error();
        if (stored->has_value() && !(*stored)->isEmpty())
            return **stored;
    }
    const QString token = httpaccess::generateToken(QStringLiteral("valis-mcp-"));
    const auto written = waitFor<Result<void>>(
        [&keychain, &token](CredentialStore::WriteCallback done) { keychain.write(kTokenAccount, token, std::move(done)); });
    if (written.hasError())
        return written.error();
    // Only now and only here: afterwards it lives in the keychain alone.
    context.err() << Text::tr("valis-cli mcp serve: a new bearer token was stored in the keychain (account %1). "
                              "It is shown this once; clients send it as \"Authorization: Bearer TOKEN\":")
                         .arg(kTokenAccount)
                  << Qt::endl
                  << token << Qt::endl;
    return token;
}

} // namespace

int serveMcpHttp(CliContext &context, McpServerHandler *handler, const McpServeOptions &options, const McpAuditLog &audit)
{
    const QString command = QStringLiteral("mcp serve");
    const Result<QString> token = bearerToken(context, options.rotateToken);
    if (token.hasError())
        return context.fail(command, Error(token.error().code,
                                           Text::tr("cannot get the bearer token from the keychain: %1").arg(token.error().message)));

    McpStreamableHttpServer server(handler);
    McpStreamableHttpServer::Options serverOptions;
    serverOptions.address = options.address;
    serverOptions.port = options.port;
    serverOptions.bearerToken = *token;
    serverOptions.allowedOrigins = options.allowedOrigins;
    if (const Result<void> listening = server.listen(serverOptions); listening.hasError())
        return context.fail(command, listening.error());

    QObject::connect(&server, &McpStreamableHttpServer::called, &server, mcpAuditWriter(context, audit));

    // A client set up with a stale token or from a page's Origin fails quietly on its side; the
    // reason is said here, where the person who runs the server looks.
    QObject::connect(&server, &McpStreamableHttpServer::refused, &server, [&context](int status, const QString &reason) {
        context.err() << Text::tr("valis-cli mcp serve: refused a request (%1): %2").arg(status).arg(reason) << Qt::endl;
    });

    QEventLoop loop;
    StopSignals stop(&loop);
    context.err() << Text::tr("valis-cli mcp serve: serving the memory of agent %1%2 over Streamable HTTP; Ctrl+C stops")
                         .arg(options.agentId, options.readOnly ? Text::tr(" (read-only)") : QString())
                  << Qt::endl;
    // Machine-read (scripts and tests wait for it, port 0 included), so never translated.
    context.out() << QStringLiteral("MCP server listening on ") << server.url() << Qt::endl;
    context.out().flush();
    std::fflush(stdout);
    loop.exec();
    server.close();
    context.err() << Text::tr("valis-cli mcp serve: stopped") << Qt::endl;
    return 0;
}

} // namespace valis::cli
