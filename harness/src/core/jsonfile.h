#pragma once

#include "valis/core/result.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace valis {

/// Reads a settings file holding one JSON object. A missing file is std::nullopt; a file that
/// cannot be read or is not a JSON object is an Error with `code`, the parser's reason and
/// location "path:line".
Result<std::optional<QJsonObject>> readJsonObjectFile(const QString &path, const QString &code);

/// Writes `object` to `path` atomically (QSaveFile), creating the folder; an Error with `code`
/// when it cannot.
Result<void> writeJsonObjectFile(const QString &path, const QJsonObject &object, const QString &code);

} // namespace valis
