#pragma once

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QUrl>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QNetworkAccessManager;
class QPushButton;

namespace valis {

class CredentialStore;

/// What a person sees before there is any session: add a provider key (to the OS keychain),
/// the local model servers found at their default addresses with their models, and the other
/// agents' sessions found on this machine, to import. Nothing leaves the machine: the probes ask
/// localhost only, and nothing is imported or stored without a click.
class WelcomeView : public QWidget
{
    Q_OBJECT

public:
    /// A local server to look for: `kind` "ollama" (GET /api/tags) or "openai" (GET /v1/models).
    struct LocalServer
    {
        QString name;
        QString kind;
        QUrl address;
    };
    /// A folder of another agent's sessions.
    struct ImportSource
    {
        QString name;   ///< "Claude Code"
        QString folder;
        int files = 0;
    };

    WelcomeView(CredentialStore *keys, QWidget *parent = nullptr);

    /// Ollama at localhost:11434, LM Studio at :1234, llama.cpp's server at :8080.
    static QList<LocalServer> defaultServers();
    /// Claude Code's ~/.claude/projects and Codex's ~/.codex/sessions under `home`.
    static QList<ImportSource> candidateSources(const QString &home);

    void setServers(const QList<LocalServer> &servers) { m_servers = servers; }
    /// Looks for the local servers again (asynchronous).
    void probe();
    /// The folders found with transcripts in them (the store thread scanned them).
    void showImportSources(const QList<valis::WelcomeView::ImportSource> &sources);
    void showImportResult(int sessions, int messages, const QStringList &problems);

    QListWidget *modelList() const { return m_models; }
    QListWidget *sourceList() const { return m_sources; }
    QPushButton *importButton() const { return m_import; }
    QLineEdit *keyEdit() const { return m_key; }
    QPushButton *saveKeyButton() const { return m_saveKey; }
    QString keyStatus() const;
    QString importStatus() const;

Q_SIGNALS:
    void importRequested(const QStringList &folders);
    /// The person chose a local model: `provider` "openai-compatible", its `model`.
    void localModelChosen(const QString &provider, const QString &model, const QUrl &server);
    void keySaved(const QString &provider);

private:
    void saveKey();
    void probeOne(const LocalServer &server);

    QPointer<CredentialStore> m_keys;
    QNetworkAccessManager *m_network;
    QList<LocalServer> m_servers;
    QComboBox *m_provider;
    QLineEdit *m_key;
    QPushButton *m_saveKey;
    QLabel *m_keyStatus;
    QListWidget *m_models;
    QLabel *m_modelStatus;
    QListWidget *m_sources;
    QPushButton *m_import;
    QLabel *m_importStatus;
    int m_pendingProbes = 0;
    int m_probeGeneration = 0; ///< answers of an earlier look are ignored
};

} // namespace valis

Q_DECLARE_METATYPE(valis::WelcomeView::ImportSource)
