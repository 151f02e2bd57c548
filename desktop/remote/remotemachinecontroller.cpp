#include "remotemachinecontroller.h"

#include "valis/credentials/credentialstore.h"
#include "valis/plugins/remotesandbox.h"

#include <QCoreApplication>
#include <QHash>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

namespace valis {

namespace {
using Secrets = QHash<QString, QString>;
} // namespace

RemoteMachineController::RemoteMachineController(const DataLocations &locations, CredentialStore *keys, QObject *parent)
    : QObject(parent), m_locations(locations), m_keys(keys), m_pool(new QThreadPool)
{
    m_pool->setMaxThreadCount(1);
    m_refresh = new QTimer(this);
    m_refresh->setInterval(std::chrono::seconds(30));
    connect(m_refresh, &QTimer::timeout, this, &RemoteMachineController::refresh);
    m_idle = new QTimer(this);
    m_idle->setSingleShot(true);
    connect(m_idle, &QTimer::timeout, this, [this] {
        if (isAttached())
            Q_EMIT idle();
    });
}

RemoteMachineController::~RemoteMachineController()
{
    // A job stuck on the network must not hold the window open: after a short wait it is left
    // to finish on its own (the pool with it), and the record it saved tells cleanup the rest.
    if (waitForJobs(std::chrono::seconds(5)))
        delete m_pool;
}

QString RemoteMachineController::sessionId() const
{
    return m_workspace ? m_workspace->recordData().sessionId : QString();
}

bool RemoteMachineController::waitForJobs(std::chrono::milliseconds limit)
{
    return m_pool->waitForDone(int(limit.count()));
}

void RemoteMachineController::setRefreshInterval(std::chrono::milliseconds interval)
{
    m_refresh->setInterval(interval);
}

void RemoteMachineController::setIdleInterval(std::chrono::milliseconds interval)
{
    m_idleInterval = interval;
    if (m_idle->isActive() || interval.count() > 0)
        noteActivity();
}

void RemoteMachineController::noteActivity()
{
    if (!isAttached())
        return;
    if (m_idleInterval.count() > 0)
        m_idle->start(m_idleInterval);
    else if (m_settings.idleMinutes > 0)
        m_idle->start(std::chrono::minutes(m_settings.idleMinutes));
    else
        m_idle->stop();
}

void RemoteMachineController::changeJobs(int delta)
{
    const bool before = isWorking();
    m_jobs += delta;
    if (before != isWorking())
        Q_EMIT workingChanged(isWorking());
}

void RemoteMachineController::runJob(std::function<std::function<void()>()> work)
{
    changeJobs(+1);
    QPointer<RemoteMachineController> self(this);
    m_pool->start([self, work = std::move(work)] {
        std::function<void()> then = work();
        if (QCoreApplication *app = QCoreApplication::instance())
            QMetaObject::invokeMethod(app, [self, then = std::move(then)] {
                if (!self)
                    return;
                self->changeJobs(-1);
                if (then)
                    then();
            }, Qt::QueuedConnection);
    });
}

void RemoteMachineController::attach(RemoteSandbox *sandbox, const QString &sessionId, const QString &localWorkspace,
                                     Attached done)
{
    Q_ASSERT(!m_workspace && !m_attaching);
    const Result<RemoteSandboxSettings> settings = RemoteSandboxSettings::load(m_locations.configDir(), sandbox->id());
    if (settings.hasError()) {
        Q_EMIT failed(settings.error().toString());
        done(settings.error());
        return;
    }
    m_attaching = true;
    Q_EMIT workingChanged(true);
    Q_EMIT progressed(tr("Looking up the %1 key…").arg(sandbox->displayName()));
    QPointer<RemoteMachineController> self(this);
    resolveRemoteCredentials(sandbox, m_keys, this,
                       [self, sandbox, sessionId, localWorkspace, settings = settings.value(), done](const Result<Secrets> &secrets) {
                           if (!self)
                               return;
                           if (secrets.hasError()) {
                               self->m_attaching = false;
                               Q_EMIT self->workingChanged(self->isWorking());
                               Q_EMIT self->failed(secrets.error().message);
                               done(secrets.error());
                               return;
                           }
                           sandbox->setCredentials(secrets.value());
                           self->attachResolved(sandbox, sessionId, localWorkspace, settings, done);
                       });
}

void RemoteMachineController::attachResolved(RemoteSandbox *sandbox, const QString &sessionId, const QString &localWorkspace,
                                             const RemoteSandboxSettings &settings, Attached done)
{
    // A session that kept its machine goes back to it, with the files as it left them; a
    // record of another service's machine is not this sandbox's to attach to.
    const Result<RemoteWorkspaceRecord> known = RemoteWorkspace::record(m_locations, sessionId);
    const bool reattach = known.ok() && known->sandboxId == sandbox->id();
    QPointer<RemoteMachineController> self(this);
    const RemoteWorkspace::Progress progress = [self](const QString &message) {
        if (QCoreApplication *app = QCoreApplication::instance())
            QMetaObject::invokeMethod(app, [self, message] {
                if (self)
                    Q_EMIT self->progressed(message);
            }, Qt::QueuedConnection);
    };
    if (reattach)
        progress(tr("Attaching again to %1 machine %2…").arg(sandbox->displayName(), known->machineId));
    const DataLocations locations = m_locations;
    runJob([self, sandbox, sessionId, localWorkspace, settings, reattach, locations, progress, done]() -> std::function<void()> {
        Result<std::unique_ptr<RemoteWorkspace>> opened = reattach ? RemoteWorkspace::reattach(sandbox, locations, sessionId)
                                                                   : RemoteWorkspace::open(sandbox, settings, sessionId, localWorkspace,
                                                                                           locations, progress);
        // The machine it kept is gone (deleted by hand, stopped by the service): a new one.
        if (reattach && opened.hasError() && opened.error().code == QLatin1String("sandbox.remote-not-found")) {
            RemoteWorkspace::forget(locations, sessionId);
            opened = RemoteWorkspace::open(sandbox, settings, sessionId, localWorkspace, locations, progress);
        }
        if (opened.hasError())
            return [self, error = opened.error(), done] {
                self->m_attaching = false;
                Q_EMIT self->workingChanged(self->isWorking());
                Q_EMIT self->failed(error.message);
                done(error);
            };
        std::shared_ptr<RemoteWorkspace> workspace = std::move(opened).value();
        const QString description = workspace->describe();
        return [self, workspace, description, sandbox, settings, done] {
            self->m_attaching = false;
            self->m_workspace = workspace;
            self->m_sandbox = sandbox;
            self->m_settings = settings;
            self->m_description = description;
            self->m_descriptionWarning = !workspace->machine()->info().running;
            self->m_refresh->start();
            self->noteActivity();
            Q_EMIT self->workingChanged(self->isWorking());
            Q_EMIT self->attachedChanged(true);
            Q_EMIT self->machineChanged(description, self->m_descriptionWarning);
            done(workspace.get());
        };
    });
}

void RemoteMachineController::refresh()
{
    // Asked again only when nothing else talks to the machine: a queue of refreshes behind a
    // long upload says nothing new.
    if (!isAttached() || m_jobs > 0)
        return;
    QPointer<RemoteMachineController> self(this);
    runJob([self, workspace = m_workspace]() -> std::function<void()> {
        const Result<RemoteMachineInfo> info = workspace->machine()->refresh();
        const QString description = workspace->describe();
        return [self, workspace, info, description] {
            if (self->m_workspace != workspace)
                return; // released meanwhile
            if (info.hasError()) {
                self->m_description = tr("%1 · not reachable: %2").arg(description, info.error().message);
                self->m_descriptionWarning = true;
                Q_EMIT self->machineChanged(self->m_description, true);
                return;
            }
            self->m_description = description;
            self->m_descriptionWarning = !info->running;
            Q_EMIT self->machineChanged(description, self->m_descriptionWarning);
        };
    });
}

void RemoteMachineController::pull()
{
    if (!isAttached())
        return;
    Q_EMIT progressed(tr("Bringing files back from the machine…"));
    QPointer<RemoteMachineController> self(this);
    runJob([self, workspace = m_workspace]() -> std::function<void()> {
        const Result<RemotePullReport> pulled = workspace->pull();
        return [self, pulled] {
            // The line goes back from the progress to the machine.
            if (self->isAttached())
                Q_EMIT self->machineChanged(self->m_description, self->m_descriptionWarning);
            if (pulled.hasError()) {
                const QString message = tr("Cannot bring the files back: %1").arg(pulled.error().message);
                Q_EMIT self->failed(message);
                Q_EMIT self->pullFinished(message, true);
                return;
            }
            Q_EMIT self->pullFinished(pulled.value().lines().join(QLatin1Char('\n')), false);
        };
    });
}

void RemoteMachineController::release(std::function<void()> done)
{
    if (m_releasing) {
        if (done)
            m_afterRelease.append(std::move(done));
        return;
    }
    if (!m_workspace) {
        if (done)
            done();
        return;
    }
    m_releasing = true;
    m_refresh->stop();
    m_idle->stop();
    const bool keep = m_settings.keep || !m_workspace->recordData().createdByValis;
    const QString machineId = m_workspace->machine()->info().machineId;
    const QString service = m_sandbox->displayName();
    Q_EMIT progressed(keep ? tr("Bringing files back from %1 machine %2…").arg(service, machineId)
                           : tr("Bringing files back, then deleting %1 machine %2…").arg(service, machineId));
    Q_EMIT attachedChanged(false);
    QPointer<RemoteMachineController> self(this);
    runJob([self, workspace = m_workspace, keep, machineId, service, done]() -> std::function<void()> {
        QString summary;
        bool warning = false;
        QString pulledText;
        if (!workspace->recordData().localWorkspace.isEmpty()) {
            const Result<RemotePullReport> pulled = workspace->pull();
            if (pulled.hasError()) {
                // The files are only on the machine now: it stays, and the person is told how
                // to get them.
                summary = tr("Could not bring the files back (%1); %2 machine %3 is kept: `valis-cli sandbox pull %4` "
                             "tries again, `valis-cli sandbox cleanup` deletes it")
                              .arg(pulled.error().message, service, machineId, workspace->recordData().sessionId);
                warning = true;
            } else {
                pulledText = pulled.value().lines().join(QLatin1Char('\n'));
            }
        }
        if (!warning && keep) {
            summary = tr("%1 machine %2 is kept (reused or kept by config/sandboxes.json)").arg(service, machineId);
        } else if (!warning) {
            const Result<void> released = workspace->release();
            if (released.hasError()) {
                summary = tr("Could not delete %1 machine %2: %3; `valis-cli sandbox cleanup` tries again")
                              .arg(service, machineId, released.error().message);
                warning = true;
            } else {
                summary = tr("Deleted %1 machine %2").arg(service, machineId);
            }
        }
        return [self, summary, warning, pulledText, done] {
            self->m_workspace.reset();
            self->m_sandbox = nullptr;
            self->m_description.clear();
            self->m_releasing = false;
            if (!pulledText.isEmpty())
                Q_EMIT self->pullFinished(pulledText, false);
            Q_EMIT self->machineChanged(QString(), false);
            Q_EMIT self->released(summary, warning);
            // What waits may close the window (and with it this controller): self is not
            // touched after.
            const QList<std::function<void()>> waiting = std::exchange(self->m_afterRelease, {});
            if (done)
                done();
            for (const std::function<void()> &then : waiting)
                then();
        };
    });
}

} // namespace valis
