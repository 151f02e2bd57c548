// valis-cli keys: API keys in the OS keychain. A key is read from standard input (hidden when
// typed), never from the command line, where shell history and the process list would keep it;
// nothing here ever prints one.
#include "clicontext.h"
#include "commands.h"
#include "memorystore.h"

#include "valis/credentials/credentialstore.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpserverconfig.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerplugin.h"

#include <QEventLoop>
#include <QRegularExpression>

#include <csignal>
#include <iostream>
#include <optional>
#include <string>

#if defined(Q_OS_UNIX)
#include <termios.h>
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <io.h>
#include <windows.h>
#endif

namespace valis::cli {

namespace {

const QString command = QStringLiteral("keys");

/// The providers `keys status` always lists.
const QStringList knownProviders = {QStringLiteral("anthropic"), QStringLiteral("openai"), QStringLiteral("openai-responses"),
                                    QStringLiteral("openai-compatible")};

/// Runs the event loop until the keychain answers: valis-cli reads top to bottom, the keychain
/// answers asynchronously.
template<typename Value, typename Start>
Value await(Start start)
{
    std::optional<Value> answer;
    QEventLoop loop;
    start([&answer, &loop](const Value &value) {
        answer.emplace(value);
        loop.quit();
    });
    if (!answer)
        loop.exec();
    return std::move(*answer);
}

bool isProviderId(const QString &id)
{
    // "mcp:<server>": the bearer token of an HTTP MCP server (see config/mcp.json).
    if (id.startsWith(QLatin1String("mcp:")))
        return McpServerConfig::isValidName(id.mid(4));
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9._-]{0,63}$"));
    // "sk-..." is a key typed where the provider belongs; refuse it without repeating it.
    return pattern.match(id).hasMatch() && !id.startsWith(QLatin1String("sk-"));
}

int badProvider(CliContext &context)
{
    // The argument is not repeated: it may be a key typed in the wrong place.
    return context.usageError(command, Text::tr("that is not a provider id (such as anthropic, openai, openai-compatible); "
                                                "the key itself is read from standard input"));
}

#if defined(Q_OS_UNIX)
termios savedTerminal;

void restoreTerminalAndStop(int signal)
{
    tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
#endif

/// Turns off echo on the terminal on standard input while it lives, and restores it even when
/// an interrupt ends the program.
class HiddenInput
{
public:
    HiddenInput()
    {
#if defined(Q_OS_UNIX)
        if (tcgetattr(STDIN_FILENO, &savedTerminal) != 0)
            return;
        termios hidden = savedTerminal;
        hidden.c_lflag &= ~tcflag_t(ECHO);
        for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
            std::signal(signal, restoreTerminalAndStop);
        m_active = tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden) == 0;
#elif defined(Q_OS_WIN)
        m_console = GetStdHandle(STD_INPUT_HANDLE);
        if (GetConsoleMode(m_console, &m_mode))
            m_active = SetConsoleMode(m_console, m_mode & ~DWORD(ENABLE_ECHO_INPUT));
#endif
    }
    ~HiddenInput()
    {
#if defined(Q_OS_UNIX)
        if (m_active)
            tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal);
        for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
            std::signal(signal, SIG_DFL);
#elif defined(Q_OS_WIN)
        if (m_active)
            SetConsoleMode(m_console, m_mode);
#endif
    }
    HiddenInput(const HiddenInput &) = delete;
    HiddenInput &operator=(const HiddenInput &) = delete;

    /// Whether echo was turned off, so the newline the person typed was not shown.
    bool active() const { return m_active; }

private:
    bool m_active = false;
#if defined(Q_OS_WIN)
    HANDLE m_console = nullptr;
    DWORD m_mode = 0;
#endif
};

bool standardInputIsTerminal()
{
#if defined(Q_OS_UNIX)
    return isatty(STDIN_FILENO);
#elif defined(Q_OS_WIN)
    return _isatty(_fileno(stdin));
#else
    return false;
#endif
}

