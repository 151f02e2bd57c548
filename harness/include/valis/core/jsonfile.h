#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace valis {

/// Reads a settings file holding one JSON object in format `formatVersion` ("version", which may
/// be left out). A missing file is std::nullopt; a file that cannot be read, is not a JSON object
/// or names another version is an Error with `code`, saying why, at "path" or "path:line".
VALIS_HARNESS_EXPORT Result<std::optional<QJsonObject>> readJsonObjectFile(const QString &path, const QString &code,
                                                                         int formatVersion);

/// Writes `object` to `path` atomically (QSaveFile), creating the folder; an Error with `code`
/// when it cannot.
VALIS_HARNESS_EXPORT Result<void> writeJsonObjectFile(const QString &path, const QJsonObject &object, const QString &code);

} // namespace valis
