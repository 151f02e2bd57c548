#include "remotesession.h"

#include "clicontext.h"

#include "valis/agent/remotesandboxsettings.h"
#include "valis/agent/session.h"
#include "valis/credentials/credentialstore.h"
#include "valis/plugins/remotesandbox.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>

namespace valis::cli {

Result<void> provideCredentials(RemoteSandbox *sandbox, CredentialStore *keychain)
{
    std::optional<Result<QHash<QString, QString>>> found;
    QEventLoop loop;
    resolveRemoteCredentials(sandbox, keychain, &loop, [&found, &loop](const Result<QHash<QString, QString>> &secrets) {
        found = secrets;
        loop.quit();
    });
    if (!found)
        loop.exec();
    if (found->hasError())
        return found->error();
    sandbox->setCredentials(found->value());
    return {};
}

CliRemoteSession::~CliRemoteSession() = default;

void CliRemoteSession::say(const QString &line) const
{
    if (!m_quiet)
        m_context.err() << line << Qt::endl;
}

Result<void> CliRemoteSession::start(RemoteSandbox *sandbox, CredentialStore *keychain, const QString &sessionId,
                                     const QString &workspace, SessionConfig *config)
{
    if (const Result<void> credentials = provideCredentials(sandbox, keychain); credentials.hasError())
        return credentials;
    const Result<RemoteSandboxSettings> settings = RemoteSandboxSettings::load(m_context.locations().configDir(), sandbox->id());
    if (settings.hasError())
        return settings.error();
    m_keepBySettings = settings->keep;
    const DataLocations locations = m_context.locations();
    // A continued session goes back to the machine it kept, with the files as it left them.
    const bool known = RemoteWorkspace::record(locations, sessionId).ok();
    // Progress comes from the worker thread; it is printed here, in order.
    QPointer<QObject> receiver(QCoreApplication::instance());
    const RemoteWorkspace::Progress progress = [this, receiver](const QString &message) {
        if (receiver)
            QMetaObject::invokeMethod(receiver, [this, message] { say(message); }, Qt::QueuedConnection);
    };
    Result<std::unique_ptr<RemoteWorkspace>> opened = runBeside<Result<std::unique_ptr<RemoteWorkspace>>>([&] {
        return known ? RemoteWorkspace::reattach(sandbox, locations, sessionId)
                     : RemoteWorkspace::open(sandbox, settings.value(), sessionId, workspace, locations, progress);
    });
    QCoreApplication::processEvents();
    if (known && opened.hasError() && opened.error().code == QLatin1String("sandbox.remote-not-found")) {
        // The machine it kept is gone (deleted on the service's side): start afresh.
        say(Text::tr("the machine this session kept is gone (%1); creating a new one").arg(opened.error().message));
        RemoteWorkspace::forget(locations, sessionId);
        opened = runBeside<Result<std::unique_ptr<RemoteWorkspace>>>(
            [&] { return RemoteWorkspace::open(sandbox, settings.value(), sessionId, workspace, locations, progress); });
        QCoreApplication::processEvents();
    }
    if (opened.hasError())
        return opened.error();
    m_workspace = std::move(opened).value();
    config->sandbox = m_workspace->machine();
    config->workspaceBackend = m_workspace->filesystem();
    say(Text::tr("remote: %1").arg(m_workspace->describe()));
    return {};
}

Result<void> CliRemoteSession::finish(bool pull, bool keep)
{
    if (!m_workspace)
        return {};
    if (pull) {
        const Result<RemotePullReport> pulled = runBeside<Result<RemotePullReport>>([this] { return m_workspace->pull(); });
        if (pulled.hasError()) {
            // The files stay on the machine: keep it, so nothing is lost, and say how to get them.
            say(Text::tr("cannot bring the files back: %1; the machine is kept: `valis-cli sandbox pull %2` tries again")
                    .arg(pulled.error().message, m_workspace->recordData().sessionId));
            return pulled.error();
        }
        if (!m_quiet)
            printPullReport(m_context.err(), pulled.value());
    }
    if (keep || m_keepBySettings || !m_workspace->recordData().createdByValis) {
        say(Text::tr("the machine %1 is kept: `valis-cli sandbox pull %2` brings files back, `valis-cli sandbox cleanup` deletes it")
                .arg(m_workspace->machine()->info().machineId, m_workspace->recordData().sessionId));
        return {};
    }
    const QString machineId = m_workspace->machine()->info().machineId;
    const Result<void> released = runBeside<Result<void>>([this] { return m_workspace->release(); });
    if (released.hasError())
        return released;
    say(Text::tr("deleted the machine %1").arg(machineId));
    return {};
}

void printPullReport(QTextStream &stream, const RemotePullReport &report)
{
    for (const QString &line : report.lines())
        stream << line << Qt::endl;
}

} // namespace valis::cli
