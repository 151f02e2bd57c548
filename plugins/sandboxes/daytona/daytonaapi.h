#pragma once

#include "rest/restclient.h"

#include "valis/core/result.h"
#include "valis/plugins/remotesandbox.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <chrono>

namespace valis::daytona {

/// Where Daytona is and the key it takes: enough to talk to the control plane and to one
/// sandbox's toolbox. A plain value, copied into every machine and process.
struct Endpoint
{
    QUrl apiUrl;   ///< the control plane ("https://app.daytona.io/api")
    QString apiKey;

    /// A client for the control plane (`/sandbox...`), with Daytona's error shapes mapped to
    /// the RemoteSandbox error codes.
    rest::Client control() const;
    /// A client for the toolbox of sandbox `sandboxId` (`{toolboxProxyUrl}/{sandboxId}/...`).
    rest::Client toolbox(const QUrl &toolboxProxyUrl, const QString &sandboxId) const;
};

/// The text of an error answer from any of Daytona's services: NestJS's `message` (a string or
/// a list), the daemon's `message`, or the raw body.
QString errorText(const rest::Response &response);
/// The daemon's or the proxy's `code` ("FILE_NOT_FOUND", "SANDBOX_NOT_STARTED"); empty if none.
QString errorCode(const rest::Response &response);

/// The control plane's answers as RemoteSandbox errors (sandbox.remote-auth, -quota, -image,
/// -not-found, -http).
Error controlError(const rest::Response &response);
/// The toolbox's answers: sandbox.remote-gone for a sandbox that stopped or vanished,
/// sandbox.timeout for the daemon's 408, else as controlError().
Error toolboxError(const rest::Response &response);
/// A transport failure (the REST client's http.network / http.timeout) as a RemoteSandbox error.
Error transportError(const Error &error);

/// What a Sandbox DTO says, as Valis shows it.
RemoteMachineInfo machineInfo(const QJsonObject &sandbox);

/// A /process/execute command line (no shell: split on spaces, ' groups) that runs `script`
/// with sh and keeps its standard error apart behind `marker`: a script with a single quote
/// travels base64, so no character in it can break the daemon's splitting.
QString executeCommandLine(const QString &script, const QByteArray &marker);

} // namespace valis::daytona
