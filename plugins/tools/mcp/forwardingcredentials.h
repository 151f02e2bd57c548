#pragma once

#include "valis/credentials/credentialstore.h"

#include <QPointer>

#include <functional>

namespace valis::mcp {

/// A CredentialStore for the MCP thread that asks the host's keychain store (which lives in the
/// main thread, where its D-Bus calls answer) and brings each answer back to the MCP thread, as
/// the CredentialStore contract says: callbacks run on the thread that owns the store.
class ForwardingCredentialStore : public CredentialStore
{
    Q_OBJECT

public:
    /// `target` lives in another thread and must outlive this store's use (the host's keychain).
    explicit ForwardingCredentialStore(CredentialStore *target, QObject *parent = nullptr);

    void read(const QString &account, ReadCallback done) override;
    void write(const QString &account, const QString &secret, WriteCallback done) override;
    void remove(const QString &account, WriteCallback done) override;

private:
    /// Runs `call(target, answerHere)` in the keychain's thread.
    template<typename Answer, typename Call>
    void forward(Call call, std::function<void(const Answer &)> done);

    QPointer<CredentialStore> m_target;
};

} // namespace valis::mcp
