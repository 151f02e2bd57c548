#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis::tools {

/// Reads a tool call's arguments and collects what is wrong in words the model can act on
/// ("`offset` must be a whole number >= 1, got \"ten\""). Read every argument, then check ok():
/// the model gets all its mistakes in one answer.
class ToolArguments
{
public:
    ToolArguments(const QString &toolName, const QJsonObject &arguments);

    /// A required non-empty string.
    QString requiredString(const QString &name);
    /// A required string that may be empty (an edit's replacement text).
    QString requiredText(const QString &name);
    std::optional<QString> optionalString(const QString &name);
    /// A whole number in [minimum, maximum]; `fallback` when absent.
    qint64 integer(const QString &name, qint64 fallback, qint64 minimum, qint64 maximum);
    std::optional<qint64> optionalInteger(const QString &name, qint64 minimum, qint64 maximum);
    bool boolean(const QString &name, bool fallback);
    /// An array of strings; empty when absent.
    QStringList stringList(const QString &name);
    /// One of `allowed`; `fallback` when absent.
    QString choice(const QString &name, const QStringList &allowed, const QString &fallback);
    /// Records a problem found by the caller's own checks.
    void fail(const QString &problem) { m_problems.append(problem); }

    bool ok() const { return m_problems.isEmpty(); }
    /// "Invalid arguments for read_file: ...; ..." for the error result.
    QString errorMessage() const;

    const QJsonObject &raw() const { return m_arguments; }

private:
    QString m_toolName;
    QJsonObject m_arguments;
    QStringList m_problems;
};

} // namespace valis::tools
