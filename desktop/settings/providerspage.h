#pragma once

#include "settingspage.h"

#include "valis/agent/providersettings.h"
#include "valis/core/datalocations.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace valis {

class ConnectionTester;
class CredentialStore;
class PluginManager;
class Provider;

/// Settings > Providers: per running provider plugin its key (in the OS keychain, shown masked,
/// replaced or removed there), base URL, default model and a connection test; and which
/// provider new sessions start with. Writes config/providers.json, keeping what it does not edit
/// (headers, options, retry).
class ProvidersPage : public SettingsPage
{
    Q_OBJECT

public:
    ProvidersPage(const DataLocations &locations, PluginManager *plugins, CredentialStore *keys, QWidget *parent = nullptr);

    QString title() const override { return tr("Providers"); }
    void apply(std::function<void(const Result<void> &)> done) override;

    /// "sk-ant…3fa1": enough to tell keys apart, not enough to use one.
    static QString maskKey(const QString &key);

private:
    struct Row
    {
        Provider *provider = nullptr;
        QString account;
        QLabel *keyState = nullptr;
        QLineEdit *key = nullptr;
        QPushButton *removeKey = nullptr;
        bool removeRequested = false;
        QLineEdit *baseUrl = nullptr;
        QComboBox *model = nullptr;
        QPushButton *test = nullptr;
        QLabel *testResult = nullptr;
    };

    QWidget *buildRow(Row &row);
    void readKey(int index);
    void testConnection(int index);
    ProviderSettingsEntry entryFor(const Row &row) const;
    Result<void> saveFile();

    DataLocations m_locations;
    CredentialStore *m_keys;
    ConnectionTester *m_tester;
    ProviderSettings m_settings;
    QComboBox *m_defaultProvider = nullptr;
    QList<Row> m_rows;
};

} // namespace valis
