#include "sharingpage.h"

#include "apiservercontroller.h"
#include "mcpauditview.h"

#include "valis/credentials/credentialstore.h"
#include "valis/server/apiprofiles.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QThreadPool>
#include <QVBoxLayout>

namespace valis {

namespace {

const QString ReadOnlyKey = QStringLiteral("sharing/readOnly");
const QList<McpClientKind> Kinds{McpClientKind::ClaudeCode, McpClientKind::Codex, McpClientKind::ClaudeDesktop};

QString kindKey(McpClientKind kind)
{
    switch (kind) {
    case McpClientKind::ClaudeCode: return QStringLiteral("ClaudeCode");
    case McpClientKind::Codex: return QStringLiteral("Codex");
    case McpClientKind::ClaudeDesktop: return QStringLiteral("ClaudeDesktop");
    }
    return QString();
}

QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

/// The question before a file is written: which file, what changes in it (a diff), where the
/// copy goes. Non-modal with a name, as the other questions of the settings are, so tests and
/// accessibility tools find it.
QDialog *confirmation(QWidget *parent, const McpClientConfigChange &change)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("shareConfirm"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString agent = McpClientConfig::displayName(change.kind);
    dialog->setWindowTitle(SharingPage::tr("Add Valis to %1?").arg(agent));
    const QString file = QDir::toNativeSeparators(change.path);
    const QString what = change.existed
                             ? SharingPage::tr("Valis will change %1 as shown below; the file as it is now is kept as %2.")
                                   .arg(file, QDir::toNativeSeparators(McpClientConfig::backupPath(change.path)))
                             : SharingPage::tr("Valis will create %1 as shown below.").arg(file);
    auto *text = plainLabel(what, dialog);
    text->setObjectName(QStringLiteral("shareConfirmText"));
    auto *diff = new QPlainTextEdit(change.diff(), dialog);
    diff->setObjectName(QStringLiteral("shareDiff"));
    diff->setReadOnly(true);
    diff->setLineWrapMode(QPlainTextEdit::NoWrap);
    diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(SharingPage::tr("&Write"));
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(diff, 1);
    layout->addWidget(plainLabel(SharingPage::tr("%1 reads it when it starts next.").arg(agent), dialog));
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    dialog->resize(720, 420);
    return dialog;
}

} // namespace

SharingPage::SharingPage(const DataLocations &locations, CredentialStore *keys, const Setup &setup, QWidget *parent)
    : SettingsPage(parent), m_locations(locations), m_keys(keys), m_setup(setup)
{
    setObjectName(QStringLiteral("sharingPage"));
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    column->addWidget(makeSnippets());
    column->addWidget(makeApiServer());
    auto *auditBox = new QGroupBox(tr("Calls from other agents"), content);
    auto *auditLayout = new QVBoxLayout(auditBox);
    m_audit = new McpAuditView(m_locations.mcpAuditLogPath(), auditBox);
    auditLayout->addWidget(m_audit);
    column->addWidget(auditBox, 1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    connect(this, &SharingPage::planned, this, &SharingPage::confirm);
    updateSnippets();
    updateApiServer();
}

QString SharingPage::installedCli()
{
#if defined(Q_OS_WIN)
    const QString name = QStringLiteral("valis-cli.exe");
#else
    const QString name = QStringLiteral("valis-cli");
#endif
    return QDir(QCoreApplication::applicationDirPath()).filePath(name);
}

QWidget *SharingPage::makeSnippets()
{
    auto *box = new QGroupBox(tr("Share memory with other agents"), this);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(plainLabel(tr("Other agents can search and read Valis's memory and transcripts through its MCP server "
                                    "(valis-cli mcp serve). Paste one of these into the agent, or let Valis add it to the "
                                    "agent's configuration file: you see the change before anything is written."),
                                 box));
    if (!QFileInfo(m_setup.cliPath).isExecutable()) {
        auto *missing = plainLabel(tr("valis-cli was not found at %1; the snippets name it there.")
                                       .arg(QDir::toNativeSeparators(m_setup.cliPath)),
                                   box);
        missing->setObjectName(QStringLiteral("shareCliMissing"));
        missing->setStyleSheet(QStringLiteral("color: #b3261e;"));
        layout->addWidget(missing);
    }
    m_readOnly = new QCheckBox(tr("&Read-only: other agents can search and read, not store (--read-only)"), box);
    m_readOnly->setObjectName(QStringLiteral("shareReadOnly"));
    m_readOnly->setChecked(QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat).value(ReadOnlyKey, false).toBool());
    connect(m_readOnly, &QCheckBox::toggled, this, [this](bool on) {
        QSettings(m_locations.desktopSettingsPath(), QSettings::IniFormat).setValue(ReadOnlyKey, on);
        updateSnippets();
    });
    layout->addWidget(m_readOnly);

    auto *grid = new QGridLayout;
    int row = 0;
    for (McpClientKind kind : Kinds) {
        const QString key = kindKey(kind);
        const QString agent = McpClientConfig::displayName(kind);
        const QString where = QDir::toNativeSeparators(configPath(kind));
        const QString label = kind == McpClientKind::ClaudeCode ? tr("%1 (a command to run in a terminal)").arg(agent)
                                                                 : tr("%1 (%2)").arg(agent, where);
        grid->addWidget(plainLabel(label, box), row++, 0, 1, 3);
        auto *snippet = new QPlainTextEdit(box);
        snippet->setObjectName(QStringLiteral("snippet") + key);
        snippet->setReadOnly(true);
        snippet->setLineWrapMode(QPlainTextEdit::NoWrap);
        snippet->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        snippet->setFixedHeight(kind == McpClientKind::ClaudeDesktop ? 130 : kind == McpClientKind::Codex ? 70 : 40);
        m_snippets.insert(int(kind), snippet);
        auto *copy = new QPushButton(tr("Copy"), box);
        copy->setObjectName(QStringLiteral("copy") + key);
        connect(copy, &QPushButton::clicked, this, [this, kind, agent] {
            QApplication::clipboard()->setText(m_snippets.value(int(kind))->toPlainText());
            setStatus(tr("The %1 snippet is on the clipboard.").arg(agent), false);
        });
        auto *add = new QPushButton(tr("Add to %1…").arg(agent), box);
        add->setObjectName(QStringLiteral("add") + key);
        add->setToolTip(tr("Shows the change to %1 first").arg(where));
        connect(add, &QPushButton::clicked, this, [this, kind] { addTo(kind); });
        m_addButtons.insert(int(kind), add);
        auto *buttons = new QVBoxLayout;
        buttons->addWidget(copy);
        buttons->addWidget(add);
        buttons->addStretch(1);
        grid->addWidget(snippet, row, 0, 1, 2);
        grid->addLayout(buttons, row++, 2);
    }
    grid->setColumnStretch(0, 1);
    layout->addLayout(grid);
    m_status = plainLabel(QString(), box);
    m_status->setObjectName(QStringLiteral("shareStatus"));
    layout->addWidget(m_status);
    return box;
}

QWidget *SharingPage::makeApiServer()
{
    auto *box = new QGroupBox(tr("OpenAI-compatible API"), this);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(plainLabel(tr("Clients such as Aider, Continue or Open WebUI can talk to your models through Valis, with its "
                                    "context management, on this computer only (valis-cli serve). They need the URL and the token."),
                                 box));
    m_serve = new QCheckBox(tr("&Serve an OpenAI-compatible API"), box);
    m_serve->setObjectName(QStringLiteral("apiServe"));
    m_port = new QSpinBox(box);
    m_port->setObjectName(QStringLiteral("apiPort"));
    m_port->setRange(0, 65535);
    m_port->setPrefix(tr("port "));
    m_port->setSpecialValueText(tr("any free port"));
    m_profile = new QComboBox(box);
    m_profile->setObjectName(QStringLiteral("apiProfile"));
    m_profile->setToolTip(tr("The profile of config/serve.json a request without a model uses"));
    m_profile->addItem(tr("Default profile"), QString());
    // config/serve.json is a few lines; a file that cannot be read leaves the choice at the
    // default, and valis-cli serve reports the file when it starts.
    if (const Result<ApiProfiles> profiles = ApiProfiles::load(QDir(m_locations.configDir()).filePath(QStringLiteral("serve.json")));
        profiles.ok()) {
        for (const ApiProfile &profile : profiles->profiles())
            m_profile->addItem(tr("Profile %1 (%2/%3)").arg(profile.name, profile.provider, profile.model), profile.name);
    }
    auto *top = new QHBoxLayout;
    top->addWidget(m_serve);
    top->addWidget(m_port);
    top->addWidget(m_profile);
    top->addStretch(1);
    layout->addLayout(top);
    m_apiState = plainLabel(QString(), box);
    m_apiState->setObjectName(QStringLiteral("apiState"));
    m_apiUrl = plainLabel(QString(), box);
    m_apiUrl->setObjectName(QStringLiteral("apiUrl"));
    m_apiProblem = plainLabel(QString(), box);
    m_apiProblem->setObjectName(QStringLiteral("apiProblem"));
    m_apiProblem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_copyUrl = new QPushButton(tr("Copy URL"), box);
    m_copyUrl->setObjectName(QStringLiteral("apiCopyUrl"));
    auto *copyToken = new QPushButton(tr("Copy token"), box);
    copyToken->setObjectName(QStringLiteral("apiCopyToken"));
    copyToken->setEnabled(m_keys);
    auto *line = new QHBoxLayout;
    line->addWidget(m_apiState);
    line->addWidget(m_apiUrl, 1);
    line->addWidget(m_copyUrl);
    line->addWidget(copyToken);
    layout->addLayout(line);
    layout->addWidget(m_apiProblem);

    // The token is in the keychain whether or not this window runs the server.
    connect(copyToken, &QPushButton::clicked, this, &SharingPage::copyToken);
    ApiServerController *server = m_setup.apiServer;
    if (!server) {
        m_serve->setEnabled(false);
        m_port->setEnabled(false);
        m_profile->setEnabled(false);
        m_copyUrl->setEnabled(false);
        m_apiState->setText(tr("Not available in this window."));
        return box;
    }
    m_port->setValue(server->port());
    if (const int remembered = m_profile->findData(server->profile()); remembered >= 0) {
        m_profile->setCurrentIndex(remembered);
    } else {
        // A profile no longer in the file is still what the server is started with: it says so.
        m_profile->addItem(tr("Profile %1 (not in config/serve.json)").arg(server->profile()), server->profile());
        m_profile->setCurrentIndex(m_profile->count() - 1);
    }
    connect(m_profile, &QComboBox::currentIndexChanged, server,
            [this, server](int index) { server->setProfile(m_profile->itemData(index).toString()); });
    m_serve->setChecked(server->state() == ApiServerController::State::Starting
                        || server->state() == ApiServerController::State::Serving);
    connect(m_port, &QSpinBox::valueChanged, server, [server](int port) { server->setPort(quint16(port)); });
    connect(m_serve, &QCheckBox::toggled, server, [server](bool on) { on ? server->start() : server->stop(); });
    connect(server, &ApiServerController::stateChanged, this, &SharingPage::updateApiServer);
    connect(m_copyUrl, &QPushButton::clicked, this, [this, server] {
        QApplication::clipboard()->setText(server->url());
        setStatus(tr("The API's URL is on the clipboard."), false);
    });
    return box;
}

McpServerLaunch SharingPage::launch() const
{
    McpServerLaunch launch = McpServerLaunch::forCli(m_setup.cliPath, m_readOnly && m_readOnly->isChecked()
                                                                          ? McpServerLaunch::Access::ReadOnly
                                                                          : McpServerLaunch::Access::ReadWrite);
    // A desktop on a profile of its own shares that profile's memory, not the default one.
    if (m_locations.isOverridden())
        launch.arguments << QStringLiteral("--home") << QDir::toNativeSeparators(m_locations.home());
    return launch;
}

QString SharingPage::configPath(McpClientKind kind) const
{
    return McpClientConfig::defaultPath(kind, m_setup.home);
}

void SharingPage::updateSnippets()
{
    const McpServerLaunch current = launch();
    for (McpClientKind kind : Kinds)
        m_snippets.value(int(kind))->setPlainText(McpClientConfig::snippet(kind, current));
}

void SharingPage::addTo(McpClientKind kind)
{
    if (m_busy)
        return;
    // ~/.claude.json can be megabytes: it is read, parsed and spliced on a pool thread, and the
    // page waits for the answer with its "Add to" buttons off.
    setBusy(true);
    const QString path = configPath(kind);
    const McpServerLaunch current = launch();
    setStatus(tr("Reading %1…").arg(QDir::toNativeSeparators(path)), false);
    QPointer<SharingPage> self(this);
    QThreadPool::globalInstance()->start([self, kind, path, current] {
        Result<McpClientConfigChange> change = McpClientConfig::plan(kind, path, current);
        QMetaObject::invokeMethod(
            // The application as the context: the page may be gone by then (self says so).
            QCoreApplication::instance(), [self, kind, change = std::move(change)] {
                if (self)
                    Q_EMIT self->planned(kind, change);
            },
            Qt::QueuedConnection);
    });
}

void SharingPage::confirm(McpClientKind kind, const Result<McpClientConfigChange> &change)
{
    setBusy(false);
    const QString agent = McpClientConfig::displayName(kind);
    if (change.hasError()) {
        setStatus(tr("Valis was not added to %1: %2").arg(agent, change.error().toString()), true);
        return;
    }
    if (!change->changes()) {
        setStatus(tr("%1 already starts Valis this way (%2).").arg(agent, QDir::toNativeSeparators(change->path)), false);
        return;
    }
    QDialog *question = confirmation(this, *change);
    const McpClientConfigChange plannedChange = *change;
    connect(question, &QDialog::accepted, this, [this, plannedChange] { write(plannedChange); });
    connect(question, &QDialog::rejected, this,
            [this, agent] { setStatus(tr("Nothing was written to %1's configuration.").arg(agent), false); });
    question->open();
}

void SharingPage::write(const McpClientConfigChange &change)
{
    setBusy(true);
    setStatus(tr("Writing %1…").arg(QDir::toNativeSeparators(change.path)), false);
    QPointer<SharingPage> self(this);
    QThreadPool::globalInstance()->start([self, change] {
        const Result<void> written = McpClientConfig::write(change);
        QMetaObject::invokeMethod(
            // The application as the context: the page may be gone by then (self says so).
            QCoreApplication::instance(), [self, change, written] {
                if (!self)
                    return;
                self->setBusy(false);
                const QString agent = McpClientConfig::displayName(change.kind);
                if (written.hasError())
                    self->setStatus(tr("Valis was not added to %1: %2").arg(agent, written.error().toString()), true);
                else
                    self->setStatus(tr("Added Valis to %1 (%2). Start %1 again to use it.").arg(agent, QDir::toNativeSeparators(change.path)),
                                    false);
            },
            Qt::QueuedConnection);
    });
}

void SharingPage::setBusy(bool busy)
{
    m_busy = busy;
    for (QPushButton *button : std::as_const(m_addButtons))
        button->setEnabled(!busy);
}

void SharingPage::updateApiServer()
{
    ApiServerController *server = m_setup.apiServer;
    if (!server)
        return;
    const ApiServerController::State state = server->state();
    const bool running = state == ApiServerController::State::Starting || state == ApiServerController::State::Serving;
    m_port->setEnabled(!running);
    m_profile->setEnabled(!running);
    {
        const QSignalBlocker block(m_serve);
        if (state != ApiServerController::State::Failed)
            m_serve->setChecked(running);
    }
    m_apiState->setText(ApiServerController::stateText(state));
    m_apiUrl->setText(server->url());
    m_copyUrl->setEnabled(!server->url().isEmpty());
    m_apiProblem->setText(server->problem());
    m_apiProblem->setVisible(!server->problem().isEmpty());
}

void SharingPage::copyToken()
{
    if (!m_keys)
        return;
    QPointer<SharingPage> self(this);
    m_keys->read(apiTokenAccount(), [self](const Result<std::optional<QString>> &secret) {
        if (!self)
            return;
        if (secret.hasError()) {
            self->setStatus(tr("The token could not be read from the keychain: %1").arg(secret.error().toString()), true);
        } else if (!secret->has_value() || (*secret)->isEmpty()) {
            self->setStatus(tr("There is no token yet: valis-cli serve makes one when it first starts."), true);
        } else {
            QApplication::clipboard()->setText(**secret);
            self->setStatus(tr("The API's token is on the clipboard."), false);
        }
    });
}

void SharingPage::setStatus(const QString &text, bool problem)
{
    m_status->setText(text);
    m_status->setStyleSheet(problem ? QStringLiteral("color: #b3261e;") : QString());
}

QString SharingPage::status() const
{
    return m_status->text();
}

} // namespace valis
