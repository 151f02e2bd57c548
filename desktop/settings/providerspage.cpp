#include "providerspage.h"

#include "connectiontester.h"

#include "valis/agent/connection.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/core/jsonfile.h"
#include "valis/credentials/credentialstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/provider.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <memory>

namespace valis {

namespace {
const QString SettingsCode = QStringLiteral("settings.malformed");
}

ProvidersPage::ProvidersPage(const DataLocations &locations, PluginManager *plugins, CredentialStore *keys, QWidget *parent)
    : SettingsPage(parent), m_locations(locations), m_keys(keys), m_tester(new ConnectionTester(this))
{
    setObjectName(QStringLiteral("providersPage"));
    auto *layout = new QVBoxLayout(this);
    const Result<ProviderSettings> loaded = ProviderSettings::load(m_locations.providerSettingsPath());
    if (loaded.ok()) {
        m_settings = loaded.value();
    } else {
        auto *problem = new QLabel(tr("config/providers.json could not be read, so nothing here will be saved until it "
                                      "is fixed: %1").arg(loaded.error().toString()), this);
        problem->setObjectName(QStringLiteral("providersProblem"));
        problem->setWordWrap(true);
        layout->addWidget(problem);
    }
    if (!plugins || plugins->providers().isEmpty()) {
        layout->addWidget(new QLabel(plugins ? tr("No provider plugin is running; see Plugins.")
                                             : tr("The plugins are still starting; open Settings again in a moment."), this));
        layout->addStretch(1);
        return;
    }

    auto *top = new QFormLayout;
    m_defaultProvider = new QComboBox(this);
    m_defaultProvider->setObjectName(QStringLiteral("defaultProvider"));
    top->addRow(tr("New sessions use:"), m_defaultProvider);
    layout->addLayout(top);

    auto *list = new QWidget;
    auto *listLayout = new QVBoxLayout(list);
    for (Provider *provider : plugins->providers()) {
        Row row;
        row.provider = provider;
        row.account = credentialAccount(provider->id());
        m_rows.append(row);
        m_defaultProvider->addItem(provider->displayName(), provider->id());
    }
    for (Row &row : m_rows)
        listLayout->addWidget(buildRow(row));
    listLayout->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(list);
    layout->addWidget(scroll, 1);

    const int preferred = m_defaultProvider->findData(m_settings.defaultProvider());
    m_defaultProvider->setCurrentIndex(qMax(0, preferred));
    connect(m_defaultProvider, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
    for (int i = 0; i < m_rows.size(); ++i)
        readKey(i);
}

QWidget *ProvidersPage::buildRow(Row &row)
{
    const QString id = row.provider->id();
    const ProviderDefaults defaults = row.provider->defaults();
    const ProviderSettingsEntry saved = m_settings.entry(id);
    auto *box = new QGroupBox(tr("%1 (%2)").arg(row.provider->displayName(), id));
    box->setObjectName(QStringLiteral("provider-") + id);
    auto *form = new QFormLayout(box);

    row.keyState = new QLabel(tr("Reading the keychain…"), box);
    row.keyState->setObjectName(QStringLiteral("keyState"));
    row.keyState->setWordWrap(true);
    row.key = new QLineEdit(box);
    row.key->setObjectName(QStringLiteral("key"));
    row.key->setEchoMode(QLineEdit::Password);
    row.key->setPlaceholderText(defaults.requiresApiKey ? tr("Paste a key to store it in the keychain")
                                                        : tr("Only if this server wants a key"));
    row.removeKey = new QPushButton(tr("Remove from keychain"), box);
    row.removeKey->setObjectName(QStringLiteral("removeKey"));
    row.removeKey->setEnabled(false);
    auto *keyLine = new QHBoxLayout;
    keyLine->addWidget(row.key, 1);
    keyLine->addWidget(row.removeKey);
    form->addRow(tr("API key:"), row.keyState);
    form->addRow(QString(), keyLine);

    row.baseUrl = new QLineEdit(saved.baseUrl.toString(), box);
    row.baseUrl->setObjectName(QStringLiteral("baseUrl"));
    row.baseUrl->setPlaceholderText(defaults.baseUrl.toString());
    row.baseUrl->setToolTip(defaults.baseUrlVariable.isEmpty()
                                ? tr("Empty: %1").arg(defaults.baseUrl.toString())
                                : tr("Empty: %1. The variable %2 wins over this when it is set.")
                                      .arg(defaults.baseUrl.toString(), defaults.baseUrlVariable));
    form->addRow(tr("Base URL:"), row.baseUrl);

    row.model = new QComboBox(box);
    row.model->setObjectName(QStringLiteral("model"));
    row.model->setEditable(true);
    row.model->setInsertPolicy(QComboBox::NoInsert);
    row.model->addItems(ModelCatalog::load(m_locations).modelIdsFor(id));
    row.model->setCurrentText(saved.model);
    form->addRow(tr("Default model:"), row.model);

    row.test = new QPushButton(tr("Test connection"), box);
    row.test->setObjectName(QStringLiteral("testConnection"));
    row.testResult = new QLabel(box);
    row.testResult->setObjectName(QStringLiteral("testResult"));
    row.testResult->setWordWrap(true);
    row.testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *testLine = new QHBoxLayout;
    testLine->addWidget(row.test);
    testLine->addWidget(row.testResult, 1);
    form->addRow(QString(), testLine);

    const int index = int(&row - m_rows.data());
    connect(row.key, &QLineEdit::textEdited, this, &SettingsPage::edited);
    connect(row.baseUrl, &QLineEdit::textEdited, this, &SettingsPage::edited);
    connect(row.model, &QComboBox::currentTextChanged, this, &SettingsPage::edited);
    connect(row.removeKey, &QPushButton::clicked, this, [this, index] {
        Row &target = m_rows[index];
        target.removeRequested = true;
        target.key->clear();
        target.removeKey->setEnabled(false);
        target.keyState->setText(tr("Will be removed from the keychain when you apply."));
        Q_EMIT edited();
    });
    connect(row.test, &QPushButton::clicked, this, [this, index] { testConnection(index); });
    return box;
}

QString ProvidersPage::maskKey(const QString &key)
{
    if (key.size() <= 12)
        return QString(qMax<qsizetype>(key.size(), 4), QChar(0x2022));
    return key.left(6) + QChar(0x2026) + key.right(4);
}

void ProvidersPage::readKey(int index)
{
    const Row &row = m_rows.at(index);
    if (!m_keys) {
        row.keyState->setText(tr("No keychain here; keys come from %1.").arg(row.provider->defaults().apiKeyVariables.join(QStringLiteral(", "))));
        return;
    }
    QPointer<ProvidersPage> self(this);
    m_keys->read(row.account, [self, index](const Result<std::optional<QString>> &key) {
        if (!self)
            return;
        Row &shown = self->m_rows[index];
        if (shown.removeRequested)
            return;
        const QStringList variables = shown.provider->defaults().apiKeyVariables;
        if (key.hasError()) {
            shown.keyState->setText(tr("The keychain cannot be reached (%1); a key can still come from %2.")
                                        .arg(key.error().message, variables.join(QStringLiteral(", "))));
            shown.key->setEnabled(false);
        } else if (key.value().has_value()) {
            shown.keyState->setText(tr("In the keychain: %1").arg(maskKey(*key.value())));
            shown.removeKey->setEnabled(true);
        } else {
            shown.keyState->setText(variables.isEmpty() ? tr("None stored.")
                                                      : tr("None stored; %1 is used when set.").arg(variables.join(QStringLiteral(", "))));
        }
    });
}

ProviderSettingsEntry ProvidersPage::entryFor(const Row &row) const
{
    ProviderSettingsEntry entry = m_settings.entry(row.provider->id());
    entry.baseUrl = QUrl(row.baseUrl->text().trimmed());
    entry.model = row.model->currentText().trimmed();
    return entry;
}

void ProvidersPage::testConnection(int index)
{
    Row &row = m_rows[index];
    row.test->setEnabled(false);
    row.testResult->setText(tr("Testing…"));
    QPointer<ProvidersPage> self(this);
    const auto report = [self, index](const Result<QStringList> &models) {
        if (!self)
            return;
        Row &answered = self->m_rows[index];
        answered.test->setEnabled(true);
        if (models.hasError()) {
            answered.testResult->setText(tr("\u2717 %1").arg(models.error().toString()));
            return;
        }
        answered.testResult->setText(tr("\u2713 Connected: %n models", nullptr, int(models->size())));
        const QString chosen = answered.model->currentText();
        for (const QString &model : models.value()) {
            if (answered.model->findText(model) < 0)
                answered.model->addItem(model);
        }
        answered.model->setCurrentText(chosen.isEmpty() && !models->isEmpty() ? models->constFirst() : chosen);
    };
    const ProviderSettingsEntry entry = entryFor(row);
    const QString providerId = row.provider->id();
    const QString typed = row.key->text().trimmed();
    if (!typed.isEmpty()) {
        // A key typed here but not applied yet: the address as a request would resolve it.
        const Result<ResolvedBaseUrl> url = resolveBaseUrl(row.provider->defaults(), entry, QString(), processEnvironment());
        if (url.hasError()) {
            report(url.error());
            return;
        }
        m_tester->test(providerId, url->url, typed, entry.headers, report);
        return;
    }
    // Otherwise exactly what a turn would use: the keychain (unless removal is pending), then the
    // provider's variables.
    CredentialStore *keys = row.removeRequested ? nullptr : m_keys;
    prepareConnection(*row.provider, entry, QString(), keys, processEnvironment(),
                      [self, providerId, report](const Result<Connection> &connection) {
                          if (!self)
                              return;
                          if (connection.hasError()) {
                              report(connection.error());
                              return;
                          }
                          self->m_tester->test(providerId, connection->endpoint.baseUrl, connection->endpoint.apiKey,
                                               connection->endpoint.headers, report);
                      });
}

Result<void> ProvidersPage::saveFile()
{
    const QString path = m_locations.providerSettingsPath();
    // Read as JSON again so what this page does not show (headers, options, retry) stays.
    Result<std::optional<QJsonObject>> read = readJsonObjectFile(path, SettingsCode, 1);
    if (read.hasError())
        return read.error();
    QJsonObject json = read->value_or(QJsonObject{{QStringLiteral("version"), 1}});
    QJsonObject providers = json.value(QLatin1String("providers")).toObject();
    for (const Row &row : std::as_const(m_rows)) {
        const QString id = row.provider->id();
        const QString url = row.baseUrl->text().trimmed();
        if (!url.isEmpty()) {
            const QUrl parsed(url, QUrl::StrictMode);
            if (!parsed.isValid() || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))
                || parsed.host().isEmpty())
                return Error(QStringLiteral("provider.bad-base-url"),
                             tr("the base URL of %1 must be an http:// or https:// address, not \"%2\"").arg(id, url));
        }
        QJsonObject entry = providers.value(id).toObject();
        const auto set = [&entry](const QString &key, const QString &value) {
            if (value.isEmpty())
                entry.remove(key);
            else
                entry.insert(key, value);
        };
        set(QStringLiteral("baseUrl"), url);
        set(QStringLiteral("model"), row.model->currentText().trimmed());
        if (entry.isEmpty())
            providers.remove(id);
        else
            providers.insert(id, entry);
    }
    json.insert(QStringLiteral("providers"), providers);
    if (m_defaultProvider)
        json.insert(QStringLiteral("defaultProvider"), m_defaultProvider->currentData().toString());
    const Result<void> written = writeJsonObjectFile(path, json, SettingsCode);
    if (written.hasError())
        return written;
    // Read back through the harness's own loader: what it refuses must not be left half-right.
    const Result<ProviderSettings> check = ProviderSettings::load(path);
    if (check.hasError())
        return check.error();
    m_settings = check.value();
    return {};
}

