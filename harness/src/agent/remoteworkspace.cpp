#include "valis/agent/remoteworkspace.h"

#include "valis/agent/remotesandboxsettings.h"
#include "valis/core/jsonfile.h"
#include "valis/credentials/credentialstore.h"
#include "valis/filesystem/filesystembackend.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QPointer>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QProcess>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::RemoteWorkspace)
};

constexpr int RecordVersion = 1;
const QString RecordCode = QStringLiteral("sandbox.record");
constexpr std::chrono::minutes SetupTimeout{30};
constexpr std::chrono::minutes ListTimeout{5};
// From this many files on, the workspace goes up as one tar archive...
constexpr qsizetype ArchiveFromFiles = 16;
// ...unless it is larger than this, which is better sent file by file than held in memory.
constexpr qint64 ArchiveMostBytes = 256LL * 1024 * 1024;

QString recordsDir(const DataLocations &locations)
{
    return QDir(locations.dataDir()).filePath(QStringLiteral("remote-sandboxes"));
}

QString recordPath(const DataLocations &locations, const QString &sessionId)
{
    return QDir(recordsDir(locations)).filePath(sessionId + QStringLiteral(".json"));
}

QByteArray sha256(const QByteArray &content)
{
    return QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex();
}

std::optional<QByteArray> localHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex();
}

bool excluded(const QString &relativePath, const QStringList &exclude)
{
    const QStringList parts = relativePath.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        if (exclude.contains(part))
            return true;
    }
    return false;
}

// Fills ${VAR} for the variables the person listed, from this machine's environment. A listed
// variable that is unset is an error (the script would run with an empty value); anything
// else in ${...} is the shell's business on the machine.
Result<QString> expandSetupScript(const QString &script, const QStringList &variables, const QString &path)
{
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString result = script;
    for (const QString &name : variables) {
        const QString placeholder = QStringLiteral("${") + name + QLatin1Char('}');
        if (!result.contains(placeholder))
            continue;
        if (!environment.contains(name))
            return Error(QStringLiteral("sandbox.setup-variable"),
                         Text::tr("the setup script uses ${%1}, which setupVariables lists but this environment does not set")
                             .arg(name),
                         path);
        result.replace(placeholder, environment.value(name));
    }
    return result;
}

QJsonObject toJson(const RemoteWorkspaceRecord &record)
{
    QJsonObject manifest;
    for (auto it = record.manifest.constBegin(); it != record.manifest.constEnd(); ++it)
        manifest.insert(it.key(), QString::fromLatin1(it.value()));
    return QJsonObject{{QStringLiteral("version"), RecordVersion},
                       {QStringLiteral("sessionId"), record.sessionId},
                       {QStringLiteral("sandboxId"), record.sandboxId},
                       {QStringLiteral("machineId"), record.machineId},
                       {QStringLiteral("createdByValis"), record.createdByValis},
                       {QStringLiteral("localWorkspace"), record.localWorkspace},
                       {QStringLiteral("remoteWorkspace"), record.remoteWorkspace},
                       {QStringLiteral("manifest"), manifest}};
}

RemoteWorkspaceRecord fromJson(const QJsonObject &json)
{
    RemoteWorkspaceRecord record;
    record.sessionId = json.value(QLatin1String("sessionId")).toString();
    record.sandboxId = json.value(QLatin1String("sandboxId")).toString();
    record.machineId = json.value(QLatin1String("machineId")).toString();
    record.createdByValis = json.value(QLatin1String("createdByValis")).toBool();
    record.localWorkspace = json.value(QLatin1String("localWorkspace")).toString();
    record.remoteWorkspace = json.value(QLatin1String("remoteWorkspace")).toString();
    const QJsonObject manifest = json.value(QLatin1String("manifest")).toObject();
    for (auto it = manifest.constBegin(); it != manifest.constEnd(); ++it)
        record.manifest.insert(it.key(), it.value().toString().toLatin1());
    return record;
}

