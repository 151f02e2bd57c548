#pragma once

// What the main window's GUI suites share: reading the conversation page and pointing the
// providers at the local test server.
#include "mainwindow.h"
#include "providerserver.h"
#include "testsupport.h"
#include "webtestsupport.h"

#include "conversationview.h"

#include <QVariant>

namespace valis::test {

inline QVariant evaluate(MainWindow &window, const QString &script)
{
    return evaluateInPage(window.conversationView()->page(), script);
}

// Points the anthropic provider at the local test server.
inline bool useTestServer(const DataLocations &locations, const ProviderTestServer &server)
{
    return writeFile(locations.providerSettingsPath(),
                           QStringLiteral("{\"version\": 1, \"defaultProvider\": \"anthropic\", \"providers\": {\"anthropic\": "
                                          "{\"model\": \"claude-sonnet-4-5\", \"baseUrl\": \"%1\"}}}")
                               .arg(server.baseUrl().toString())
                               .toUtf8());
}

// The real plugins (from `pluginPath`) talking to the local server: the anthropic provider
// pointed at it, its key from the environment, as no keychain answers here (the bus address
// leads nowhere).
inline bool runTurnsAgainst(const DataLocations &locations, const ProviderTestServer &server, const QByteArray &pluginPath)
{
    qputenv("VALIS_PLUGIN_PATH", pluginPath);
    qputenv("ANTHROPIC_API_KEY", "sk-desktop-test");
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/valis-no-session-bus");
    qunsetenv("ANTHROPIC_BASE_URL");
    return useTestServer(locations, server);
}

// What the conversation page shows, as text.
inline QString pageText(MainWindow &window)
{
    return evaluate(window, QStringLiteral("document.body.textContent")).toString();
}

} // namespace valis::test
