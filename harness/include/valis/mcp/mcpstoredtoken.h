#pragma once

#include "valis/harness_export.h"
#include "valis/mcp/mcphttptransport.h"

#include <QPointer>
#include <QString>

#include <memory>

namespace valis {

class CredentialStore;

/// The keychain account of the bearer token a person stored for the MCP server `server`
/// (`valis-cli keys set mcp:<server>`): "mcp:<server>".
VALIS_HARNESS_EXPORT QString mcpTokenAccount(const QString &server);

/// The simple path for HTTP servers that take a fixed token: sends the bearer token stored in the
/// keychain for the server when there is one, and otherwise hands everything to `fallback` (the
/// OAuth authoriser), so a server works with either without a setting saying which.
class VALIS_HARNESS_EXPORT McpStoredTokenAuthorizer : public McpHttpAuthorizer
{
public:
    /// `credentials` must outlive this authoriser; `fallback` may be null (then a refusal stands).
    McpStoredTokenAuthorizer(CredentialStore *credentials, const QString &server, std::unique_ptr<McpHttpAuthorizer> fallback);
    ~McpStoredTokenAuthorizer() override;

    void prepare(std::function<void()> done) override;
    QByteArray authorization() const override;
    void authorize(const McpAuthChallenge &challenge, std::function<void(const Result<void> &)> done) override;

    /// Whether a stored token was found (after prepare()).
    bool usesStoredToken() const { return !m_token.isEmpty(); }
    McpHttpAuthorizer *fallback() const { return m_fallback.get(); }

private:
    CredentialStore *m_credentials;
    QString m_server;
    std::unique_ptr<McpHttpAuthorizer> m_fallback;
    QString m_token;
};

} // namespace valis
