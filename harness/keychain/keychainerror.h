#pragma once

#include "valis/core/result.h"

#include <qt6keychain/keychain.h>

#include <QString>

namespace valis {

/// What was asked of the keychain, for the error message.
enum class KeychainOperation { Read, Write, Remove };

/// The valis::Error for a failed QtKeychain job (never called for NoError or, on a read,
/// EntryNotFound). Decides in one place what counts as "no keychain" versus a refusal versus
/// a failure.
Error keychainError(QKeychain::Error code, const QString &detail, const QString &account, KeychainOperation operation);

} // namespace valis