/// One line from standard input: typed without echo at a terminal, else piped.
Result<QString> readKey(CliContext &context, const QString &provider)
{
    std::string line;
    if (standardInputIsTerminal()) {
        context.err() << Text::tr("API key for %1 (typing is not shown): ").arg(provider) << Qt::flush;
        HiddenInput hidden;
        std::getline(std::cin, line);
        if (hidden.active())
            context.err() << Qt::endl;
    } else {
        std::getline(std::cin, line);
    }
    const QString key = QString::fromStdString(line).trimmed();
    if (key.isEmpty())
        return Error(QStringLiteral("credentials.no-key"), Text::tr("no key was given on standard input"));
    static const QRegularExpression spaceOrControl(QStringLiteral("[\\s\\p{Cc}]"));
    if (key.contains(spaceOrControl)) {
        return Error(QStringLiteral("credentials.malformed-key"),
                     Text::tr("the key contains spaces or control characters; give the key alone on one line"));
    }
    return key;
}

/// "(account "openai")" when a provider keeps its key under another provider's account.
QString sharedAccountNote(const QString &provider)
{
    const QString account = credentialAccount(provider);
    if (account == provider)
        return {};
    return QLatin1Char(' ') + Text::tr("(account \"%1\", shared)").arg(account);
}

int setKey(CliContext &context, KeychainCredentialStore &store, const QString &provider)
{
    Result<QString> key = readKey(context, provider);
    if (!key.ok())
        return context.fail(command, key.error());
    const Result<void> written = await<Result<void>>([&](auto done) { store.write(credentialAccount(provider), *key, done); });
    if (!written.ok())
        return context.fail(command, written.error());
    context.out() << Text::tr("Stored the key for %1 in the keychain.").arg(provider) << sharedAccountNote(provider) << Qt::endl;
    return 0;
}

int removeKey(CliContext &context, KeychainCredentialStore &store, const QString &provider)
{
    const QString account = credentialAccount(provider);
    using ReadResult = Result<std::optional<QString>>;
    const ReadResult held = await<ReadResult>([&](auto done) { store.read(account, done); });
    if (!held.ok())
        return context.fail(command, held.error());
    if (!held.value()) {
        context.out() << Text::tr("The keychain holds no key for %1.").arg(provider) << sharedAccountNote(provider) << Qt::endl;
        return 0;
    }
    const Result<void> removed = await<Result<void>>([&](auto done) { store.remove(account, done); });
    if (!removed.ok())
        return context.fail(command, removed.error());
    context.out() << Text::tr("Removed the key for %1 from the keychain.").arg(provider) << sharedAccountNote(provider) << Qt::endl;
    return 0;
}

struct KeyVariables
{
    QStringList names;
    bool required = true;
    /// The variables are read before the keychain (the memory password), not after it.
    bool environmentFirst = false;
};

/// The variables each provider reads its key from, as its plugin declares them. A provider
/// whose plugin is not there gets the convention: the account in capitals + "_API_KEY".
KeyVariables keyVariables(const QHash<QString, KeyVariables> &declared, const QString &provider)
{
    // An MCP server's token comes from the keychain, or from the variable its entry names.
    if (provider.startsWith(QLatin1String("mcp:")))
        return KeyVariables{{}, false};
    // The PostgreSQL memory password: its own variables, and none at all for trust or ~/.pgpass
    // logins; there is no POSTGRESQL_API_KEY.
    if (provider == memoryPasswordAccount())
        return KeyVariables{PostgresConnection::passwordVariables(), false, true};
    if (const auto found = declared.constFind(provider); found != declared.cend())
        return *found;
    QString conventional = credentialAccount(provider).toUpper();
    conventional.replace(QLatin1Char('-'), QLatin1Char('_')).replace(QLatin1Char('.'), QLatin1Char('_'));
    return KeyVariables{{conventional + QStringLiteral("_API_KEY")}, true};
}

QHash<QString, KeyVariables> declaredKeyVariables(const CliContext &context)
{
    QHash<QString, KeyVariables> declared;
    PluginManager plugins(context.locations(), DataLocations::systemPluginDirs());
    plugins.scan();
    plugins.loadAll();
    for (const Provider *provider : plugins.providers()) {
        const ProviderDefaults defaults = provider->defaults();
        declared.insert(provider->id(), KeyVariables{defaults.apiKeyVariables, defaults.requiresApiKey});
    }
    // Remote sandboxes name their own accounts (Modal has two: a token id and its secret).
    for (Sandbox *sandbox : plugins.sandboxes()) {
        if (const auto *remote = dynamic_cast<const RemoteSandbox *>(sandbox)) {
            for (const RemoteCredential &credential : remote->credentials())
                declared.insert(credential.account, KeyVariables{credential.environmentVariables, true});
        }
    }
    return declared;
}

