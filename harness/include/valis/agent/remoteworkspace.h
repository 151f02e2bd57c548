#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/remotesandbox.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace valis {

class CredentialStore;
struct RemoteSandboxSettings;

/// What Valis remembers of a session's remote machine, in the profile's data folder
/// (remote-sandboxes/<session>.json), so a later `valis-cli sandbox pull` or `cleanup` finds it.
struct VALIS_HARNESS_EXPORT RemoteWorkspaceRecord
{
    QString sessionId;
    QString sandboxId;
    QString machineId;
    bool createdByValis = false;
    QString localWorkspace;
    QString remoteWorkspace;
    /// The files as they were uploaded (or last pulled): workspace-relative path -> SHA-256
    /// (hex), so pull() tells the machine's changes from the person's.
    QHash<QString, QByteArray> manifest;
};

/// What pull() did.
struct VALIS_HARNESS_EXPORT RemotePullReport
{
    QStringList updated;   ///< changed on the machine, copied here
    QStringList added;     ///< new on the machine, copied here
    QStringList removed;   ///< deleted on the machine, deleted here
    /// Changed both here and on the machine: left alone here, the machine's version saved
    /// beside it as "<name>.remote".
    QStringList conflicts;
    bool isEmpty() const { return updated.isEmpty() && added.isEmpty() && removed.isEmpty() && conflicts.isEmpty(); }
    /// One line per file for people ("updated src/a.cpp"), or one saying nothing changed.
    QStringList lines() const;
};

/// Looks up the credentials `sandbox` needs (the keychain first, then its variables; the
/// keychain answers asynchronously, one account after another) and calls `done` on this thread
/// with all of them, or with an Error ("sandbox.remote-auth") naming the first one missing, its
/// keychain account and its variables. Nothing is called when `context` is gone by then.
VALIS_HARNESS_EXPORT void resolveRemoteCredentials(RemoteSandbox *sandbox, CredentialStore *keys, QObject *context,
                                                   std::function<void(const Result<QHash<QString, QString>> &)> done);

/// A session's remote machine with the session's workspace on it (session-scoped): acquires
/// the machine as config/sandboxes.json says, runs the setup script once, uploads the local
/// workspace, brings changed files back (pull()), and deletes the machine at the end only when
/// Valis created it (release()).
///
/// Every call blocks on the network: run it on a worker thread (RemoteWorkspace::start() does
/// open() on one), never on the GUI thread.
class VALIS_HARNESS_EXPORT RemoteWorkspace
{
public:
    using Progress = std::function<void(const QString &message)>;

    ~RemoteWorkspace();

    /// Acquires a machine for session `sessionId` (or attaches to settings.reuse), runs the
    /// setup script when the machine is new, and uploads `localWorkspace` unless settings say
    /// not to. A failure after creation deletes the machine Valis created.
    static Result<std::unique_ptr<RemoteWorkspace>> open(RemoteSandbox *sandbox, const RemoteSandboxSettings &settings,
                                                         const QString &sessionId, const QString &localWorkspace,
                                                         const DataLocations &locations, const Progress &progress = {});
    /// Attaches again to the machine session `sessionId` left running (its record).
    static Result<std::unique_ptr<RemoteWorkspace>> reattach(RemoteSandbox *sandbox, const DataLocations &locations,
                                                             const QString &sessionId);
    /// The records of sessions whose machines Valis still knows of.
    static QList<RemoteWorkspaceRecord> records(const DataLocations &locations);
    static Result<RemoteWorkspaceRecord> record(const DataLocations &locations, const QString &sessionId);
    /// Forgets session `sessionId`'s record (after its machine was deleted some other way).
    static void forget(const DataLocations &locations, const QString &sessionId);

    RemoteMachine *machine() const { return m_machine.get(); }
    const RemoteWorkspaceRecord &recordData() const { return m_record; }
    /// The workspace on the machine, for the session's file tools.
    std::shared_ptr<FilesystemBackend> filesystem() const { return m_filesystem; }

    /// Copies what changed on the machine since the upload (or the last pull) into the local
    /// workspace; files the person changed meanwhile are not overwritten (conflicts).
    Result<RemotePullReport> pull(const QStringList &exclude = {QStringLiteral(".git")});
    /// Deletes the machine if Valis created it (else leaves it running) and forgets the record.
    Result<void> release();

    /// One line for the status bar and the terminal: "daytona machine 7c9e… · started · 2 CPU,
    /// 4 GB · up 3 min".
    QString describe() const;

private:
    RemoteWorkspace() = default;
    Result<void> saveRecord() const;
    Result<void> upload(const QString &localWorkspace, const QStringList &exclude);
    /// Sends `names` as one tar archive and unpacks it on the machine; false when either side's
    /// tar cannot (the caller then uploads file by file).
    Result<bool> uploadArchive(const QString &tar, const QString &localWorkspace, qsizetype count, const QStringList &names);

    RemoteSandbox *m_sandbox = nullptr;
    std::unique_ptr<RemoteMachine> m_machine;
    std::shared_ptr<FilesystemBackend> m_filesystem;
    RemoteWorkspaceRecord m_record;
    DataLocations m_locations;
};

} // namespace valis
