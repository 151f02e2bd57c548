#pragma once

#include "valis/credentials/credentialstore.h"

namespace valis {

/// The CredentialStore of the shell and valis-cli: the OS keychain through QtKeychain (a Secret
/// Service such as gnome-keyring or KWallet over D-Bus on Linux, the Keychain on macOS, the
/// Credential Manager on Windows). One entry per account under one service name; never a
/// plain-text fallback.
///
/// Errors: "credentials.unavailable" (no keychain to ask: no backend, no D-Bus session bus, no
/// Secret Service on it; the message says what to do), "credentials.denied" (locked or refused),
/// "credentials.failed" (anything else, with the keychain's own words). An absent entry is
/// std::nullopt, not an error.
///
/// Use from the thread that owns the store (it needs a running event loop). A store destroyed
/// with requests pending drops their callbacks; the keychain still completes the requests.
class KeychainCredentialStore : public CredentialStore
{
    Q_OBJECT

public:
    /// Stores under defaultService().
    explicit KeychainCredentialStore(QObject *parent = nullptr);
    /// Stores under `service` (tests use their own, so they never meet a real key).
    explicit KeychainCredentialStore(const QString &service, QObject *parent = nullptr);
    ~KeychainCredentialStore() override;

    /// "org.valis.Valis".
    static QString defaultService();
    QString service() const { return m_service; }

    void read(const QString &account, ReadCallback done) override;
    void write(const QString &account, const QString &secret, WriteCallback done) override;
    void remove(const QString &account, WriteCallback done) override;

private:
    /// Calls `report` later (never from inside read/write/remove), for requests refused before
    /// they reach the keychain.
    void later(std::function<void()> report);

    QString m_service;
};

/// The QtKeychain release this was built with ("0.13.2"), for the About dialog.
QString qtKeychainVersion();

} // namespace valis
