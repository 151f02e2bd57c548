#include "clicontext.h"

#include "completion/commandcatalogue.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cstdio>
#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace valis::cli {

CliContext::CliContext(DataLocations locations)
    : m_locations(std::move(locations))
    , m_out(stdout)
    , m_err(stderr)
{
#if defined(Q_OS_UNIX)
    m_colour = isatty(STDOUT_FILENO) && qEnvironmentVariableIsEmpty("NO_COLOR");
#endif
}

SessionStore *CliContext::store()
{
    if (m_store || m_storeFailed)
        return m_store.get();
    auto opened = SessionStore::open(m_locations.sessionDatabasePath(), m_locations.blobDir());
    if (!opened.ok()) {
        m_storeFailed = true;
        fail(QStringLiteral("store"), opened.error());
        return nullptr;
    }
    m_store = std::move(opened).value();
    return m_store.get();
}

int CliContext::fail(const QString &command, const Error &error)
{
    m_out.flush();
    m_err << "valis-cli " << command << ": " << error.toString() << Qt::endl;
    return 1;
}

int CliContext::usageError(const QString &command, const QString &message)
{
    m_out.flush();
    m_err << "valis-cli " << command << ": " << message << '\n'
          << Text::tr("Try 'valis-cli %1 --help'.").arg(command) << Qt::endl;
    return 2;
}

void CliContext::describeSubcommand(const QString &parent, const QString &name, const QString &summary)
{
    if (m_catalogue)
        m_catalogue->addSubcommand(parent, name, summary);
}

int CliContext::parse(CliParser &parser, const QString &command, const QString &description, const QStringList &arguments)
{
    parser.parser().setApplicationDescription(description);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, Text::tr("Show this help."));
    parser.addOption(help);
    if (m_catalogue) {
        m_catalogue->declare(command, parser);
        return 0;
    }
    if (!parser.parser().parse(arguments))
        return usageError(command, parser.parser().errorText());
    if (parser.isSet(help)) {
        // QCommandLineParser names the program by its path; name the command instead.
        QString text = parser.parser().helpText();
        static const QRegularExpression program(QStringLiteral("^Usage: \\S+"));
        text.replace(program, QStringLiteral("Usage: valis-cli ") + command);
        m_out << text;
        m_out.flush();
        return 0;
    }
    return -1;
}

} // namespace valis::cli
