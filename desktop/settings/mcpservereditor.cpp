#include "mcpservereditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

QString mapLines(const QMap<QString, QString> &map, const QString &separator)
{
    QStringList lines;
    for (auto it = map.constBegin(); it != map.constEnd(); ++it)
        lines << it.key() + separator + it.value();
    return lines.join(QLatin1Char('\n'));
}

// "KEY=value" (or "Name: value") lines; an Error naming the first line without the separator.
Result<QMap<QString, QString>> parseLines(const QString &text, QChar separator, const QString &what)
{
    QMap<QString, QString> map;
    int number = 0;
    for (const QString &raw : text.split(QLatin1Char('\n'))) {
        ++number;
        const QString line = raw.trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype at = line.indexOf(separator);
        if (at <= 0)
            return Error(QStringLiteral("mcp.editor"),
                         McpServerEditor::tr("%1, line %2: write %3").arg(what).arg(number)
                             .arg(separator == QLatin1Char('=') ? QStringLiteral("NAME=value") : QStringLiteral("Name: value")));
        map.insert(line.left(at).trimmed(), line.mid(at + 1).trimmed());
    }
    return map;
}

QStringList listOf(const QString &text)
{
    QStringList items;
    for (const QString &item : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        items << item;
    return items;
}

QPlainTextEdit *linesEdit(const QString &text, const QString &placeholder, QWidget *parent)
{
    auto *edit = new QPlainTextEdit(text, parent);
    edit->setPlaceholderText(placeholder);
    edit->setTabChangesFocus(true);
    edit->setMaximumHeight(80);
    return edit;
}

} // namespace

McpServerEditor::McpServerEditor(const McpServerConfig &server, const QStringList &takenNames, QWidget *parent)
    : QDialog(parent), m_original(server), m_taken(takenNames)
{
    setObjectName(QStringLiteral("mcpServerEditor"));
    setWindowTitle(server.name.isEmpty() ? tr("Add an MCP server") : tr("MCP server %1").arg(server.name));
    m_name = new QLineEdit(server.name, this);
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setPlaceholderText(tr("letters, digits, - and _"));
    m_transport = new QComboBox(this);
    m_transport->setObjectName(QStringLiteral("transport"));
    m_transport->addItem(tr("A program on this computer (stdio)"));
    m_transport->addItem(tr("A server at an address (Streamable HTTP)"));
    m_transport->setCurrentIndex(server.transport == McpServerConfig::Transport::Http ? 1 : 0);

    auto *stdio = new QWidget(this);
    auto *stdioForm = new QFormLayout(stdio);
    m_command = new QLineEdit(server.command, stdio);
    m_command->setObjectName(QStringLiteral("command"));
    m_command->setPlaceholderText(tr("npx, node, uvx, /path/to/server"));
    m_args = linesEdit(server.args.join(QLatin1Char('\n')), tr("one argument per line"), stdio);
    m_args->setObjectName(QStringLiteral("args"));
    m_env = linesEdit(mapLines(server.env, QStringLiteral("=")), tr("NAME=value per line; ${VAR} takes Valis's variable"), stdio);
    m_env->setObjectName(QStringLiteral("env"));
    m_cwd = new QLineEdit(server.cwd, stdio);
    m_cwd->setObjectName(QStringLiteral("cwd"));
    m_cwd->setPlaceholderText(tr("the folder it runs in (optional)"));
    stdioForm->addRow(tr("&Command:"), m_command);
    stdioForm->addRow(tr("&Arguments:"), m_args);
    stdioForm->addRow(tr("&Environment:"), m_env);
    stdioForm->addRow(tr("&Folder:"), m_cwd);

    auto *http = new QWidget(this);
    auto *httpForm = new QFormLayout(http);
    m_url = new QLineEdit(server.url, http);
    m_url->setObjectName(QStringLiteral("url"));
    m_url->setPlaceholderText(QStringLiteral("https://example.com/mcp"));
    m_headers = linesEdit(mapLines(server.headers, QStringLiteral(": ")), tr("Name: value per line; ${VAR} takes Valis's variable"), http);
    m_headers->setObjectName(QStringLiteral("headers"));
    m_bearer = new QLineEdit(server.bearerTokenEnvVar, http);
    m_bearer->setObjectName(QStringLiteral("bearerTokenEnvVar"));
    m_bearer->setPlaceholderText(tr("an environment variable holding a token (optional)"));
    m_clientId = new QLineEdit(server.oauthClientId, http);
    m_clientId->setObjectName(QStringLiteral("oauthClientId"));
    m_clientId->setPlaceholderText(tr("a registered OAuth client (optional)"));
    m_scopes = new QLineEdit(server.oauthScopes.join(QLatin1Char(' ')), http);
    m_scopes->setObjectName(QStringLiteral("oauthScopes"));
    m_scopes->setPlaceholderText(tr("scopes to ask for, when the server names none"));
    httpForm->addRow(tr("&Address:"), m_url);
    httpForm->addRow(tr("&Headers:"), m_headers);
    httpForm->addRow(tr("&Bearer token variable:"), m_bearer);
    httpForm->addRow(tr("OAuth &client id:"), m_clientId);
    httpForm->addRow(tr("OAuth &scopes:"), m_scopes);

    m_pages = new QStackedWidget(this);
    m_pages->addWidget(stdio);
    m_pages->addWidget(http);
    m_pages->setCurrentIndex(m_transport->currentIndex());
    connect(m_transport, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);

    auto *usage = new QWidget(this);
    auto *usageForm = new QFormLayout(usage);
    m_enabled = new QCheckBox(tr("&Enabled"), usage);
    m_enabled->setObjectName(QStringLiteral("enabled"));
    m_enabled->setChecked(server.enabled);
    m_trusted = new QCheckBox(tr("&Trusted: believe what it says of its tools (read-only, destructive)"), usage);
    m_trusted->setObjectName(QStringLiteral("trusted"));
    m_trusted->setChecked(server.trusted);
    m_startup = new QSpinBox(usage);
    m_startup->setObjectName(QStringLiteral("startupTimeout"));
    m_startup->setRange(1, 600);
    m_startup->setSuffix(tr(" s"));
    m_startup->setValue(server.startupTimeoutSec);
    m_toolTimeout = new QSpinBox(usage);
    m_toolTimeout->setObjectName(QStringLiteral("toolTimeout"));
    m_toolTimeout->setRange(1, 86400);
    m_toolTimeout->setSuffix(tr(" s"));
    m_toolTimeout->setValue(server.toolTimeoutSec);
    m_enabledTools = new QLineEdit(server.enabledTools.join(QStringLiteral(", ")), usage);
    m_enabledTools->setObjectName(QStringLiteral("enabledTools"));
    m_enabledTools->setPlaceholderText(tr("all"));
    m_disabledTools = new QLineEdit(server.disabledTools.join(QStringLiteral(", ")), usage);
    m_disabledTools->setObjectName(QStringLiteral("disabledTools"));
    m_disabledTools->setPlaceholderText(tr("none"));
    usageForm->addRow(QString(), m_enabled);
    usageForm->addRow(QString(), m_trusted);
    usageForm->addRow(tr("&Start-up timeout:"), m_startup);
    usageForm->addRow(tr("Tool &call timeout:"), m_toolTimeout);
    usageForm->addRow(tr("Only these tools:"), m_enabledTools);
    usageForm->addRow(tr("Never these tools:"), m_disabledTools);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("editorProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &McpServerEditor::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *top = new QFormLayout;
    top->addRow(tr("&Name:"), m_name);
    top->addRow(tr("&Kind:"), m_transport);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_pages);
    layout->addWidget(usage);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(560, 560);
}

