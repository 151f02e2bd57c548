#include "valis/mcp/mcpstoredtoken.h"

#include "valis/credentials/credentialstore.h"

#include <QCoreApplication>
#include <QTimer>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpStoredTokenAuthorizer)
};

} // namespace

QString mcpTokenAccount(const QString &server)
{
    return QStringLiteral("mcp:") + server;
}

McpStoredTokenAuthorizer::McpStoredTokenAuthorizer(CredentialStore *credentials, const QString &server,
                                                   std::unique_ptr<McpHttpAuthorizer> fallback)
    : m_credentials(credentials), m_server(server), m_fallback(std::move(fallback))
{
}

McpStoredTokenAuthorizer::~McpStoredTokenAuthorizer() = default;

void McpStoredTokenAuthorizer::prepare(std::function<void()> done)
{
    const auto next = [this, done] {
        if (m_token.isEmpty() && m_fallback)
            m_fallback->prepare(done);
        else
            done();
    };
    if (!m_credentials) {
        QTimer::singleShot(0, next);
        return;
    }
    // A keychain that cannot be asked is no stored token: the fallback (OAuth) gets its turn and
    // reports what it cannot do itself.
    m_credentials->read(mcpTokenAccount(m_server), [this, next](const Result<std::optional<QString>> &token) {
        if (token.ok() && token.value().has_value())
            m_token = token.value()->trimmed();
        next();
    });
}

QByteArray McpStoredTokenAuthorizer::authorization() const
{
    if (!m_token.isEmpty())
        return QByteArrayLiteral("Bearer ") + m_token.toUtf8();
    return m_fallback ? m_fallback->authorization() : QByteArray();
}

void McpStoredTokenAuthorizer::authorize(const McpAuthChallenge &challenge, std::function<void(const Result<void> &)> done)
{
    if (m_token.isEmpty() && m_fallback) {
        m_fallback->authorize(challenge, std::move(done));
        return;
    }
    const QString account = mcpTokenAccount(m_server);
    QTimer::singleShot(0, [done, account] {
        done(Error(QStringLiteral("mcp.token-refused"),
                   Text::tr("the server refused the bearer token stored in the keychain (%1); store another with "
                            "valis-cli keys set %1, or remove it to sign in with OAuth")
                       .arg(account)));
    });
}

} // namespace valis
