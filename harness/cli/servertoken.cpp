#include "servertoken.h"

#include "valis/credentials/credentialstore.h"
#include "valis/server/httpserver.h"

#include <QEventLoop>

#include <optional>

namespace valis::cli {

namespace {

/// Runs one keychain call to its end (the keychain answers through the event loop).
template<typename T, typename Call>
T waitFor(Call call)
{
    std::optional<T> answer;
    QEventLoop loop;
    call([&answer, &loop](const T &value) {
        answer.emplace(value);
        loop.quit();
    });
    if (!answer)
        loop.exec();
    return *answer;
}

} // namespace

Result<ServerToken> serverToken(CredentialStore &keychain, const QString &account, const QString &prefix, bool rotate)
{
    if (!rotate) {
        const auto stored = waitFor<Result<std::optional<QString>>>(
            [&](CredentialStore::ReadCallback done) { keychain.read(account, std::move(done)); });
        if (stored.hasError())
            return stored.error();
        if (stored->has_value() && !(*stored)->isEmpty())
            return ServerToken{**stored, false};
    }
    const QString token = httpaccess::generateToken(prefix);
    const auto written = waitFor<Result<void>>(
        [&](CredentialStore::WriteCallback done) { keychain.write(account, token, std::move(done)); });
    if (written.hasError())
        return written.error();
    return ServerToken{token, true};
}

} // namespace valis::cli
