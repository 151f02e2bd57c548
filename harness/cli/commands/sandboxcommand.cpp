// valis-cli sandbox list|cleanup|pull: the remote machines Valis created (found by their
// valis-session label), deleting leftovers, and bringing a kept machine's files back.
#include "clicontext.h"
#include "commands.h"
#include "mcphoststart.h"
#include "remotesession.h"

#include "valis/agent/remoteworkspace.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis::cli {

namespace {

struct Subcommand
{
    const char *name;
    const char *summary;
    int (*run)(CliContext &context, const QStringList &arguments);
};

int runSandboxList(CliContext &context, const QStringList &arguments);
int runSandboxCleanup(CliContext &context, const QStringList &arguments);
int runSandboxPull(CliContext &context, const QStringList &arguments);

const QList<Subcommand> &subcommands()
{
    static const QList<Subcommand> list = {
        {"list", QT_TRANSLATE_NOOP("valis::cli", "The remote machines Valis created (label valis-session), and their state"), runSandboxList},
        {"cleanup", QT_TRANSLATE_NOOP("valis::cli", "Delete the remote machines Valis created and left behind"), runSandboxCleanup},
        {"pull", QT_TRANSLATE_NOOP("valis::cli", "Bring the files a session changed on its remote machine back into its workspace"), runSandboxPull},
    };
    return list;
}

/// The loaded plugins' remote sandboxes, with their credentials when they can be found.
class RemoteSandboxes
{
public:
    RemoteSandboxes(CliContext &context, bool keychain)
        : m_plugins(context.locations(), DataLocations::systemPluginDirs())
    {
        if (keychain)
            m_keychain = std::make_unique<KeychainCredentialStore>();
        m_plugins.setHostServices(cliHostServices(m_keychain.get(), context.err()));
        m_plugins.loadAll();
    }

    /// The remote sandboxes named in `ids` (all when empty); an Error for a name that is none.
    Result<QList<RemoteSandbox *>> select(const QStringList &ids) const
    {
        QList<RemoteSandbox *> all;
        QStringList names;
        for (Sandbox *sandbox : m_plugins.sandboxes()) {
            if (auto *remote = dynamic_cast<RemoteSandbox *>(sandbox)) {
                all.append(remote);
                names.append(remote->id());
            }
        }
        if (ids.isEmpty())
            return all;
        QList<RemoteSandbox *> chosen;
        for (const QString &id : ids) {
            const auto found = std::find_if(all.cbegin(), all.cend(), [&id](RemoteSandbox *s) { return s->id() == id; });
            if (found == all.cend())
                return Error(QStringLiteral("sandbox.unknown"),
                             Text::tr("there is no remote sandbox \"%1\"; the remote sandboxes are: %2")
                                 .arg(id, names.isEmpty() ? Text::tr("none (no remote sandbox plugin loaded)") : names.join(QStringLiteral(", "))));
            chosen.append(*found);
        }
        return chosen;
    }

    CredentialStore *keychain() const { return m_keychain.get(); }

private:
    std::unique_ptr<KeychainCredentialStore> m_keychain;
    PluginManager m_plugins;
};

QJsonObject machineJson(const RemoteMachineInfo &machine)
{
    QJsonObject labels;
    for (auto it = machine.labels.constBegin(); it != machine.labels.constEnd(); ++it)
        labels.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("sandbox"), machine.sandboxId},
                       {QStringLiteral("id"), machine.machineId},
                       {QStringLiteral("name"), machine.name},
                       {QStringLiteral("state"), machine.state},
                       {QStringLiteral("running"), machine.running},
                       {QStringLiteral("session"), machine.sessionId()},
                       {QStringLiteral("cpus"), machine.cpus},
                       {QStringLiteral("memoryGb"), machine.memoryGb},
                       {QStringLiteral("diskGb"), machine.diskGb},
                       {QStringLiteral("createdAt"), machine.createdAt.isValid() ? machine.createdAt.toString(Qt::ISODate) : QString()},
                       {QStringLiteral("labels"), labels}};
}

/// Lists the Valis machines of each sandbox in `sandboxes`; a sandbox that cannot be asked
/// (no key, unreachable) is reported in `problems` and skipped.
QList<RemoteMachineInfo> machinesOf(const QList<RemoteSandbox *> &sandboxes, CredentialStore *keychain, QList<Error> *problems)
{
    QList<RemoteMachineInfo> machines;
    for (RemoteSandbox *sandbox : sandboxes) {
        if (const Result<void> credentials = provideCredentials(sandbox, keychain); credentials.hasError()) {
            problems->append(Error(credentials.error().code, sandbox->id() + QStringLiteral(": ") + credentials.error().message));
            continue;
        }
        const Result<QList<RemoteMachineInfo>> listed = runBeside<Result<QList<RemoteMachineInfo>>>([sandbox] { return sandbox->list(); });
        if (listed.hasError()) {
            problems->append(Error(listed.error().code, sandbox->id() + QStringLiteral(": ") + listed.error().message));
            continue;
        }
        for (const RemoteMachineInfo &machine : listed.value()) {
            if (!machine.sessionId().isEmpty())
                machines.append(machine);
        }
    }
    return machines;
}