QString firstSetVariable(const QStringList &names)
{
    for (const QString &name : names) {
        if (!qEnvironmentVariable(name.toLocal8Bit().constData()).trimmed().isEmpty())
            return name;
    }
    return {};
}

int showStatus(CliContext &context, KeychainCredentialStore &store, const QStringList &named)
{
    QStringList providers = knownProviders;
    for (const QString &provider : named) {
        if (!providers.contains(provider))
            providers.append(provider);
    }
    const QHash<QString, KeyVariables> declared = declaredKeyVariables(context);

    std::optional<Error> keychainError;
    QTextStream &out = context.out();
    for (const QString &provider : providers) {
        const KeyVariables variables = keyVariables(declared, provider);
        const Result<ApiKey> key = await<Result<ApiKey>>(
            [&](auto done) { resolveApiKey(&store, credentialAccount(provider), variables.names, done); });
        QString state;
        if (!key.ok() && !variables.required) {
            state = Text::tr("not set, and not needed by this provider (the keychain cannot be asked)");
        } else if (!key.ok()) {
            keychainError = key.error();
            state = variables.names.isEmpty()
                        ? Text::tr("unknown: the keychain cannot be asked (see below)")
                        : Text::tr("unknown: the keychain cannot be asked (see below), and %1 is not set")
                              .arg(variables.names.join(QStringLiteral(" / ")));
        } else if (key->source == QLatin1String("keychain")) {
            const QString shadowed = firstSetVariable(variables.names);
            if (variables.environmentFirst && !shadowed.isEmpty()) {
                state = Text::tr("set in %1, which comes before the keychain's").arg(shadowed);
            } else {
                state = Text::tr("set in the keychain") + sharedAccountNote(provider);
                if (!shadowed.isEmpty())
                    state += QStringLiteral("; ") + Text::tr("%1 is set too, but the keychain comes first").arg(shadowed);
            }
        } else if (!key->isEmpty()) {
            state = Text::tr("set in %1").arg(key->source);
        } else {
            QString where = QStringLiteral("valis-cli keys set ") + provider;
            if (!variables.names.isEmpty())
                where = Text::tr("%1, or %2").arg(where, variables.names.join(QStringLiteral(" / ")));
            state = variables.required ? Text::tr("not set (%1)").arg(where)
                                       : Text::tr("not set, and not needed by this provider (%1)").arg(where);
        }
        out << provider.leftJustified(20) << ' ' << state << '\n';
    }
    out.flush();
    if (keychainError)
        return context.fail(command, *keychainError);
    return 0;
}

} // namespace

int runKeys(CliContext &context, const QStringList &arguments)
{
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("action"), Text::tr("set, remove or status (the default)."),
                                 QStringLiteral("[set|remove|status]"));
    parser.addPositionalArgument(QStringLiteral("providers"), Text::tr("Provider ids: anthropic, openai, openai-compatible, ...; mcp:SERVER for an HTTP MCP server's bearer token"),
                                 QStringLiteral("[PROVIDER...]"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Keeps API keys in the OS keychain. 'set PROVIDER' reads the key from standard "
                                                "input (typed without echo at a terminal), never from the command line; "
                                                "'remove PROVIDER' deletes it; 'status' shows, for each provider, whether a key "
                                                "is in the keychain or which environment variable supplies it, never the key. "
                                                "openai and openai-responses share one key."),
                                       arguments);
        code >= 0) {
        return code;
    }
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0, QStringLiteral("status"));
    const QStringList providers = positional.mid(1);
    for (const QString &provider : providers) {
        if (!isProviderId(provider))
            return badProvider(context);
    }

    KeychainCredentialStore store;
    if (action == QLatin1String("status"))
        return showStatus(context, store, providers);
    if (action != QLatin1String("set") && action != QLatin1String("remove"))
        return context.usageError(command, Text::tr("unknown action; use set, remove or status"));
    if (providers.isEmpty())
        return context.usageError(command, Text::tr("name the provider, as in 'valis-cli keys %1 anthropic'").arg(action));
    if (providers.size() > 1) {
        return context.usageError(command, action == QLatin1String("set")
                                               ? Text::tr("name one provider; the key is read from standard input, "
                                                          "never from the command line")
                                               : Text::tr("name one provider"));
    }
    return action == QLatin1String("set") ? setKey(context, store, providers.first())
                                          : removeKey(context, store, providers.first());
}

} // namespace valis::cli