// The files of the machine's workspace with their hashes, in one command.
Result<QHash<QString, QByteArray>> remoteFiles(RemoteMachine *machine, const QString &root, const QStringList &exclude)
{
    QString prune;
    for (const QString &name : exclude)
        prune += (prune.isEmpty() ? QString() : QStringLiteral(" -o")) + QStringLiteral(" -name ") + shellQuoted(name);
    const QString script = QStringLiteral("cd -- %1 || exit 2\nfind . %2-type f -exec sha256sum -- {} +\n")
                               .arg(shellQuoted(root),
                                    prune.isEmpty() ? QString() : QStringLiteral("\\(") + prune + QStringLiteral(" \\) -prune -o "));
    const Result<RemoteRunResult> run = machine->run(script, ListTimeout);
    if (run.hasError())
        return run.error();
    if (run->exitCode != 0)
        return Error(QStringLiteral("sandbox.remote-files"),
                     Text::tr("cannot list the workspace %1 on the machine: %2")
                         .arg(root, QString::fromUtf8(QByteArray(run->errorOutput + run->output).trimmed().left(300))));
    QHash<QString, QByteArray> files;
    for (const QByteArray &line : run->output.split('\n')) {
        // "<64 hex>  ./path"
        if (line.size() < 68 || line.at(64) != ' ')
            continue;
        QString path = QString::fromUtf8(line.mid(66));
        if (path.startsWith(QLatin1String("./")))
            path = path.mid(2);
        const QStringList parts = path.split(QLatin1Char('/'));
        if (path.isEmpty() || parts.contains(QStringLiteral("..")) || path.startsWith(QLatin1Char('/')))
            continue; // never written outside the local workspace
        files.insert(path, line.left(64));
    }
    return files;
}

Result<void> writeLocal(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit())
        return Error(QStringLiteral("sandbox.pull"), Text::tr("cannot write %1: %2").arg(path, file.errorString()));
    return {};
}
} // namespace

namespace {
using Secrets = QHash<QString, QString>;

void resolveCredentials(const QList<RemoteCredential> &wanted, CredentialStore *keys, const QString &service,
                        QPointer<QObject> context, Secrets found, std::function<void(const Result<Secrets> &)> done)
{
    if (wanted.isEmpty()) {
        done(found);
        return;
    }
    resolveApiKey(keys, wanted.constFirst().account, wanted.constFirst().environmentVariables,
                  [wanted, keys, service, context, found, done](const Result<ApiKey> &key) mutable {
                      if (!context)
                          return;
                      const RemoteCredential &credential = wanted.constFirst();
                      const QString variables = credential.environmentVariables.join(Text::tr(" or "));
                      if (key.hasError()) {
                          // The keychain's own message speaks of providers; this one names what
                          // the service needs instead.
                          done(Error(QStringLiteral("sandbox.remote-auth"),
                                     Text::tr("%1 needs a key and the keychain cannot be reached (%2): set %3")
                                         .arg(service, key.error().message, variables)));
                          return;
                      }
                      if (key->isEmpty()) {
                          done(Error(QStringLiteral("sandbox.remote-auth"),
                                     Text::tr("%1 needs a key: store it in the keychain as %2 (`valis-cli keys set %2`) or set %3")
                                         .arg(service, credential.account, variables)));
                          return;
                      }
                      found.insert(credential.account, key->value);
                      resolveCredentials(wanted.mid(1), keys, service, context, found, done);
                  });
}
} // namespace

void resolveRemoteCredentials(RemoteSandbox *sandbox, CredentialStore *keys, QObject *context,
                              std::function<void(const Result<QHash<QString, QString>> &)> done)
{
    resolveCredentials(sandbox->credentials(), keys, sandbox->displayName(), QPointer<QObject>(context), {}, std::move(done));
}

QStringList RemotePullReport::lines() const
{
    if (isEmpty())
        return {Text::tr("no files changed on the machine")};
    QStringList lines;
    for (const QString &path : updated)
        lines.append(Text::tr("updated %1").arg(path));
    for (const QString &path : added)
        lines.append(Text::tr("added %1").arg(path));
    for (const QString &path : removed)
        lines.append(Text::tr("removed %1").arg(path));
    for (const QString &path : conflicts)
        lines.append(Text::tr("conflict %1: changed here and on the machine; the machine's version is %1.remote").arg(path));
    return lines;
}

RemoteWorkspace::~RemoteWorkspace() = default;

