// API keys in a real OS keychain: a private D-Bus session with a throwaway gnome-keyring
// (tests/support/with-keyring.sh), and, for the functions in keychain_nobus, no keychain at all.
#include "testsupport.h"

#include "valis/credentials/credentialstore.h"
#include "valis/keychain/keychaincredentialstore.h"

#include <QEventLoop>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>
#include <QUuid>

#include <algorithm>
#include <optional>

using namespace valis;

namespace {

using ReadResult = Result<std::optional<QString>>;

/// Runs the event loop until the keychain answers. The timer only keeps a broken keychain from
/// hanging the suite; no test depends on how long an answer takes.
template<typename Value, typename Start>
std::optional<Value> await(Start start)
{
    std::optional<Value> answer;
    QEventLoop loop;
    start([&answer, &loop](const Value &value) {
        answer.emplace(value);
        loop.quit();
    });
    if (!answer) {
        QTimer::singleShot(std::chrono::minutes(2), &loop, &QEventLoop::quit);
        loop.exec();
    }
    return answer;
}

std::optional<ReadResult> readSecret(CredentialStore &store, const QString &account)
{
    return await<ReadResult>([&](auto done) { store.read(account, done); });
}

/// What the keychain holds under `account`, or what went wrong, in a form QCOMPARE shows.
QString storedOrProblem(CredentialStore &store, const QString &account)
{
    const std::optional<ReadResult> read = readSecret(store, account);
    if (!read)
        return QStringLiteral("<no answer>");
    if (!read->ok())
        return QStringLiteral("<error: ") + read->error().toString() + QLatin1Char('>');
    return read->value() ? *read->value() : QStringLiteral("<none>");
}

std::optional<Result<void>> writeSecret(CredentialStore &store, const QString &account, const QString &secret)
{
    return await<Result<void>>([&](auto done) { store.write(account, secret, done); });
}

std::optional<Result<void>> removeSecret(CredentialStore &store, const QString &account)
{
    return await<Result<void>>([&](auto done) { store.remove(account, done); });
}

std::optional<Result<ApiKey>> resolve(CredentialStore *store, const QString &account, const QStringList &variables)
{
    return await<Result<ApiKey>>([&](auto done) { resolveApiKey(store, account, variables, done); });
}

/// A fresh name, so no test sees another's entry or variable.
QString unique(const QString &prefix)
{
    return prefix + QUuid::createUuid().toString(QUuid::Id128).left(12);
}

QString uniqueVariable()
{
    return unique(QStringLiteral("VALIS_TEST_KEY_")).toUpper();
}

/// Sets an environment variable for the life of the object.
class ScopedVariable
{
public:
    ScopedVariable(const QString &name, const QString &value)
        : m_name(name.toLocal8Bit())
    {
        qputenv(m_name.constData(), value.toUtf8());
    }
    ~ScopedVariable() { qunsetenv(m_name.constData()); }
    ScopedVariable(const ScopedVariable &) = delete;
    ScopedVariable &operator=(const ScopedVariable &) = delete;

private:
    QByteArray m_name;
};

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestKeychain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    // With the Secret Service of with-keyring.sh.
    void writeReadOverwriteRemove();
    void absentEntryIsNothing();
    void accountsAndServicesAreSeparate();
    void callbacksComeAfterTheCall();
    void openaiProvidersShareOneAccount();
    void keychainComesBeforeEnvironment();
    void environmentWhenKeychainHasNone();
    void variablesInOrder();
    void nothingAnywhereIsAnEmptyKey();
    void withoutStoreOnlyVariables();
    void cliSetStatusRemove();
    void cliStatusNamesTheVariable();
    void cliStatusNamesThePostgresPasswordVariables();
    void cliRefusesKeysItCannotTakeSafely();

    // Without any keychain (keychain_nobus).
    void unavailableKeychain();
    void unavailableKeychainFallsBackToEnvironment();
    void cliWithoutKeychain();

private:
    KeychainCredentialStore *store();
    Run cli(const QStringList &arguments, const QByteArray &input = {}, const QProcessEnvironment &extra = {});

    std::unique_ptr<valis::test::TemporaryHome> m_home;
    std::unique_ptr<KeychainCredentialStore> m_store;
};