void ProvidersPage::apply(std::function<void(const Result<void> &)> done)
{
    if (m_rows.isEmpty() || !isModified()) {
        done({});
        return;
    }
    const Result<void> saved = saveFile();
    if (saved.hasError()) {
        done(saved);
        return;
    }
    // Then the keychain, one account at a time; the first refusal is the answer.
    struct Pending
    {
        int left = 1;
        std::optional<Error> error;
        std::function<void(const Result<void> &)> done;
    };
    auto pending = std::make_shared<Pending>();
    pending->done = std::move(done);
    setModified(false);
    const auto finishOne = [pending] {
        if (--pending->left == 0)
            pending->done(pending->error ? Result<void>(*pending->error) : Result<void>());
    };
    QPointer<ProvidersPage> self(this);
    for (int i = 0; i < m_rows.size(); ++i) {
        Row &row = m_rows[i];
        const QString typed = row.key->text().trimmed();
        if (!m_keys || (typed.isEmpty() && !row.removeRequested))
            continue;
        ++pending->left;
        auto written = [self, i, pending, finishOne, id = row.provider->id()](const Result<void> &result) {
            if (result.hasError() && !pending->error)
                pending->error = Error(result.error().code, tr("%1's key: %2").arg(id, result.error().message));
            if (self && result.ok()) {
                Row &stored = self->m_rows[i];
                stored.key->clear();
                stored.removeRequested = false;
                self->readKey(i);
            }
            finishOne();
        };
        if (!typed.isEmpty())
            m_keys->write(row.account, typed, written);
        else
            m_keys->remove(row.account, written);
    }
    finishOne();
}

} // namespace valis
