#include "cliparser.h"

namespace valis::cli {

bool CliParser::addOption(const QCommandLineOption &option)
{
    m_options.append(option);
    return m_parser.addOption(option);
}

bool CliParser::addOptions(const QList<QCommandLineOption> &options)
{
    m_options.append(options);
    return m_parser.addOptions(options);
}

void CliParser::addPositionalArgument(const QString &name, const QString &description, const QString &syntax)
{
    m_positionals.append({name, description, syntax});
    m_parser.addPositionalArgument(name, description, syntax);
}

} // namespace valis::cli
