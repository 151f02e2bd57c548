#pragma once

#include "valis/core/result.h"

#include <QString>

namespace valis {
class CredentialStore;
}

namespace valis::cli {

/// The bearer token a local server (valis-cli serve, mcp serve --http) requires.
struct ServerToken
{
    QString value;
    bool created = false; ///< new: the caller shows it this once
};

/// The token in keychain `account`, or, when there is none or `rotate`, a new one
/// (httpaccess::generateToken(`prefix`)) stored there. Waits for the keychain, which answers
/// through the event loop; its error when it cannot be read or written.
Result<ServerToken> serverToken(CredentialStore &keychain, const QString &account, const QString &prefix, bool rotate);

} // namespace valis::cli