static const QStringList withoutKeychain = {QStringLiteral("unavailableKeychain"),
                                            QStringLiteral("unavailableKeychainFallsBackToEnvironment"),
                                            QStringLiteral("cliWithoutKeychain")};

void TestKeychain::init()
{
    // Never a real keychain: the functions that write need the throwaway one of with-keyring.sh,
    // the others a process whose bus address leads nowhere (CTest's keychain_nobus).
    if (withoutKeychain.contains(QString::fromLatin1(QTest::currentTestFunction()))) {
        if (qEnvironmentVariableIsEmpty("VALIS_TEST_NO_KEYCHAIN"))
            QSKIP("runs only without a keychain: CTest runs it as keychain_nobus");
    } else if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING")) {
        QSKIP("writes to a keychain: run through tests/support/with-keyring.sh, as CTest does");
    }
    m_home = std::make_unique<valis::test::TemporaryHome>();
    m_store = std::make_unique<KeychainCredentialStore>(QStringLiteral("org.valis.Valis.test"));
    if (!qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING")) {
        // The CLI tests share valis-cli's own service: start each one without a key left by
        // another that failed half-way.
        KeychainCredentialStore valisKeychain;
        for (const char *account : {"anthropic", "openai", "openai-compatible"}) {
            const auto removed = removeSecret(valisKeychain, QString::fromLatin1(account));
            QVERIFY2(removed && removed->ok(), "cannot clear the test keychain");
        }
    }
}

KeychainCredentialStore *TestKeychain::store()
{
    return m_store.get();
}

