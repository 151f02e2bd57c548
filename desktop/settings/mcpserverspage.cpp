#include "mcpserverspage.h"

#include "mcpservereditor.h"
#include "mcpserverdetails.h"
#include "mcpui.h"

#include "valis/mcp/mcphost.h"
#include "valis/tokens/tokencounter.h"

#include <QDir>
#include <QColor>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace valis {

McpServersPage::McpServersPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent)
    : SettingsPage(parent), m_locations(locations), m_host(McpUi::host(plugins))
{
    setObjectName(QStringLiteral("mcpServersPage"));
    auto *layout = new QVBoxLayout(this);
    const Result<McpSettings> settings = McpSettings::load(m_locations.mcpSettingsPath());
    if (settings.hasError()) {
        m_problem = settings.error().toString();
    } else {
        m_servers = settings->servers();
        // An entry that cannot be read would be lost by a rewrite: the file stays as it is.
        QStringList problems;
        for (const Error &problem : settings->problems())
            problems << problem.toString();
        m_problem = problems.join(QLatin1Char('\n'));
    }
    if (!m_problem.isEmpty()) {
        auto *problem = new QLabel(tr("Nothing on this page will be saved until this is fixed: %1").arg(m_problem), this);
        problem->setObjectName(QStringLiteral("mcpProblem"));
        problem->setTextFormat(Qt::PlainText);
        problem->setWordWrap(true);
        problem->setStyleSheet(QStringLiteral("color: #b3261e;"));
        layout->addWidget(problem);
    }
    if (!m_host)
        layout->addWidget(new QLabel(plugins ? tr("The MCP plugin is not running: servers can be set up, and start once it runs.")
                                             : tr("The plugins are still starting; open Settings again in a moment to see the servers' state."),
                                     this));

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("mcpServers"));
    m_list->setAccessibleName(tr("MCP servers"));
    m_list->setToolTip(tr("Tick a server to enable it"));
    auto *add = new QPushButton(tr("&Add…"), this);
    add->setObjectName(QStringLiteral("mcpAdd"));
    m_edit = new QPushButton(tr("&Edit…"), this);
    m_edit->setObjectName(QStringLiteral("mcpEdit"));
    m_remove = new QPushButton(tr("Re&move"), this);
    m_remove->setObjectName(QStringLiteral("mcpRemove"));
    m_import = new QToolButton(this);
    m_import->setObjectName(QStringLiteral("mcpImport"));
    m_import->setText(tr("&Import"));
    m_import->setPopupMode(QToolButton::InstantPopup);
    auto *importMenu = new QMenu(m_import);
    importMenu->addAction(tr("From a file (claude_desktop_config.json, .mcp.json, config.toml)…"), this,
                          &McpServersPage::chooseImportFile);
    for (const QString &path : McpSettings::foreignConfigPaths()) {
        if (!QFileInfo::exists(path))
            continue;
        const QString label = path.endsWith(QLatin1String(".toml")) ? tr("From Codex (%1)") : tr("From Claude Desktop (%1)");
        importMenu->addAction(label.arg(QDir::toNativeSeparators(path)), this, [this, path] { importFrom(path); });
    }
    m_import->setMenu(importMenu);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_import);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addLayout(buttons);
    left->setMaximumWidth(230);

    m_details = new McpServerDetails(m_locations, this);
    m_details->setHost(m_host);
    auto *split = new QSplitter(this);
    split->addWidget(left);
    split->addWidget(m_details);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({200, 600});
    layout->addWidget(split, 1);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("mcpNote"));
    m_note->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_note);

    const bool writable = m_problem.isEmpty();
    add->setEnabled(writable);
    m_import->setEnabled(writable);
    m_list->setEnabled(true);
    fillList();
    connect(m_list, &QListWidget::currentRowChanged, this, &McpServersPage::showSelected);
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int index = indexOf(item->data(Qt::UserRole).toString());
        const bool enabled = item->checkState() == Qt::Checked;
        if (index < 0 || m_servers.at(index).enabled == enabled)
            return;
        m_servers[index].enabled = enabled;
        m_changed.insert(m_servers.at(index).name);
        Q_EMIT edited();
        showSelected();
    });
    connect(m_list, &QListWidget::itemActivated, this, [this] { editSelected(); });
    connect(add, &QPushButton::clicked, this, &McpServersPage::addNew);
    connect(m_edit, &QPushButton::clicked, this, &McpServersPage::editSelected);
    connect(m_remove, &QPushButton::clicked, this, &McpServersPage::removeSelected);
    connect(m_details, &McpServerDetails::toolSwitched, this, [this](const QString &server) {
        const int index = indexOf(server);
        if (index < 0)
            return;
        m_servers[index] = m_details->config();
        m_changed.insert(server);
        Q_EMIT edited();
    });
    connect(m_details, &McpServerDetails::noted, this, &McpServersPage::setNote);
    if (m_host)
        connect(m_host, &McpHost::serversChanged, this, &McpServersPage::fillList);
    m_list->setCurrentRow(m_servers.isEmpty() ? -1 : 0);
    showSelected();
}

