#include "embeddingspage.h"

#include "providerspage.h"

#include "valis/core/jsonfile.h"
#include "valis/credentials/credentialstore.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/memorysettings.h"
#include "valis/plugins/embeddingprovider.h"
#include "valis/plugins/pluginmanager.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <memory>

namespace valis {

namespace {
const QString MalformedCode = QStringLiteral("memory-settings.malformed");
}

EmbeddingsPage::EmbeddingsPage(const DataLocations &locations, PluginManager *plugins, CredentialStore *keys, QWidget *parent)
    : SettingsPage(parent), m_locations(locations), m_plugins(plugins), m_keys(keys)
{
    setObjectName(QStringLiteral("embeddingsPage"));
    auto *layout = new QVBoxLayout(this);
    auto *about = new QLabel(tr("With embeddings on, recall also finds memories and earlier conversations by meaning, "
                                "not only by their words. Valis sends the text of memories and messages to the "
                                "provider below to get their vectors, in the background after each turn."), this);
    about->setWordWrap(true);
    layout->addWidget(about);

    Result<std::optional<QJsonObject>> read = readJsonObjectFile(m_locations.memorySettingsPath(), MalformedCode, 1);
    EmbeddingSettings current;
    if (read.ok()) {
        m_saved = read->value_or(QJsonObject{}).value(QLatin1String("embeddings")).toObject();
        Result<EmbeddingSettings> parsed = EmbeddingSettings::fromJson(m_saved, m_locations.memorySettingsPath());
        if (parsed.ok())
            current = *parsed;
    } else {
        m_readable = false;
        auto *problem = new QLabel(tr("config/memory.json could not be read, so nothing here will be saved until it is "
                                      "fixed: %1").arg(read.error().toString()), this);
        problem->setObjectName(QStringLiteral("embeddingsProblem"));
        problem->setWordWrap(true);
        layout->addWidget(problem);
    }

    auto *form = new QFormLayout;
    m_enabled = new QCheckBox(tr("Find passages by meaning (embeddings)"), this);
    m_enabled->setObjectName(QStringLiteral("embeddingsEnabled"));
    m_enabled->setChecked(current.enabled);
    form->addRow(QString(), m_enabled);

    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("embeddingProvider"));
    if (plugins) {
        for (const EmbeddingProvider *provider : plugins->embeddingProviders())
            m_provider->addItem(tr("%1 (%2)").arg(provider->displayName(), provider->id()), provider->id());
    }
    if (!current.provider.isEmpty() && m_provider->findData(current.provider) < 0)
        m_provider->addItem(tr("%1 (not running)").arg(current.provider), current.provider);
    m_provider->setCurrentIndex(qMax(0, m_provider->findData(current.provider)));
    form->addRow(tr("Provider:"), m_provider);
    if (!plugins || plugins->embeddingProviders().isEmpty()) {
        auto *none = new QLabel(plugins ? tr("No embedding provider plugin is running; see Plugins.")
                                        : tr("The plugins are still starting; open Settings again in a moment."), this);
        none->setWordWrap(true);
        form->addRow(QString(), none);
    }

    m_model = new QLineEdit(current.model, this);
    m_model->setObjectName(QStringLiteral("embeddingModel"));
    m_model->setPlaceholderText(tr("e.g. text-embedding-3-small or nomic-embed-text"));
    form->addRow(tr("Model:"), m_model);

    m_baseUrl = new QLineEdit(current.baseUrl.toString(), this);
    m_baseUrl->setObjectName(QStringLiteral("embeddingBaseUrl"));
    form->addRow(tr("Base URL:"), m_baseUrl);

    m_batchSize = new QSpinBox(this);
    m_batchSize->setObjectName(QStringLiteral("embeddingBatchSize"));
    m_batchSize->setRange(1, 2048);
    m_batchSize->setValue(current.batchSize);
    m_batchSize->setToolTip(tr("Texts per request; the provider's own limit applies too."));
    form->addRow(tr("Batch size:"), m_batchSize);

    m_keyState = new QLabel(this);
    m_keyState->setObjectName(QStringLiteral("embeddingKeyState"));
    m_keyState->setWordWrap(true);
    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("embeddingKey"));
    m_key->setAccessibleName(tr("API key"));
    m_key->setEchoMode(QLineEdit::Password);
    m_removeKey = new QPushButton(tr("Remove from keychain"), this);
    m_removeKey->setObjectName(QStringLiteral("removeEmbeddingKey"));
    m_removeKey->setEnabled(false);
    auto *keyLine = new QHBoxLayout;
    keyLine->addWidget(m_key, 1);
    keyLine->addWidget(m_removeKey);
    form->addRow(tr("API key:"), m_keyState);
    form->addRow(QString(), keyLine);
    layout->addLayout(form);
    layout->addStretch(1);

    connect(m_enabled, &QCheckBox::toggled, this, &SettingsPage::edited);
    connect(m_provider, &QComboBox::currentIndexChanged, this, [this] {
        providerChanged();
        Q_EMIT edited();
    });
    connect(m_model, &QLineEdit::textEdited, this, &SettingsPage::edited);
    connect(m_baseUrl, &QLineEdit::textEdited, this, &SettingsPage::edited);
    connect(m_batchSize, &QSpinBox::valueChanged, this, &SettingsPage::edited);
    connect(m_key, &QLineEdit::textEdited, this, &SettingsPage::edited);
    connect(m_removeKey, &QPushButton::clicked, this, [this] {
        m_removeRequested = true;
        m_key->clear();
        m_removeKey->setEnabled(false);
        m_keyState->setText(tr("Will be removed from the keychain when you apply."));
        Q_EMIT edited();
    });
    providerChanged();
}