Run TestKeychain::cli(const QStringList &arguments, const QByteArray &input, const QProcessEnvironment &extra)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"VALIS_HOME", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_COMPATIBLE_API_KEY"})
        environment.remove(QString::fromLatin1(name));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    environment.insert(extra);
    process.setProcessEnvironment(environment);
    process.start(valis::test::buildDir() + QStringLiteral("/bin/valis-cli"),
                  QStringList{QStringLiteral("--home"), m_home->path()} + arguments);
    Run run;
    if (!process.waitForStarted()) {
        run.err = QStringLiteral("valis-cli did not start: ") + process.errorString();
        return run;
    }
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(120000)) {
        run.err = QStringLiteral("valis-cli did not finish: ") + process.errorString();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

void TestKeychain::writeReadOverwriteRemove()
{
    const QString account = unique(QStringLiteral("account-"));
    const auto first = writeSecret(*store(), account, QStringLiteral("sk-first-ÄÖ-1"));
    QVERIFY(first);
    VALIS_VERIFY_OK(*first);

    auto read = readSecret(*store(), account);
    QVERIFY(read);
    VALIS_VERIFY_OK(*read);
    QCOMPARE(read->value(), std::optional<QString>(QStringLiteral("sk-first-ÄÖ-1")));

    const auto second = writeSecret(*store(), account, QStringLiteral("sk-second-2"));
    QVERIFY(second);
    VALIS_VERIFY_OK(*second);
    read = readSecret(*store(), account);
    QVERIFY(read);
    VALIS_VERIFY_OK(*read);
    QCOMPARE(read->value(), std::optional<QString>(QStringLiteral("sk-second-2")));

    const auto removed = removeSecret(*store(), account);
    QVERIFY(removed);
    VALIS_VERIFY_OK(*removed);
    read = readSecret(*store(), account);
    QVERIFY(read);
    VALIS_VERIFY_OK(*read);
    QVERIFY(!read->value().has_value());

    // Removing what is not there leaves the keychain as asked.
    const auto again = removeSecret(*store(), account);
    QVERIFY(again);
    VALIS_VERIFY_OK(*again);
}

void TestKeychain::absentEntryIsNothing()
{
    const auto read = readSecret(*store(), unique(QStringLiteral("never-written-")));
    QVERIFY(read);
    VALIS_VERIFY_OK(*read);
    QVERIFY(!read->value().has_value());
}

void TestKeychain::accountsAndServicesAreSeparate()
{
    const QString a = unique(QStringLiteral("a-"));
    const QString b = unique(QStringLiteral("b-"));
    QVERIFY(writeSecret(*store(), a, QStringLiteral("secret-a")).value_or(Error()).ok());
    QVERIFY(writeSecret(*store(), b, QStringLiteral("secret-b")).value_or(Error()).ok());

    QCOMPARE(storedOrProblem(*store(), a), QStringLiteral("secret-a"));
    QCOMPARE(storedOrProblem(*store(), b), QStringLiteral("secret-b"));

    KeychainCredentialStore other(QStringLiteral("org.valis.Valis.test-other"));
    QCOMPARE(storedOrProblem(other, a), QStringLiteral("<none>"));

    QVERIFY(removeSecret(*store(), a).value_or(Error()).ok());
    QCOMPARE(storedOrProblem(*store(), b), QStringLiteral("secret-b"));
    QVERIFY(removeSecret(*store(), b).value_or(Error()).ok());
}

void TestKeychain::callbacksComeAfterTheCall()
{
    bool called = false;
    QEventLoop loop;
    store()->read(unique(QStringLiteral("later-")), [&](const ReadResult &) {
        called = true;
        loop.quit();
    });
    QVERIFY(!called);
    QTimer::singleShot(std::chrono::minutes(2), &loop, &QEventLoop::quit);
    loop.exec();
    QVERIFY(called);

    // Also when the request is refused before it reaches the keychain.
    called = false;
    std::optional<Error> refused;
    store()->read(QString(), [&](const ReadResult &result) {
        called = true;
        if (!result.ok())
            refused = result.error();
        loop.quit();
    });
    QVERIFY(!called);
    loop.exec();
    QVERIFY(called);
    QVERIFY(refused);
    QCOMPARE(refused->code, QStringLiteral("credentials.failed"));
}

void TestKeychain::openaiProvidersShareOneAccount()
{
    QCOMPARE(credentialAccount(QStringLiteral("openai")), QStringLiteral("openai"));
    QCOMPARE(credentialAccount(QStringLiteral("openai-responses")), QStringLiteral("openai"));
    QCOMPARE(credentialAccount(QStringLiteral("anthropic")), QStringLiteral("anthropic"));
    QCOMPARE(credentialAccount(QStringLiteral("openai-compatible")), QStringLiteral("openai-compatible"));

    QVERIFY(writeSecret(*store(), credentialAccount(QStringLiteral("openai-responses")), QStringLiteral("sk-shared"))
                .value_or(Error())
                .ok());
    const auto key = resolve(store(), credentialAccount(QStringLiteral("openai")), {});
    QVERIFY(key);
    VALIS_VERIFY_OK(*key);
    QCOMPARE(key->value().value, QStringLiteral("sk-shared"));
    QVERIFY(removeSecret(*store(), QStringLiteral("openai")).value_or(Error()).ok());
}

void TestKeychain::keychainComesBeforeEnvironment()
{
    const QString account = unique(QStringLiteral("both-"));
    const QString variable = uniqueVariable();
    const ScopedVariable set(variable, QStringLiteral("key-from-environment"));
    QVERIFY(writeSecret(*store(), account, QStringLiteral("key-from-keychain")).value_or(Error()).ok());

    const auto key = resolve(store(), account, {variable});
    QVERIFY(key);
    VALIS_VERIFY_OK(*key);
    QCOMPARE(key->value().value, QStringLiteral("key-from-keychain"));
    QCOMPARE(key->value().source, QStringLiteral("keychain"));
    QVERIFY(removeSecret(*store(), account).value_or(Error()).ok());
}

void TestKeychain::environmentWhenKeychainHasNone()
{
    const QString variable = uniqueVariable();
    const ScopedVariable set(variable, QStringLiteral("  key-from-environment\n"));
    const auto key = resolve(store(), unique(QStringLiteral("env-only-")), {variable});
    QVERIFY(key);
    VALIS_VERIFY_OK(*key);
    QCOMPARE(key->value().value, QStringLiteral("key-from-environment"));
    QCOMPARE(key->value().source, variable);
}

void TestKeychain::variablesInOrder()
{
    const QString unset = uniqueVariable();
    const QString empty = uniqueVariable();
    const QString second = uniqueVariable();
    const QString third = uniqueVariable();
    const ScopedVariable setEmpty(empty, QString());
    const ScopedVariable setSecond(second, QStringLiteral("second"));
    const ScopedVariable setThird(third, QStringLiteral("third"));
    const auto key = resolve(store(), unique(QStringLiteral("ordered-")), {unset, empty, second, third});
    QVERIFY(key);
    VALIS_VERIFY_OK(*key);
    QCOMPARE(key->value().value, QStringLiteral("second"));
    QCOMPARE(key->value().source, second);
}

void TestKeychain::nothingAnywhereIsAnEmptyKey()
{
    const auto key = resolve(store(), unique(QStringLiteral("nothing-")), {uniqueVariable()});
    QVERIFY(key);
    VALIS_VERIFY_OK(*key);
    QVERIFY(key->value().isEmpty());
    QVERIFY(key->value().source.isEmpty());
}

void TestKeychain::withoutStoreOnlyVariables()
{
    const QString variable = uniqueVariable();
    {
        const ScopedVariable set(variable, QStringLiteral("env-key"));
        const auto key = resolve(nullptr, QStringLiteral("anthropic"), {variable});
        QVERIFY(key);
        VALIS_VERIFY_OK(*key);
        QCOMPARE(key->value().value, QStringLiteral("env-key"));
        QCOMPARE(key->value().source, variable);
    }
    const auto none = resolve(nullptr, QStringLiteral("anthropic"), {variable});
    QVERIFY(none);
    VALIS_VERIFY_OK(*none);
    QVERIFY(none->value().isEmpty());
}

void TestKeychain::cliSetStatusRemove()
{
    const QString key = unique(QStringLiteral("sk-ant-cli-"));
    KeychainCredentialStore valisKeychain; // where valis-cli keeps keys
    QCOMPARE(valisKeychain.service(), QStringLiteral("org.valis.Valis"));

    const Run set = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("anthropic")}, key.toUtf8() + "\n");
    QVERIFY2(set.exitCode == 0, qPrintable(set.err));
    QVERIFY(!set.out.contains(key) && !set.err.contains(key));
    QCOMPARE(storedOrProblem(valisKeychain, QStringLiteral("anthropic")), key);

    // The keychain comes first even when the variable is set; neither key is shown.
    const QString shadowed = unique(QStringLiteral("sk-ant-env-"));
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), shadowed);
    const Run status = cli({QStringLiteral("keys"), QStringLiteral("status")}, {}, environment);
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    QVERIFY(!status.out.contains(key) && !status.err.contains(key));
    QVERIFY(!status.out.contains(shadowed) && !status.err.contains(shadowed));
    const QStringList lines = status.out.split(QLatin1Char('\n'));
    const auto anthropic = std::find_if(lines.cbegin(), lines.cend(),
                                        [](const QString &line) { return line.startsWith(QLatin1String("anthropic ")); });
    QVERIFY2(anthropic != lines.cend(), qPrintable(status.out));
    QVERIFY2(anthropic->contains(QLatin1String("keychain")), qPrintable(*anthropic));
    QVERIFY2(anthropic->contains(QLatin1String("ANTHROPIC_API_KEY")), qPrintable(*anthropic));
    for (const char *provider : {"openai ", "openai-responses ", "openai-compatible "}) {
        QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                             [provider](const QString &line) {
                                 return line.startsWith(QLatin1String(provider)) && line.contains(QLatin1String("not set"));
                             }),
                 qPrintable(status.out));
    }
    // valis-cli keeps nothing of the key in its own files.
    QCOMPARE(valis::test::filesContaining(m_home->path(), key.toUtf8()), QStringList());

    const Run removed = cli({QStringLiteral("keys"), QStringLiteral("remove"), QStringLiteral("anthropic")});
    QVERIFY2(removed.exitCode == 0, qPrintable(removed.err));
    QCOMPARE(storedOrProblem(valisKeychain, QStringLiteral("anthropic")), QStringLiteral("<none>"));
    const Run after = cli({QStringLiteral("keys"), QStringLiteral("status"), QStringLiteral("anthropic")});
    QCOMPARE(after.exitCode, 0);
    QVERIFY2(after.out.contains(QRegularExpression(QStringLiteral("^anthropic +not set"), QRegularExpression::MultilineOption)),
             qPrintable(after.out));

    // openai-responses keeps its key where openai finds it.
    const Run shared = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("openai-responses")}, "sk-openai-shared\n");
    QVERIFY2(shared.exitCode == 0, qPrintable(shared.err));
    QCOMPARE(storedOrProblem(valisKeychain, QStringLiteral("openai")), QStringLiteral("sk-openai-shared"));
    QVERIFY(cli({QStringLiteral("keys"), QStringLiteral("remove"), QStringLiteral("openai")}).exitCode == 0);
    QCOMPARE(storedOrProblem(valisKeychain, QStringLiteral("openai")), QStringLiteral("<none>"));
}

