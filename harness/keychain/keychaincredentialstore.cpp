#include "valis/keychain/keychaincredentialstore.h"

#include "keychainerror.h"

#include <QCoreApplication>

#include <utility>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::KeychainCredentialStore)
};

Error noAccount()
{
    return Error(QStringLiteral("credentials.failed"), Text::tr("No keychain account was named."));
}

/// Jobs are not children of the store: QtKeychain's backends call back into a job until it
/// finishes, so a job deletes itself then (autoDelete), whatever became of the store.
template<typename Job>
Job *newJob(const QString &service, const QString &account)
{
    auto *job = new Job(service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text file
    job->setKey(account);
    return job;
}

} // namespace

KeychainCredentialStore::KeychainCredentialStore(QObject *parent)
    : KeychainCredentialStore(defaultService(), parent)
{}

KeychainCredentialStore::KeychainCredentialStore(const QString &service, QObject *parent)
    : CredentialStore(parent)
    , m_service(service)
{}

KeychainCredentialStore::~KeychainCredentialStore() = default;

QString KeychainCredentialStore::defaultService()
{
    return QStringLiteral("org.valis.Valis");
}

void KeychainCredentialStore::read(const QString &account, ReadCallback done)
{
    using ReadResult = Result<std::optional<QString>>;
    if (account.isEmpty()) {
        later([done = std::move(done)] { done(ReadResult(noAccount())); });
        return;
    }
    auto *job = newJob<QKeychain::ReadPasswordJob>(m_service, account);
    connect(job, &QKeychain::Job::finished, this, [account, done = std::move(done)](QKeychain::Job *finished) {
        auto *readJob = static_cast<QKeychain::ReadPasswordJob *>(finished);
        switch (readJob->error()) {
        case QKeychain::NoError:
            done(ReadResult(std::optional<QString>(readJob->textData())));
            return;
        case QKeychain::EntryNotFound:
            done(ReadResult(std::optional<QString>()));
            return;
        default:
            done(ReadResult(keychainError(readJob->error(), readJob->errorString(), account, KeychainOperation::Read)));
            return;
        }
    });
    job->start();
}

void KeychainCredentialStore::write(const QString &account, const QString &secret, WriteCallback done)
{
    if (account.isEmpty()) {
        later([done = std::move(done)] { done(noAccount()); });
        return;
    }
    auto *job = newJob<QKeychain::WritePasswordJob>(m_service, account);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, this, [account, done = std::move(done)](QKeychain::Job *finished) {
        if (finished->error() == QKeychain::NoError)
            done(success());
        else
            done(keychainError(finished->error(), finished->errorString(), account, KeychainOperation::Write));
    });
    job->start();
}

void KeychainCredentialStore::remove(const QString &account, WriteCallback done)
{
    if (account.isEmpty()) {
        later([done = std::move(done)] { done(noAccount()); });
        return;
    }
    auto *job = newJob<QKeychain::DeletePasswordJob>(m_service, account);
    connect(job, &QKeychain::Job::finished, this, [account, done = std::move(done)](QKeychain::Job *finished) {
        // Removing what is not there leaves the keychain as asked.
        if (finished->error() == QKeychain::NoError || finished->error() == QKeychain::EntryNotFound)
            done(success());
        else
            done(keychainError(finished->error(), finished->errorString(), account, KeychainOperation::Remove));
    });
    job->start();
}

void KeychainCredentialStore::later(std::function<void()> report)
{
    QMetaObject::invokeMethod(this, std::move(report), Qt::QueuedConnection);
}

QString qtKeychainVersion()
{
    return QStringLiteral(VALIS_QTKEYCHAIN_VERSION);
}

} // namespace valis
