#include "awaitconnection.h"

#include "valis/agent/providersettings.h"

#include <QEventLoop>

namespace valis::cli {

std::optional<Result<Connection>> awaitConnection(const Provider &provider, const ProviderSettingsEntry &settings,
                                                  const QString &baseUrlOverride, CredentialStore *keys)
{
    std::optional<Result<Connection>> connection;
    QEventLoop wait;
    prepareConnection(provider, settings, baseUrlOverride, keys, processEnvironment(),
                      [&connection, &wait](const Result<Connection> &result) {
                          connection = result;
                          wait.quit();
                      });
    if (!connection)
        wait.exec();
    return connection;
}

} // namespace valis::cli