int runSandboxList(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("sandbox list");
    CliParser parser;
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print JSON."));
    const QCommandLineOption noKeychain(QStringLiteral("no-keychain"), Text::tr("Do not ask the OS keychain for keys; use the environment only."));
    parser.addOptions({json, noKeychain});
    parser.addPositionalArgument(QStringLiteral("sandbox"), Text::tr("daytona, runloop, modal (default: all)"), QStringLiteral("[SANDBOX...]"));
    if (const int code = context.parse(parser, command, Text::tr("Lists the remote machines Valis created, found by their valis-session label."),
                                       arguments);
        code >= 0)
        return code;
    RemoteSandboxes remote(context, !parser.isSet(noKeychain));
    const Result<QList<RemoteSandbox *>> sandboxes = remote.select(parser.positionalArguments());
    if (sandboxes.hasError())
        return context.fail(command, sandboxes.error());
    QList<Error> problems;
    const QList<RemoteMachineInfo> machines = machinesOf(sandboxes.value(), remote.keychain(), &problems);
    if (parser.isSet(json)) {
        QJsonArray array;
        for (const RemoteMachineInfo &machine : machines)
            array.append(machineJson(machine));
        QJsonArray errors;
        for (const Error &problem : problems)
            errors.append(QJsonObject{{QStringLiteral("code"), problem.code}, {QStringLiteral("message"), problem.message}});
        context.out() << QJsonDocument(QJsonObject{{QStringLiteral("machines"), array}, {QStringLiteral("errors"), errors}})
                             .toJson(QJsonDocument::Indented);
    } else {
        if (machines.isEmpty())
            context.out() << Text::tr("no remote machines created by Valis") << Qt::endl;
        const QList<RemoteWorkspaceRecord> records = RemoteWorkspace::records(context.locations());
        for (const RemoteMachineInfo &machine : machines) {
            const bool known = std::any_of(records.cbegin(), records.cend(),
                                           [&machine](const RemoteWorkspaceRecord &r) { return r.machineId == machine.machineId; });
            context.out() << machine.sandboxId << ' ' << machine.machineId << "  " << machine.state << "  "
                          << Text::tr("session %1").arg(machine.sessionId());
            if (const QString facts = machine.resources(); !facts.isEmpty())
                context.out() << "  " << facts;
            if (machine.createdAt.isValid())
                context.out() << "  " << Text::tr("created %1").arg(machine.createdAt.toLocalTime().toString(Qt::ISODate));
            if (!known)
                context.out() << "  " << Text::tr("(leftover: no session holds it)");
            context.out() << Qt::endl;
        }
    }
    for (const Error &problem : problems)
        context.err() << Text::tr("warning: %1").arg(problem.message) << Qt::endl;
    return problems.isEmpty() ? 0 : 1;
}

int runSandboxCleanup(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("sandbox cleanup");
    CliParser parser;
    const QCommandLineOption session(QStringLiteral("session"), Text::tr("Only the machine of this session."), QStringLiteral("SESSION"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), Text::tr("Say what would be deleted; delete nothing."));
    const QCommandLineOption noKeychain(QStringLiteral("no-keychain"), Text::tr("Do not ask the OS keychain for keys; use the environment only."));
    parser.addOptions({session, dryRun, noKeychain});
    parser.addPositionalArgument(QStringLiteral("sandbox"), Text::tr("daytona, runloop, modal (default: all)"), QStringLiteral("[SANDBOX...]"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Deletes the remote machines Valis created (label valis-session) and left behind. "
                                                "Machines Valis did not create are never touched."),
                                       arguments);
        code >= 0)
        return code;
    RemoteSandboxes remote(context, !parser.isSet(noKeychain));
    const Result<QList<RemoteSandbox *>> sandboxes = remote.select(parser.positionalArguments());
    if (sandboxes.hasError())
        return context.fail(command, sandboxes.error());
    QList<Error> problems;
    const QList<RemoteMachineInfo> machines = machinesOf(sandboxes.value(), remote.keychain(), &problems);
    int deleted = 0;
    for (const RemoteMachineInfo &machine : machines) {
        if (parser.isSet(session) && machine.sessionId() != parser.value(session))
            continue;
        if (parser.isSet(dryRun)) {
            context.out() << Text::tr("would delete %1 machine %2 (session %3)").arg(machine.sandboxId, machine.machineId, machine.sessionId())
                          << Qt::endl;
            continue;
        }
        const auto sandbox = std::find_if(sandboxes->cbegin(), sandboxes->cend(),
                                          [&machine](RemoteSandbox *s) { return s->id() == machine.sandboxId; });
        if (sandbox == sandboxes->cend())
            continue;
        RemoteSandbox *owner = *sandbox;
        const Result<void> destroyed = runBeside<Result<void>>([owner, &machine] { return owner->destroy(machine.machineId); });
        if (destroyed.hasError()) {
            problems.append(destroyed.error());
            continue;
        }
        RemoteWorkspace::forget(context.locations(), machine.sessionId());
        context.out() << Text::tr("deleted %1 machine %2 (session %3)").arg(machine.sandboxId, machine.machineId, machine.sessionId())
                      << Qt::endl;
        ++deleted;
    }
    if (!parser.isSet(dryRun))
        context.out() << Text::tr("%n machine(s) deleted", nullptr, deleted) << Qt::endl;
    for (const Error &problem : problems)
        context.err() << Text::tr("warning: %1").arg(problem.message) << Qt::endl;
    return problems.isEmpty() ? 0 : 1;
}