void TestKeychain::cliStatusNamesTheVariable()
{
    const QString key = unique(QStringLiteral("sk-proj-"));
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("OPENAI_API_KEY"), key);
    environment.insert(QStringLiteral("MY_LOCAL_API_KEY"), key);
    const Run status = cli({QStringLiteral("keys"), QStringLiteral("status"), QStringLiteral("my-local")}, {}, environment);
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    QVERIFY(!status.out.contains(key) && !status.err.contains(key));
    for (const QString &provider : {QStringLiteral("openai"), QStringLiteral("openai-responses")}) {
        const QRegularExpression line(QStringLiteral("^%1 +set in OPENAI_API_KEY$").arg(provider), QRegularExpression::MultilineOption);
        QVERIFY2(status.out.contains(line), qPrintable(status.out));
    }
    // A provider named on the command line, with the conventional variable.
    QVERIFY2(status.out.contains(QRegularExpression(QStringLiteral("^my-local +set in MY_LOCAL_API_KEY$"),
                                                    QRegularExpression::MultilineOption)),
             qPrintable(status.out));
}

void TestKeychain::cliStatusNamesThePostgresPasswordVariables()
{
    // The memory password is read from VALIS_MEMORY_PASSWORD or PGPASSWORD, never from a
    // POSTGRESQL_API_KEY, and a trust or ~/.pgpass login needs none.
    QProcessEnvironment unset;
    unset.insert(QStringLiteral("POSTGRESQL_API_KEY"), QStringLiteral("never-read"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const bool inherited = environment.contains(QStringLiteral("PGPASSWORD")) || environment.contains(QStringLiteral("VALIS_MEMORY_PASSWORD"));
    if (inherited)
        QSKIP("PGPASSWORD or VALIS_MEMORY_PASSWORD is set in this environment, so 'not set' cannot be shown");
    const Run none = cli({QStringLiteral("keys"), QStringLiteral("status"), QStringLiteral("postgresql")}, {}, unset);
    QVERIFY2(none.exitCode == 0, qPrintable(none.err));
    const QRegularExpression notSet(QStringLiteral("^postgresql +not set, and not needed by this provider \\(valis-cli keys set "
                                                   "postgresql, or VALIS_MEMORY_PASSWORD / PGPASSWORD\\)$"),
                                    QRegularExpression::MultilineOption);
    QVERIFY2(none.out.contains(notSet), qPrintable(none.out));
    QVERIFY2(!none.out.contains(QLatin1String("POSTGRESQL_API_KEY")), qPrintable(none.out));

    QProcessEnvironment password;
    password.insert(QStringLiteral("PGPASSWORD"), unique(QStringLiteral("pg-")));
    const Run set = cli({QStringLiteral("keys"), QStringLiteral("status"), QStringLiteral("postgresql")}, {}, password);
    QVERIFY2(set.exitCode == 0, qPrintable(set.err));
    QVERIFY2(set.out.contains(QRegularExpression(QStringLiteral("^postgresql +set in PGPASSWORD$"), QRegularExpression::MultilineOption)),
             qPrintable(set.out));
    QVERIFY(!set.out.contains(password.value(QStringLiteral("PGPASSWORD"))));

    // With a password in the keychain too, the variable still comes first, as for the store.
    const Run stored = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("postgresql")}, "pg-in-keychain\n");
    QVERIFY2(stored.exitCode == 0, qPrintable(stored.err));
    const Run both = cli({QStringLiteral("keys"), QStringLiteral("status"), QStringLiteral("postgresql")}, {}, password);
    QVERIFY2(both.out.contains(QRegularExpression(QStringLiteral("^postgresql +set in PGPASSWORD, which comes before the keychain's$"),
                                                  QRegularExpression::MultilineOption)),
             qPrintable(both.out));
    const Run keychainOnly = cli({QStringLiteral("keys"), QStringLiteral("status"), QStringLiteral("postgresql")});
    QVERIFY2(keychainOnly.out.contains(QRegularExpression(QStringLiteral("^postgresql +set in the keychain$"), QRegularExpression::MultilineOption)),
             qPrintable(keychainOnly.out));
    QCOMPARE(cli({QStringLiteral("keys"), QStringLiteral("remove"), QStringLiteral("postgresql")}).exitCode, 0);
}