McpServersPage::~McpServersPage()
{
    // The list empties itself as it goes, after the buttons it would update are gone.
    disconnect(m_list, nullptr, this, nullptr);
}

QString McpServersPage::note() const
{
    return m_note->text();
}

void McpServersPage::setNote(const QString &text)
{
    m_note->setText(text);
}

QStringList McpServersPage::names() const
{
    QStringList names;
    for (const McpServerConfig &server : m_servers)
        names << server.name;
    return names;
}

int McpServersPage::indexOf(const QString &name) const
{
    return int(names().indexOf(name));
}

QString McpServersPage::selectedName() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

bool McpServersPage::selectServer(const QString &name)
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(Qt::UserRole).toString() == name) {
            m_list->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

void McpServersPage::fillList()
{
    const QString selected = selectedName();
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const McpServerConfig &server : std::as_const(m_servers)) {
        const std::optional<McpServerStatus> status = m_host ? m_host->server(server.name) : std::nullopt;
        const QString state = !server.enabled ? McpUi::stateText(McpServerConnection::State::Disabled)
                            : status          ? McpUi::stateText(status->state)
                                              : tr("not started");
        QString text = tr("%1 \u2014 %2").arg(server.name, state);
        // What its offered tools cost in every request, to compare servers at a glance.
        if (status && status->state == McpServerConnection::State::Ready && server.enabled) {
            if (!m_counter)
                m_counter = McpUi::defaultCounter(m_locations, nullptr);
            text = tr("%1 \u2014 %2, %3 tokens").arg(server.name, state, QLocale().toString(m_counter->countToolDefinitions(status->definitions)));
        }
        auto *item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, server.name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | (m_problem.isEmpty() ? Qt::ItemIsUserCheckable : Qt::NoItemFlags));
        item->setCheckState(server.enabled ? Qt::Checked : Qt::Unchecked);
        if (status && status->state == McpServerConnection::State::Failed && server.enabled)
            item->setForeground(QColor(0xb3, 0x26, 0x1e));
        if (status && status->error)
            item->setToolTip(status->error->message);
    }
    if (!selected.isEmpty())
        selectServer(selected);
}

void McpServersPage::showSelected()
{
    const int index = indexOf(selectedName());
    m_edit->setEnabled(index >= 0 && m_problem.isEmpty());
    m_remove->setEnabled(index >= 0 && m_problem.isEmpty());
    m_details->showServer(index >= 0 ? m_servers.at(index) : McpServerConfig());
}

