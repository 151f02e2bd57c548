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

template<typename Answer, typename Call>
void ForwardingCredentialStore::forward(Call call, std::function<void(const Answer &)> done)
{
    QPointer<ForwardingCredentialStore> self(this);
    CredentialStore *target = m_target;
    if (!target) {
        QMetaObject::invokeMethod(this, [done] { done(gone()); }, Qt::QueuedConnection);
        return;
    }
    // Asked in the keychain's thread; the answer comes back to this one.
    QMetaObject::invokeMethod(target, [target, call, self, done] {
        call(target, [self, done](const Answer &answer) {
            if (self)
                QMetaObject::invokeMethod(self, [done, answer] { done(answer); }, Qt::QueuedConnection);
        });
    }, Qt::QueuedConnection);
}

void ForwardingCredentialStore::read(const QString &account, ReadCallback done)
{
    forward<Result<std::optional<QString>>>([account](CredentialStore *target, ReadCallback back) { target->read(account, back); },
                                            std::move(done));
}

void ForwardingCredentialStore::write(const QString &account, const QString &secret, WriteCallback done)
{
    forward<Result<void>>([account, secret](CredentialStore *target, WriteCallback back) { target->write(account, secret, back); },
                          std::move(done));
}

void ForwardingCredentialStore::remove(const QString &account, WriteCallback done)
{
    forward<Result<void>>([account](CredentialStore *target, WriteCallback back) { target->remove(account, back); }, std::move(done));
}

} // namespace valis::mcp
