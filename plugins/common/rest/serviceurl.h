#pragma once

#include "valis/core/result.h"

#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace valis::rest {

/// Where a remote service is: the environment variable `variable` when it is set, else the
/// plugin setting `key` (PluginContext::settings), else `fallback`. An http or https address with
/// a host, or an Error ("plugin.invalid-settings") naming `service`, where the bad value came
/// from and an example (the fallback).
Result<QUrl> serviceUrl(const QString &service, const QJsonObject &settings, const QString &key, const char *variable,
                        const QString &fallback);

} // namespace valis::rest
