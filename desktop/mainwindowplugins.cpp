// The main window's plugins: loaded after the first paint, asking first about one that was
// loading when Valis last died, and summarised in the status bar.
#include "mainwindow.h"

#include "conversationcontroller.h"

#include "valis/plugins/pluginmanager.h"

#include <QDesktopServices>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>

namespace valis {

void MainWindow::loadPlugins()
{
    m_plugins = std::make_unique<PluginManager>(m_locations, DataLocations::systemPluginDirs());
    m_plugins->setSafeMode(m_options.safeMode);
    // What plugins may use of the shell: the keychain (OAuth tokens of MCP servers) and the
    // browser (a sign-in, an address a server asked for and the person agreed to).
    HostServices services;
    services.credentials = m_conversation->keys();
    services.openUrl = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    m_plugins->setHostServices(services);
    m_plugins->scan();
    const QString crashed = m_plugins->crashedPlugin();
    if (crashed.isEmpty()) {
        startPlugins();
        return;
    }
    // The plugin that was loading when Valis died: ask before loading it again, without
    // blocking the event loop (the window stays live while the question is open).
    QString what;
    switch (m_plugins->crashPhase()) {
    case PluginCrashPhase::Loading:
        what = tr("The plugin \"%1\" was loading when Valis last stopped unexpectedly. Disable it?");
        break;
    case PluginCrashPhase::ShuttingDown:
        what = tr("The plugin \"%1\" was shutting down when Valis last stopped unexpectedly. Disable it?");
        break;
    case PluginCrashPhase::ShutdownHung:
        what = tr("The plugin \"%1\" did not finish shutting down when Valis last quit, so Valis quit without it. "
                  "Disable it?");
        break;
    }
    auto *question = new QMessageBox(QMessageBox::Warning, tr("A plugin may have crashed Valis"), what.arg(crashed),
                                     QMessageBox::Yes | QMessageBox::No, this);
    question->setAttribute(Qt::WA_DeleteOnClose);
    connect(question, &QMessageBox::finished, this, [this, crashed](int answer) {
        if (answer == QMessageBox::Yes) {
            const Result<void> disabled = m_plugins->disableCrashedPlugin();
            statusBar()->showMessage(disabled.ok() ? tr("Disabled the plugin \"%1\".").arg(crashed)
                                                   : tr("Could not disable the plugin \"%1\": %2")
                                                         .arg(crashed, disabled.error().toString()));
            m_plugins->scan();
        }
        startPlugins();
    });
    question->open();
}

void MainWindow::startPlugins()
{
    m_plugins->loadAll();
    m_pluginStatus->setText(pluginStatus());
    QStringList problems;
    for (const PluginSpec *spec : m_plugins->specs()) {
        if (!spec->reason().isEmpty())
            problems << (spec->id().isEmpty() ? spec->filePath() : spec->id()) + QStringLiteral(": ") + spec->reason();
    }
    for (const Error &error : m_plugins->errors())
        problems << error.toString();
    m_pluginStatus->setToolTip(problems.isEmpty() ? tr("All plugins started.") : problems.join(QLatin1Char('\n')));
    Q_EMIT pluginsLoaded();
}

QString MainWindow::pluginStatus() const
{
    if (!m_plugins)
        return tr("Plugins: starting…");
    if (m_plugins->isSafeMode())
        return tr("Plugins: safe mode, none loaded");
    int running = 0;
    int problems = 0;
    for (const PluginSpec *spec : m_plugins->specs()) {
        if (spec->isRunning())
            ++running;
        else if (spec->state() == PluginSpec::State::Failed || spec->state() == PluginSpec::State::Invalid)
            ++problems;
    }
    return problems == 0 ? tr("Plugins: %1 running").arg(running)
                         : tr("Plugins: %1 running, %2 with problems").arg(running).arg(problems);
}

} // namespace valis
