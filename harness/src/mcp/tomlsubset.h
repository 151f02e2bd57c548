#pragma once

#include "valis/core/result.h"

#include <QJsonObject>
#include <QString>

namespace valis::mcp {

/// Reads the part of TOML that configuration files like Codex's config.toml use: [tables] and
/// [dotted."quoted".tables], key = value with basic and literal strings (single-line and
/// multi-line), integers, floats, booleans, arrays and inline tables, comments. Arrays of tables
/// ([[x]]) and dates are read too, dates as strings. Enough to find [mcp_servers.*]; an Error
/// naming the line for what it cannot read.
Result<QJsonObject> parseTomlSubset(const QByteArray &text, const QString &path);

} // namespace valis::mcp