int runSandboxPull(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("sandbox pull");
    CliParser parser;
    const QCommandLineOption noKeychain(QStringLiteral("no-keychain"), Text::tr("Do not ask the OS keychain for keys; use the environment only."));
    parser.addOption(noKeychain);
    parser.addPositionalArgument(QStringLiteral("session"), Text::tr("The session whose machine has the files."), QStringLiteral("SESSION"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Copies the files a session changed on its remote machine into its local workspace; "
                                                "files changed here too are not overwritten (the machine's version goes beside them)."),
                                       arguments);
        code >= 0)
        return code;
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name one session"));
    const QString sessionId = parser.positionalArguments().first();
    const Result<RemoteWorkspaceRecord> record = RemoteWorkspace::record(context.locations(), sessionId);
    if (record.hasError())
        return context.fail(command, record.error());
    RemoteSandboxes remote(context, !parser.isSet(noKeychain));
    const Result<QList<RemoteSandbox *>> sandboxes = remote.select({record->sandboxId});
    if (sandboxes.hasError())
        return context.fail(command, sandboxes.error());
    RemoteSandbox *sandbox = sandboxes->first();
    if (const Result<void> credentials = provideCredentials(sandbox, remote.keychain()); credentials.hasError())
        return context.fail(command, credentials.error());
    const DataLocations locations = context.locations();
    Result<RemotePullReport> pulled = runBeside<Result<RemotePullReport>>([&]() -> Result<RemotePullReport> {
        Result<std::unique_ptr<RemoteWorkspace>> workspace = RemoteWorkspace::reattach(sandbox, locations, sessionId);
        if (workspace.hasError())
            return workspace.error();
        return workspace.value()->pull();
    });
    if (pulled.hasError())
        return context.fail(command, pulled.error());
    printPullReport(context.out(), pulled.value());
    return 0;
}

void printSandboxUsage(QTextStream &stream)
{
    stream << Text::tr("Usage: valis-cli sandbox <subcommand> [options]") << "\n\n"
           << Text::tr("The remote machines sessions run on (valis-cli run --sandbox daytona|runloop|modal).") << "\n\n"
           << Text::tr("Subcommands:") << '\n';
    for (const Subcommand &subcommand : subcommands())
        stream << "  " << QString::fromLatin1(subcommand.name).leftJustified(10) << ' ' << Text::tr(subcommand.summary) << '\n';
    stream << '\n' << Text::tr("'valis-cli sandbox <subcommand> --help' shows a subcommand's options.") << '\n';
    stream.flush();
}

} // namespace

int runSandbox(CliContext &context, const QStringList &arguments)
{
    if (context.describing()) {
        for (const Subcommand &subcommand : subcommands()) {
            context.describeSubcommand(QStringLiteral("sandbox"), QString::fromLatin1(subcommand.name), Text::tr(subcommand.summary));
            subcommand.run(context, {QString::fromLatin1(subcommand.name)});
        }
        return 0;
    }
    const QStringList rest = arguments.mid(1);
    if (rest.isEmpty()) {
        printSandboxUsage(context.err());
        return 2;
    }
    if (rest.first() == QLatin1String("--help") || rest.first() == QLatin1String("-h") || rest.first() == QLatin1String("help")) {
        printSandboxUsage(context.out());
        return 0;
    }
    for (const Subcommand &subcommand : subcommands()) {
        if (rest.first() == QLatin1String(subcommand.name))
            return subcommand.run(context, rest);
    }
    return context.usageError(QStringLiteral("sandbox"), Text::tr("unknown subcommand \"%1\"; use list, cleanup or pull").arg(rest.first()));
}

} // namespace valis::cli