Result<std::unique_ptr<RemoteWorkspace>> RemoteWorkspace::open(RemoteSandbox *sandbox, const RemoteSandboxSettings &settings,
                                                               const QString &sessionId, const QString &localWorkspace,
                                                               const DataLocations &locations, const Progress &progress)
{
    const auto report = [&progress](const QString &message) {
        if (progress)
            progress(message);
    };
    QString setupScript;
    if (!settings.setupScript.isEmpty() && settings.reuse.isEmpty()) {
        QFile file(settings.setupScript);
        if (!file.open(QIODevice::ReadOnly))
            return Error(QStringLiteral("sandbox.setup-script"),
                         Text::tr("cannot read the setup script: %1").arg(file.errorString()), settings.setupScript);
        const Result<QString> expanded = expandSetupScript(QString::fromUtf8(file.readAll()), settings.setupVariables,
                                                           settings.setupScript);
        if (expanded.hasError())
            return expanded.error();
        setupScript = expanded.value();
    }

    report(settings.reuse.isEmpty() ? Text::tr("creating a %1 machine...").arg(sandbox->displayName())
                                    : Text::tr("attaching to %1 machine %2...").arg(sandbox->displayName(), settings.reuse));
    Result<std::unique_ptr<RemoteMachine>> acquired = sandbox->acquire(settings.spec(sessionId));
    if (acquired.hasError())
        return acquired.error();
    std::unique_ptr<RemoteWorkspace> workspace(new RemoteWorkspace);
    workspace->m_sandbox = sandbox;
    workspace->m_machine = std::move(acquired).value();
    workspace->m_filesystem = workspace->m_machine->workspace();
    workspace->m_locations = locations;
    const RemoteMachineInfo info = workspace->m_machine->info();
    workspace->m_record.sessionId = sessionId;
    workspace->m_record.sandboxId = sandbox->id();
    workspace->m_record.machineId = info.machineId;
    workspace->m_record.createdByValis = settings.reuse.isEmpty();
    workspace->m_record.localWorkspace = localWorkspace;
    workspace->m_record.remoteWorkspace = info.workspacePath;
    // Remembered before anything else can fail, so a crash leaves a machine cleanup can find.
    if (const Result<void> saved = workspace->saveRecord(); saved.hasError()) {
        (void)workspace->release();
        return saved.error();
    }
    // What fails from here on must not leave a machine behind.
    const auto abandon = [&workspace](const Error &error) -> Error {
        const Result<void> released = workspace->release();
        if (released.hasError())
            return Error(error.code, Text::tr("%1 (and the machine could not be deleted: %2)").arg(error.message, released.error().message),
                         error.location);
        return error;
    };

    if (settings.upload && !localWorkspace.isEmpty()) {
        report(Text::tr("uploading the workspace to %1...").arg(info.workspacePath));
        if (const Result<void> uploaded = workspace->upload(localWorkspace, settings.uploadExclude); uploaded.hasError())
            return abandon(uploaded.error());
        if (const Result<void> saved = workspace->saveRecord(); saved.hasError())
            return abandon(saved.error());
    }
    if (!setupScript.isEmpty()) {
        report(Text::tr("running the setup script..."));
        const Result<RemoteRunResult> setup = workspace->m_machine->run(setupScript, SetupTimeout);
        if (setup.hasError())
            return abandon(setup.error());
        if (setup->exitCode != 0)
            return abandon(Error(QStringLiteral("sandbox.setup-failed"),
                                 Text::tr("the setup script exited with status %1: %2")
                                     .arg(setup->exitCode)
                                     .arg(QString::fromUtf8(QByteArray(setup->output + setup->errorOutput).trimmed().right(800))),
                                 settings.setupScript));
    }
    return workspace;
}