void McpServersPage::addNew()
{
    auto *editor = new McpServerEditor(McpServerConfig(), names(), this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    connect(editor, &QDialog::accepted, this, [this, editor] {
        const Result<McpServerConfig> server = editor->server();
        if (server.hasError())
            return;
        m_servers.append(server.value());
        m_changed.insert(server->name);
        m_removed.remove(server->name);
        fillList();
        selectServer(server->name);
        Q_EMIT edited();
    });
    editor->open();
}

void McpServersPage::editSelected()
{
    const int index = indexOf(selectedName());
    if (index < 0 || !m_problem.isEmpty())
        return;
    QStringList taken = names();
    taken.removeAt(index);
    auto *editor = new McpServerEditor(m_servers.at(index), taken, this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    const QString before = m_servers.at(index).name;
    connect(editor, &QDialog::accepted, this, [this, editor, before] {
        const Result<McpServerConfig> server = editor->server();
        const int at = indexOf(before);
        if (server.hasError() || at < 0)
            return;
        if (server->name != before) { // renamed: the old entry goes
            m_removed.insert(before);
            m_changed.remove(before);
        }
        m_servers[at] = server.value();
        m_changed.insert(server->name);
        m_removed.remove(server->name);
        fillList();
        selectServer(server->name);
        showSelected();
        Q_EMIT edited();
    });
    editor->open();
}

void McpServersPage::removeSelected()
{
    const int index = indexOf(selectedName());
    if (index < 0)
        return;
    const QString name = m_servers.takeAt(index).name;
    m_changed.remove(name);
    m_removed.insert(name);
    fillList();
    m_list->setCurrentRow(qMin(index, m_list->count() - 1));
    showSelected();
    setNote(tr("%1 is removed when you apply.").arg(name));
    Q_EMIT edited();
}

void McpServersPage::chooseImportFile()
{
    auto *dialog = new QFileDialog(this, tr("Import MCP servers"), QDir::homePath());
    dialog->setObjectName(QStringLiteral("mcpImportChooser"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setOption(QFileDialog::DontUseNativeDialog); // shows .mcp.json, a hidden file
    dialog->setFilter(dialog->filter() | QDir::Hidden);
    dialog->setNameFilters({tr("MCP configurations (*.json *.toml)"), tr("All files (*)")});
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        if (!path.isEmpty())
            importFrom(path);
    });
    dialog->open();
}

void McpServersPage::importFrom(const QString &path)
{
    if (!m_problem.isEmpty())
        return;
    QList<Error> problems;
    const Result<QList<McpServerConfig>> read = McpSettings::readForeign(path, &problems);
    if (read.hasError()) {
        setNote(tr("Nothing imported: %1").arg(read.error().toString()));
        return;
    }
    QStringList problemTexts;
    for (const Error &problem : problems)
        problemTexts << problem.toString();
    const QString from = QDir::toNativeSeparators(path);
    if (QFileInfo(path).fileName() != QLatin1String(".mcp.json")) {
        addServers(read.value(), problemTexts, from);
        return;
    }
    // A project's file came with the project, from whoever wrote it: what it would run is shown
    // and asked about, and its servers are never trusted on their word.
    QList<McpServerConfig> servers = read.value();
    QStringList runs;
    for (McpServerConfig &server : servers) {
        server.trusted = false;
        runs << (server.transport == McpServerConfig::Transport::Http
                     ? tr("%1: %2").arg(server.name, server.url)
                     : tr("%1: %2").arg(server.name, (QStringList{server.command} + server.args).join(QLatin1Char(' '))));
    }
    // What a project's file says is shown as it is written (plain text), never as markup.
    auto *question = new QMessageBox(QMessageBox::Warning, tr("Import a project's MCP servers?"), QString(),
                                     QMessageBox::Yes | QMessageBox::No, this);
    question->setObjectName(QStringLiteral("mcpProjectQuestion"));
    question->setTextFormat(Qt::PlainText);
    question->setText(tr("%1 comes with a project and can start any program on this computer. Import "
                         "these servers?").arg(from)
                      + QStringLiteral("\n\n") + (runs.isEmpty() ? tr("(it lists no servers)") : runs.join(QLatin1Char('\n'))));
    question->setDefaultButton(QMessageBox::No);
    question->setAttribute(Qt::WA_DeleteOnClose);
    connect(question, &QMessageBox::finished, this, [this, servers, problemTexts, from](int answer) {
        if (answer == QMessageBox::Yes)
            addServers(servers, problemTexts, from);
        else
            setNote(tr("Nothing imported from %1.").arg(from));
    });
    question->open();
}

void McpServersPage::addServers(const QList<McpServerConfig> &servers, const QStringList &problems, const QString &from)
{
    QStringList added;
    QStringList skipped;
    for (const McpServerConfig &server : servers) {
        if (indexOf(server.name) >= 0) {
            skipped << server.name;
            continue;
        }
        m_servers.append(server);
        m_changed.insert(server.name);
        m_removed.remove(server.name);
        added << server.name;
    }
    QStringList note;
    note << (added.isEmpty() ? tr("Nothing new in %1.").arg(from)
                             : tr("Imported from %1: %2 (saved when you apply).").arg(from, added.join(QStringLiteral(", "))));
    if (!skipped.isEmpty())
        note << tr("Kept the servers already here: %1.").arg(skipped.join(QStringLiteral(", ")));
    if (!problems.isEmpty())
        note << tr("Not imported: %1").arg(problems.join(QStringLiteral("; ")));
    setNote(note.join(QLatin1Char(' ')));
    fillList();
    if (!added.isEmpty()) {
        selectServer(added.constFirst());
        Q_EMIT edited();
    }
}

void McpServersPage::apply(std::function<void(const Result<void> &)> done)
{
    if (!isModified()) {
        done({});
        return;
    }
    if (!m_problem.isEmpty()) {
        done(Error(QStringLiteral("settings.unreadable"), tr("not saved: %1").arg(m_problem)));
        return;
    }
    // What is on disk now, so servers another program added meanwhile stay.
    Result<McpSettings> settings = McpSettings::load(m_locations.mcpSettingsPath());
    if (settings.hasError()) {
        done(settings.error());
        return;
    }
    if (!settings->problems().isEmpty()) {
        done(Error(QStringLiteral("settings.unreadable"), tr("not saved: %1").arg(settings->problems().constFirst().toString())));
        return;
    }
    for (const QString &name : std::as_const(m_removed))
        settings->removeServer(name);
    for (const McpServerConfig &server : std::as_const(m_servers))
        if (m_changed.contains(server.name))
            settings->setServer(server);
    const Result<void> saved = settings->save();
    if (saved.hasError()) {
        done(saved);
        return;
    }
    m_changed.clear();
    m_removed.clear();
    setModified(false);
    if (m_host)
        m_host->reloadConfiguration();
    done({});
}

} // namespace valis