EmbeddingProvider *EmbeddingsPage::currentProvider() const
{
    return m_plugins ? m_plugins->embeddingProvider(m_provider->currentData().toString()) : nullptr;
}

void EmbeddingsPage::providerChanged()
{
    // The key and the default address belong to the provider: show the chosen one's.
    m_removeRequested = false;
    m_key->clear();
    m_removeKey->setEnabled(false);
    const EmbeddingProvider *provider = currentProvider();
    const ProviderDefaults defaults = provider ? provider->defaults() : ProviderDefaults{};
    m_baseUrl->setPlaceholderText(defaults.baseUrl.toString());
    m_baseUrl->setToolTip(defaults.baseUrlVariable.isEmpty()
                              ? tr("Empty: %1").arg(defaults.baseUrl.toString())
                              : tr("Empty: %1, or the variable %2 when it is set.").arg(defaults.baseUrl.toString(),
                                                                                         defaults.baseUrlVariable));
    m_key->setPlaceholderText(defaults.requiresApiKey ? tr("Paste a key to store it in the keychain")
                                                      : tr("Only if this server wants a key"));
    m_key->setEnabled(provider != nullptr);
    readKey();
}

void EmbeddingsPage::readKey()
{
    const int read = ++m_keyReads;
    const EmbeddingProvider *provider = currentProvider();
    if (!provider) {
        m_keyState->setText(tr("Choose a running provider."));
        return;
    }
    const QStringList variables = provider->defaults().apiKeyVariables;
    const QString account = credentialAccount(provider->id());
    if (!m_keys) {
        m_keyState->setText(tr("No keychain here; keys come from %1.").arg(variables.join(QStringLiteral(", "))));
        return;
    }
    m_keyState->setText(tr("Reading the keychain…"));
    QPointer<EmbeddingsPage> self(this);
    m_keys->read(account, [self, read, variables, account](const Result<std::optional<QString>> &key) {
        if (!self || self->m_keyReads != read || self->m_removeRequested)
            return;
        if (key.hasError()) {
            self->m_keyState->setText(tr("The keychain cannot be reached (%1); a key can still come from %2.")
                                          .arg(key.error().message, variables.join(QStringLiteral(", "))));
            self->m_key->setEnabled(false);
        } else if (key.value().has_value()) {
            self->m_keyState->setText(tr("In the keychain (account \"%1\", shared with the chat provider): %2")
                                          .arg(account, ProvidersPage::maskKey(*key.value())));
            self->m_removeKey->setEnabled(true);
        } else {
            self->m_keyState->setText(variables.isEmpty() ? tr("None stored.")
                                                          : tr("None stored; %1 is used when set.").arg(variables.join(QStringLiteral(", "))));
        }
    });
}

Result<void> EmbeddingsPage::saveFile()
{
    const QString path = m_locations.memorySettingsPath();
    Result<std::optional<QJsonObject>> read = readJsonObjectFile(path, MalformedCode, 1);
    if (read.hasError())
        return read.error();
    QJsonObject json = read->value_or(QJsonObject{{QStringLiteral("version"), 1}});
    QJsonObject embeddings = json.value(QLatin1String("embeddings")).toObject();
    const QString url = m_baseUrl->text().trimmed();
    if (!url.isEmpty()) {
        const QUrl parsed(url, QUrl::StrictMode);
        if (!parsed.isValid() || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))
            || parsed.host().isEmpty())
            return Error(QStringLiteral("provider.bad-base-url"),
                         tr("the base URL must be an http:// or https:// address, not \"%1\"").arg(url));
    }
    const auto set = [&embeddings](const QString &key, const QString &value) {
        if (value.isEmpty())
            embeddings.remove(key);
        else
            embeddings.insert(key, value);
    };
    embeddings.insert(QStringLiteral("enabled"), m_enabled->isChecked());
    set(QStringLiteral("provider"), m_provider->currentData().toString());
    set(QStringLiteral("model"), m_model->text().trimmed());
    set(QStringLiteral("baseUrl"), url);
    embeddings.insert(QStringLiteral("batchSize"), m_batchSize->value());
    // Checked before writing: what the harness would refuse is never saved.
    Result<EmbeddingSettings> valid = EmbeddingSettings::fromJson(embeddings, path);
    if (valid.hasError())
        return valid.error();
    json.insert(QStringLiteral("embeddings"), embeddings);
    const Result<void> written = writeJsonObjectFile(path, json, MalformedCode);
    if (written.hasError())
        return written;
    const Result<MemorySettings> check = MemorySettings::load(path);
    if (check.hasError())
        return check.error();
    m_saved = embeddings;
    return {};
}

void EmbeddingsPage::apply(std::function<void(const Result<void> &)> done)
{
    if (!isModified() || !m_readable) {
        done({});
        return;
    }
    const Result<void> saved = saveFile();
    if (saved.hasError()) {
        done(saved);
        return;
    }
    setModified(false);
    const EmbeddingProvider *provider = currentProvider();
    const QString typed = m_key->text().trimmed();
    if (!m_keys || !provider || (typed.isEmpty() && !m_removeRequested)) {
        done({});
        return;
    }
    QPointer<EmbeddingsPage> self(this);
    auto written = [self, done, id = provider->id()](const Result<void> &result) {
        if (self && result.ok()) {
            self->m_key->clear();
            self->m_removeRequested = false;
            self->readKey();
        }
        done(result.hasError() ? Result<void>(Error(result.error().code, tr("%1's key: %2").arg(id, result.error().message)))
                               : Result<void>());
    };
    const QString account = credentialAccount(provider->id());
    if (!typed.isEmpty())
        m_keys->write(account, typed, written);
    else
        m_keys->remove(account, written);
}

} // namespace valis
