#include "forwardingcredentials.h"

#include <QCoreApplication>

namespace valis::mcp {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpTools)
};

Error gone()
{
    return Error(QStringLiteral("credentials.unavailable"), Text::tr("the keychain is no longer available"));
}

} // namespace

ForwardingCredentialStore::ForwardingCredentialStore(CredentialStore *target, QObject *parent)
    : CredentialStore(parent), m_target(target)
{
}

void ForwardingCredentialStore::read(const QString &account, ReadCallback done)
{
    QPointer<ForwardingCredentialStore> self(this);
    CredentialStore *target = m_target;
    if (!target) {
        QMetaObject::invokeMethod(this, [done] { done(gone()); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(target, [target, account, self, done] {
        target->read(account, [self, done](const Result<std::optional<QString>> &result) {
            if (self)
                QMetaObject::invokeMethod(self, [done, result] { done(result); }, Qt::QueuedConnection);
        });
    }, Qt::QueuedConnection);
}

void ForwardingCredentialStore::write(const QString &account, const QString &secret, WriteCallback done)
{
    QPointer<ForwardingCredentialStore> self(this);
    CredentialStore *target = m_target;
    if (!target) {
        QMetaObject::invokeMethod(this, [done] { done(gone()); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(target, [target, account, secret, self, done] {
        target->write(account, secret, [self, done](const Result<void> &result) {
            if (self)
                QMetaObject::invokeMethod(self, [done, result] { done(result); }, Qt::QueuedConnection);
        });
    }, Qt::QueuedConnection);
}

void ForwardingCredentialStore::remove(const QString &account, WriteCallback done)
{
    QPointer<ForwardingCredentialStore> self(this);
    CredentialStore *target = m_target;
    if (!target) {
        QMetaObject::invokeMethod(this, [done] { done(gone()); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(target, [target, account, self, done] {
        target->remove(account, [self, done](const Result<void> &result) {
            if (self)
                QMetaObject::invokeMethod(self, [done, result] { done(result); }, Qt::QueuedConnection);
        });
    }, Qt::QueuedConnection);
}

} // namespace valis::mcp
