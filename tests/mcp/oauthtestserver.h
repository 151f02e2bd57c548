#pragma once

// OAuth for the MCP tests: an authorization server that also serves an MCP server's
// protected-resource metadata, and a browser that follows the sign-in redirect without a screen.
#include "providerserver.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QUrl>
#include <QUrlQuery>

namespace valis::test {

/// An MCP server's protected-resource metadata and an authorization server on one origin,
/// answering as the OAuth specs say, counting what it was asked.
class AuthServer
{
public:
    bool pkce = true;
    int expiresIn = 3600;
    bool tamperState = false;
    int invalidClientAnswers = 0; ///< token requests to refuse with invalid_client first
    int registrations = 0;
    int tokenRequests = 0;
    int authorizeRequests = 0;
    QUrlQuery lastAuthorize;
    QUrlQuery lastToken;

    bool start();
    QString base() const { return m_server.baseUrl().toString(); }
    QUrl mcp() const { return QUrl(base() + QStringLiteral("/mcp")); }

private:
    ScriptedResponse json(int status, const QJsonObject &body);
    ScriptedResponse answer(const CapturedRequest &request);

    ProviderTestServer m_server;
};

/// Plays the person's browser: follows the authorization request to its redirect by hand, so
/// the redirect lands on the authoriser's loopback listener as a browser's would.
class HeadlessBrowser
{
public:
    bool open(const QUrl &url);

private:
    QNetworkAccessManager m_network;
};

} // namespace valis::test
