#pragma once

#include <QCommandLineParser>

namespace valis::cli {

class CliContext;

/// A command's option parser that remembers what the command declared: its options and its
/// positional arguments, in order. Commands declare through it (QCommandLineParser itself has no
/// way to list what it was given), so `valis-cli completion` offers exactly what each command
/// accepts. It holds its QCommandLineParser privately, so nothing can be declared past it.
class CliParser
{
public:
    /// A positional argument as declared: `syntax` is what usage shows ("SESSION...",
    /// "[set|remove|status]"), empty when the name stands for itself.
    struct Positional
    {
        QString name;
        QString description;
        QString syntax;
    };

    bool addOption(const QCommandLineOption &option);
    bool addOptions(const QList<QCommandLineOption> &options);
    void addPositionalArgument(const QString &name, const QString &description, const QString &syntax = QString());

    const QList<QCommandLineOption> &options() const { return m_options; }
    const QList<Positional> &positionals() const { return m_positionals; }

    bool isSet(const QCommandLineOption &option) const { return m_parser.isSet(option); }
    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QCommandLineOption &option) const { return m_parser.value(option); }
    QString value(const QString &name) const { return m_parser.value(name); }
    QStringList values(const QCommandLineOption &option) const { return m_parser.values(option); }
    QStringList positionalArguments() const { return m_parser.positionalArguments(); }

private:
    friend class CliContext; // parses, and shows the help
    QCommandLineParser &parser() { return m_parser; }

    QCommandLineParser m_parser;
    QList<QCommandLineOption> m_options;
    QList<Positional> m_positionals;
};

} // namespace valis::cli