Result<void> RemoteWorkspace::upload(const QString &localWorkspace, const QStringList &exclude)
{
    struct LocalFile
    {
        QString relative;
        QString path;
        bool executable = false;
    };
    QList<LocalFile> files;
    qint64 totalBytes = 0;
    QDirIterator walk(localWorkspace, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (walk.hasNext()) {
        const QString path = walk.next();
        const QString relative = QDir(localWorkspace).relativeFilePath(path);
        if (excluded(relative, exclude))
            continue;
        const QFileInfo info(path);
        files.append({relative, path, info.isExecutable()});
        totalBytes += info.size();
    }
    m_record.manifest.clear();
    // Many files go up as one archive: one transfer instead of one (or three) per file, which
    // is what makes a real project's upload take seconds rather than minutes. Few files, a huge
    // tree, or no tar here or there: one by one.
    const QString tar = QStandardPaths::findExecutable(QStringLiteral("tar"));
    if (files.size() >= ArchiveFromFiles && totalBytes <= ArchiveMostBytes && !tar.isEmpty()) {
        const Result<bool> archived = uploadArchive(tar, localWorkspace, files.size(), [&files] {
            QStringList names;
            for (const LocalFile &file : files)
                names.append(file.relative);
            return names;
        }());
        if (archived.hasError())
            return archived.error();
        if (archived.value()) {
            for (const LocalFile &file : files) {
                const std::optional<QByteArray> hash = localHash(file.path);
                if (hash)
                    m_record.manifest.insert(file.relative, *hash);
            }
            return {};
        }
    }
    QStringList executables;
    for (const LocalFile &local : files) {
        QFile file(local.path);
        if (!file.open(QIODevice::ReadOnly))
            return Error(QStringLiteral("sandbox.upload"), Text::tr("cannot read %1: %2").arg(local.path, file.errorString()));
        const QByteArray content = file.readAll();
        if (const Result<void> written = m_filesystem->write(local.relative, content); written.hasError())
            return Error(QStringLiteral("sandbox.upload"), Text::tr("cannot upload %1: %2").arg(local.relative, written.error().message));
        m_record.manifest.insert(local.relative, sha256(content));
        if (local.executable)
            executables.append(shellQuoted(local.relative));
    }
    if (!executables.isEmpty()) {
        const Result<RemoteRunResult> modes = m_machine->run(
            QStringLiteral("cd -- %1 && chmod +x -- %2").arg(shellQuoted(m_record.remoteWorkspace), executables.join(QLatin1Char(' '))),
            ListTimeout);
        if (modes.hasError())
            return modes.error();
    }
    return {};
}

Result<bool> RemoteWorkspace::uploadArchive(const QString &tar, const QString &localWorkspace, qsizetype count,
                                            const QStringList &names)
{
    QTemporaryFile list;
    if (!list.open())
        return false;
    for (const QString &name : names) {
        list.write(name.toUtf8());
        list.write("\0", 1);
    }
    list.flush();
    QProcess pack;
    pack.setWorkingDirectory(localWorkspace);
    pack.start(tar, {QStringLiteral("--null"), QStringLiteral("-T"), list.fileName(), QStringLiteral("-cf"), QStringLiteral("-")});
    if (!pack.waitForStarted() || !pack.waitForFinished(int(std::chrono::milliseconds(ListTimeout).count())) || pack.exitCode() != 0)
        return false; // this machine's tar cannot: one by one instead
    const QByteArray archive = pack.readAllStandardOutput();
    const QString archiveName = QStringLiteral(".valis-upload-%1.tar").arg(QCoreApplication::applicationPid());
    if (const Result<void> written = m_filesystem->write(archiveName, archive); written.hasError())
        return Error(QStringLiteral("sandbox.upload"),
                     Text::tr("cannot upload the workspace (%n file(s) in one archive): %1", nullptr, int(count))
                         .arg(written.error().message));
    const Result<RemoteRunResult> unpacked = m_machine->run(
        QStringLiteral("cd -- %1 || exit 1\ntar -xf %2; status=$?\nrm -f -- %2\nexit $status\n")
            .arg(shellQuoted(m_record.remoteWorkspace), shellQuoted(archiveName)),
        ListTimeout);
    if (unpacked.hasError())
        return unpacked.error();
    // No tar on the machine (127) or one that cannot read the archive: one by one instead.
    return unpacked->exitCode == 0;
}

Result<std::unique_ptr<RemoteWorkspace>> RemoteWorkspace::reattach(RemoteSandbox *sandbox, const DataLocations &locations,
                                                                   const QString &sessionId)
{
    const Result<RemoteWorkspaceRecord> stored = record(locations, sessionId);
    if (stored.hasError())
        return stored.error();
    RemoteMachineSpec spec;
    spec.sessionId = sessionId;
    spec.reuseId = stored->machineId;
    Result<std::unique_ptr<RemoteMachine>> acquired = sandbox->acquire(spec);
    if (acquired.hasError())
        return acquired.error();
    std::unique_ptr<RemoteWorkspace> workspace(new RemoteWorkspace);
    workspace->m_sandbox = sandbox;
    workspace->m_machine = std::move(acquired).value();
    workspace->m_filesystem = workspace->m_machine->workspace();
    workspace->m_locations = locations;
    workspace->m_record = stored.value();
    return workspace;
}

QList<RemoteWorkspaceRecord> RemoteWorkspace::records(const DataLocations &locations)
{
    QList<RemoteWorkspaceRecord> result;
    const QStringList names = QDir(recordsDir(locations)).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        const Result<RemoteWorkspaceRecord> stored = record(locations, QFileInfo(name).completeBaseName());
        if (stored.ok())
            result.append(stored.value());
    }
    return result;
}

