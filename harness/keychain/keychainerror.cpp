#include "keychainerror.h"

#include <QCoreApplication>

#if defined(VALIS_KEYCHAIN_SECRET_SERVICE)
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusReply>
#endif

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::KeychainCredentialStore)
};

const QString unavailableCode = QStringLiteral("credentials.unavailable");

/// "sentence (the keychain's own words)." The keychain's words are not translated, so they go
/// in brackets after a sentence that is.
QString withDetail(const QString &sentence, const QString &detail)
{
    if (detail.isEmpty())
        return sentence + QLatin1Char('.');
    return sentence + QStringLiteral(" (") + detail + QStringLiteral(").");
}

QString whatToDo()
{
    return Text::tr("Set the provider's API key environment variable (such as ANTHROPIC_API_KEY) instead, "
                    "or start a Secret Service such as gnome-keyring or KWallet in your session.");
}

#if defined(VALIS_KEYCHAIN_SECRET_SERVICE)
/// QtKeychain reports a missing D-Bus or Secret Service as a generic error (libsecret's words);
/// asking the session bus tells the two apart from a keychain that answered and failed.
std::optional<Error> secretServiceMissing(const QString &detail)
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        return Error(unavailableCode,
                     withDetail(Text::tr("No keychain can be reached: there is no D-Bus session bus"), detail)
                         + QLatin1Char(' ') + whatToDo());
    }
    QDBusConnectionInterface *busInterface = bus.interface();
    if (!busInterface)
        return std::nullopt;
    static const QStringList services = {QStringLiteral("org.freedesktop.secrets"), QStringLiteral("org.kde.kwalletd6"),
                                         QStringLiteral("org.kde.kwalletd5"), QStringLiteral("org.kde.kwalletd")};
    const QDBusReply<QStringList> activatable = busInterface->activatableServiceNames();
    for (const QString &service : services) {
        if (busInterface->isServiceRegistered(service).value()
            || (activatable.isValid() && activatable.value().contains(service))) {
            return std::nullopt;
        }
    }
    return Error(unavailableCode,
                 withDetail(Text::tr("No keychain can be reached: no Secret Service runs on the D-Bus session bus"), detail)
                     + QLatin1Char(' ') + whatToDo());
}
#endif

} // namespace

Error keychainError(QKeychain::Error code, const QString &detail, const QString &account, KeychainOperation operation)
{
    switch (code) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return Error(unavailableCode,
                     withDetail(Text::tr("No keychain is available on this system"), detail) + QLatin1Char(' ') + whatToDo());
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        return Error(QStringLiteral("credentials.denied"),
                     withDetail(Text::tr("The keychain refused access to the key for \"%1\"").arg(account), detail)
                         + QLatin1Char(' ')
                         + Text::tr("Unlock the keychain or allow Valis to use it, or set the provider's API key "
                                    "environment variable instead."));
    case QKeychain::NoError:
    case QKeychain::EntryNotFound:
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::OtherError:
        break;
    }
#if defined(VALIS_KEYCHAIN_SECRET_SERVICE)
    if (std::optional<Error> missing = secretServiceMissing(detail))
        return *missing;
#endif
    QString sentence;
    switch (operation) {
    case KeychainOperation::Read:
        sentence = Text::tr("The keychain could not read the key for \"%1\"").arg(account);
        break;
    case KeychainOperation::Write:
        sentence = Text::tr("The keychain could not store the key for \"%1\"").arg(account);
        break;
    case KeychainOperation::Remove:
        sentence = Text::tr("The keychain could not remove the key for \"%1\"").arg(account);
        break;
    }
    return Error(QStringLiteral("credentials.failed"), withDetail(sentence, detail));
}

} // namespace valis
