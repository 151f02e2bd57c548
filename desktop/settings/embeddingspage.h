#pragma once

#include "settingspage.h"

#include "valis/core/datalocations.h"

#include <QJsonObject>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace valis {

class CredentialStore;
class EmbeddingProvider;
class PluginManager;

/// Settings > Embeddings: whether recall also searches by meaning, with which embedding
/// provider (the running embedding plugins'), model, base URL and batch size, and the
/// provider's key in the OS keychain (the account it shares with the chat provider of the same
/// id, shown masked, replaced or removed as on the Providers page). Writes only the
/// "embeddings" object of config/memory.json, keeping the rest of the file and the settings it
/// does not show (dimensions, timeouts, retry).
class EmbeddingsPage : public SettingsPage
{
    Q_OBJECT

public:
    EmbeddingsPage(const DataLocations &locations, PluginManager *plugins, CredentialStore *keys, QWidget *parent = nullptr);

    QString title() const override { return tr("Embeddings"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    EmbeddingProvider *currentProvider() const;
    void providerChanged();
    void readKey();
    Result<void> saveFile();

    DataLocations m_locations;
    PluginManager *m_plugins;
    CredentialStore *m_keys;
    QJsonObject m_saved;          ///< the "embeddings" object as read
    bool m_readable = true;
    QCheckBox *m_enabled = nullptr;
    QComboBox *m_provider = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QSpinBox *m_batchSize = nullptr;
    QLabel *m_keyState = nullptr;
    QLineEdit *m_key = nullptr;
    QPushButton *m_removeKey = nullptr;
    bool m_removeRequested = false;
    int m_keyReads = 0;           ///< answers for an earlier provider are dropped
};

} // namespace valis