Result<McpServerConfig> McpServerEditor::server() const
{
    McpServerConfig edited = m_original;
    edited.name = m_name->text().trimmed();
    if (!McpServerConfig::isValidName(edited.name))
        return Error(QStringLiteral("mcp.editor"), tr("The name may hold letters, digits, - and _ (at most 64)."));
    if (m_taken.contains(edited.name))
        return Error(QStringLiteral("mcp.editor"), tr("There is a server named %1 already.").arg(edited.name));
    const bool http = m_transport->currentIndex() == 1;
    edited.transport = http ? McpServerConfig::Transport::Http : McpServerConfig::Transport::Stdio;
    if (http) {
        edited.command.clear();
        edited.args.clear();
        edited.env.clear();
        edited.cwd.clear();
        edited.url = m_url->text().trimmed();
        const Result<QMap<QString, QString>> headers = parseLines(m_headers->toPlainText(), QLatin1Char(':'), tr("Headers"));
        if (headers.hasError())
            return headers.error();
        edited.headers = headers.value();
        edited.bearerTokenEnvVar = m_bearer->text().trimmed();
        edited.oauthClientId = m_clientId->text().trimmed();
        edited.oauthScopes = listOf(m_scopes->text());
    } else {
        edited.url.clear();
        edited.headers.clear();
        edited.bearerTokenEnvVar.clear();
        edited.oauthClientId.clear();
        edited.oauthScopes.clear();
        edited.command = m_command->text().trimmed();
        edited.args.clear();
        for (const QString &line : m_args->toPlainText().split(QLatin1Char('\n')))
            if (!line.trimmed().isEmpty())
                edited.args << line.trimmed();
        const Result<QMap<QString, QString>> env = parseLines(m_env->toPlainText(), QLatin1Char('='), tr("Environment"));
        if (env.hasError())
            return env.error();
        edited.env = env.value();
        edited.cwd = m_cwd->text().trimmed();
    }
    edited.enabled = m_enabled->isChecked();
    edited.trusted = m_trusted->isChecked();
    edited.startupTimeoutSec = m_startup->value();
    edited.toolTimeoutSec = m_toolTimeout->value();
    edited.enabledTools = listOf(m_enabledTools->text());
    edited.disabledTools = listOf(m_disabledTools->text());
    // Checked the way config/mcp.json is read, so what is saved loads again.
    return McpServerConfig::fromJson(edited.name, edited.toJson(), tr("this server"));
}

void McpServerEditor::accept()
{
    const Result<McpServerConfig> edited = server();
    if (edited.hasError()) {
        m_problem->setText(edited.error().toString());
        return;
    }
    QDialog::accept();
}

} // namespace valis