void TestKeychain::cliRefusesKeysItCannotTakeSafely()
{
    const QString key = QStringLiteral("sk-ant-on-the-command-line");
    // On the command line: refused, and not repeated.
    for (const QStringList &arguments : {QStringList{QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("anthropic"), key},
                                         QStringList{QStringLiteral("keys"), QStringLiteral("set"), key}}) {
        const Run run = cli(arguments, "sk-from-stdin\n");
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("standard input")), qPrintable(run.err));
        QVERIFY(!run.err.contains(key) && !run.out.contains(key));
    }
    KeychainCredentialStore valisKeychain;
    QCOMPARE(storedOrProblem(valisKeychain, QStringLiteral("anthropic")), QStringLiteral("<none>"));

    // Nothing, or more than a key, on standard input.
    const Run empty = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("anthropic")}, "\n");
    QCOMPARE(empty.exitCode, 1);
    QVERIFY2(empty.err.contains(QLatin1String("no key")), qPrintable(empty.err));
    const Run spaced = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("anthropic")}, "sk-ant one two\n");
    QCOMPARE(spaced.exitCode, 1);
    QVERIFY(!spaced.err.contains(QLatin1String("one two")));
    QCOMPARE(storedOrProblem(valisKeychain, QStringLiteral("anthropic")), QStringLiteral("<none>"));

    const Run unknown = cli({QStringLiteral("keys"), QStringLiteral("rotate"), QStringLiteral("anthropic")});
    QCOMPARE(unknown.exitCode, 2);
}