Result<RemoteWorkspaceRecord> RemoteWorkspace::record(const DataLocations &locations, const QString &sessionId)
{
    const QString path = recordPath(locations, sessionId);
    const Result<std::optional<QJsonObject>> read = readJsonObjectFile(path, RecordCode, RecordVersion);
    if (read.hasError())
        return read.error();
    if (!read.value())
        return Error(QStringLiteral("sandbox.no-record"),
                     Text::tr("session %1 has no remote machine that Valis knows of").arg(sessionId));
    return fromJson(**read);
}

void RemoteWorkspace::forget(const DataLocations &locations, const QString &sessionId)
{
    QFile::remove(recordPath(locations, sessionId));
}

Result<void> RemoteWorkspace::saveRecord() const
{
    if (m_locations.dataDir().isEmpty())
        return {};
    return writeJsonObjectFile(recordPath(m_locations, m_record.sessionId), toJson(m_record), RecordCode);
}

Result<RemotePullReport> RemoteWorkspace::pull(const QStringList &exclude)
{
    if (m_record.localWorkspace.isEmpty())
        return Error(QStringLiteral("sandbox.pull"), Text::tr("this session has no local workspace to bring files back to"));
    const Result<QHash<QString, QByteArray>> remote = remoteFiles(m_machine.get(), m_record.remoteWorkspace, exclude);
    if (remote.hasError())
        return remote.error();
    RemotePullReport report;
    const QDir local(m_record.localWorkspace);
    QHash<QString, QByteArray> manifest;
    for (auto it = remote->constBegin(); it != remote->constEnd(); ++it) {
        const QString &path = it.key();
        const QByteArray &remoteHash = it.value();
        manifest.insert(path, remoteHash);
        const QByteArray uploaded = m_record.manifest.value(path);
        if (uploaded == remoteHash)
            continue; // unchanged on the machine
        const QString localPath = local.filePath(path);
        const std::optional<QByteArray> here = localHash(localPath);
        if (here && *here == remoteHash)
            continue; // already the same here
        // Changed here too since the upload: the person's version stays, the machine's goes beside it.
        const bool conflict = here && (uploaded.isEmpty() || *here != uploaded);
        const Result<QByteArray> content = m_filesystem->read(path);
        if (content.hasError())
            return content.error();
        const Result<void> written = writeLocal(conflict ? localPath + QStringLiteral(".remote") : localPath, content.value());
        if (written.hasError())
            return written.error();
        if (conflict)
            report.conflicts.append(path);
        else if (here)
            report.updated.append(path);
        else
            report.added.append(path);
    }
    for (auto it = m_record.manifest.constBegin(); it != m_record.manifest.constEnd(); ++it) {
        if (remote->contains(it.key()) || excluded(it.key(), exclude))
            continue;
        // Deleted on the machine: deleted here unless the person changed it meanwhile.
        const QString localPath = local.filePath(it.key());
        const std::optional<QByteArray> here = localHash(localPath);
        if (!here)
            continue;
        if (*here == it.value() && QFile::remove(localPath))
            report.removed.append(it.key());
        else
            report.conflicts.append(it.key());
    }
    m_record.manifest = manifest;
    if (const Result<void> saved = saveRecord(); saved.hasError())
        return saved.error();
    std::sort(report.updated.begin(), report.updated.end());
    std::sort(report.added.begin(), report.added.end());
    std::sort(report.removed.begin(), report.removed.end());
    std::sort(report.conflicts.begin(), report.conflicts.end());
    return report;
}

Result<void> RemoteWorkspace::release()
{
    if (m_record.createdByValis && !m_record.machineId.isEmpty()) {
        const Result<void> destroyed = m_sandbox->destroy(m_record.machineId);
        if (destroyed.hasError())
            return destroyed;
    }
    forget(m_locations, m_record.sessionId);
    return {};
}

QString RemoteWorkspace::describe() const
{
    const RemoteMachineInfo info = m_machine->info();
    const QString facts = info.resources();
    QString line = Text::tr("%1 machine %2 \u00b7 %3").arg(m_sandbox->displayName(), info.machineId, info.state);
    if (!facts.isEmpty())
        line += QStringLiteral(" \u00b7 ") + facts;
    if (info.createdAt.isValid()) {
        const qint64 minutes = info.createdAt.secsTo(QDateTime::currentDateTimeUtc()) / 60;
        line += QStringLiteral(" \u00b7 ") + Text::tr("up %n min", nullptr, int(qMax<qint64>(0, minutes)));
    }
    if (!m_record.createdByValis)
        line += QStringLiteral(" \u00b7 ") + Text::tr("reused, kept after the session");
    return line;
}

} // namespace valis