void TestKeychain::unavailableKeychain()
{
    const auto read = readSecret(*store(), QStringLiteral("anthropic"));
    QVERIFY(read);
    QVERIFY(!read->ok());
    QCOMPARE(read->error().code, QStringLiteral("credentials.unavailable"));
    // The message says what to do instead.
    QVERIFY2(read->error().message.contains(QLatin1String("environment variable")), qPrintable(read->error().message));
    QVERIFY2(read->error().message.contains(QLatin1String("Secret Service")), qPrintable(read->error().message));

    const auto written = writeSecret(*store(), QStringLiteral("anthropic"), QStringLiteral("sk-nowhere"));
    QVERIFY(written);
    QVERIFY(!written->ok());
    QCOMPARE(written->error().code, QStringLiteral("credentials.unavailable"));
}

void TestKeychain::unavailableKeychainFallsBackToEnvironment()
{
    const QString variable = uniqueVariable();
    {
        const ScopedVariable set(variable, QStringLiteral("env-key"));
        const auto key = resolve(store(), QStringLiteral("anthropic"), {variable});
        QVERIFY(key);
        VALIS_VERIFY_OK(*key);
        QCOMPARE(key->value().value, QStringLiteral("env-key"));
        QCOMPARE(key->value().source, variable);
    }
    const auto none = resolve(store(), QStringLiteral("anthropic"), {variable});
    QVERIFY(none);
    QVERIFY(!none->ok());
    QCOMPARE(none->error().code, QStringLiteral("credentials.unavailable"));
}

void TestKeychain::cliWithoutKeychain()
{
    const QString key = unique(QStringLiteral("sk-ant-env-"));
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), key);
    const Run status = cli({QStringLiteral("keys"), QStringLiteral("status")}, {}, environment);
    // The variable answers for anthropic; for the others nothing can, so the keychain's error shows.
    QCOMPARE(status.exitCode, 1);
    QVERIFY(!status.out.contains(key) && !status.err.contains(key));
    QVERIFY2(status.out.contains(QRegularExpression(QStringLiteral("^anthropic +set in ANTHROPIC_API_KEY$"),
                                                    QRegularExpression::MultilineOption)),
             qPrintable(status.out));
    QVERIFY2(status.err.contains(QLatin1String("D-Bus")), qPrintable(status.err));

    const Run set = cli({QStringLiteral("keys"), QStringLiteral("set"), QStringLiteral("anthropic")}, "sk-ant-nowhere\n");
    QCOMPARE(set.exitCode, 1);
    QVERIFY2(set.err.contains(QLatin1String("environment variable")), qPrintable(set.err));
}

VALIS_TEST_MAIN(TestKeychain)
#include "tst_keychain.moc"
