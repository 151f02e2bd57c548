#include "composerreadiness.h"

#include "composerwidget.h"
#include "conversationcontroller.h"
#include "mainwindow.h"
#include "windowlayout.h"

#include "valis/agent/providersettings.h"
#include "valis/credentials/credentialstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/provider.h"
#include "valis/tokens/tokencounter.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHash>
#include <QLocale>
#include <QMutex>
#include <QPlainTextEdit>
#include <QThreadPool>
#include <QTimer>

namespace valis {

namespace {
// Every model id of the built-in catalogue in the file's order (read once: it is compiled in).
QStringList builtInOrder()
{
    static const QStringList order = [] {
        QStringList ids;
        QFile file(ModelCatalog::builtInPath());
        if (!file.open(QIODevice::ReadOnly))
            return ids;
        const QJsonArray models = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("models")).toArray();
        for (const QJsonValue &model : models)
            ids << model.toObject().value(QLatin1String("id")).toString();
        return ids;
    }();
    return order;
}
} // namespace

struct ComposerReadiness::Counters
{
    QMutex mutex;
    QHash<QString, std::shared_ptr<TokenCounter>> byModel;
};

ComposerReadiness::ComposerReadiness(MainWindow *window, ComposerWidget *composer, CredentialStore *keys,
                                     const DataLocations &locations)
    : QObject(window)
    , m_window(window)
    , m_composer(composer)
    , m_keys(keys)
    , m_locations(locations)
    , m_estimateTimer(new QTimer(this))
    , m_counters(std::make_shared<Counters>())
{
    setObjectName(QStringLiteral("composerReadiness"));
    m_estimateTimer->setSingleShot(true);
    m_estimateTimer->setInterval(EstimateDelayMs);
    connect(m_estimateTimer, &QTimer::timeout, this, &ComposerReadiness::estimateDraft);
    connect(m_composer->editor(), &QPlainTextEdit::textChanged, m_estimateTimer, qOverload<>(&QTimer::start));
    // After the controller has offered the providers and the settings' models (it connects first).
    connect(window, &MainWindow::pluginsLoaded, this, [this] {
        m_catalog = ModelCatalog::load(m_locations);
        if (!preferProviderWithKey())
            providerShown();
    });
    connect(m_composer, &ComposerWidget::providerChanged, this, &ComposerReadiness::providerShown);
    connect(m_composer, &ComposerWidget::sandboxChoiceRequested, this, [this] {
        if (m_window)
            WindowLayout::bringDockForward(m_window, QStringLiteral("sandboxDock"));
    });
    connect(window->conversation(), &ConversationController::sandboxStatusChanged, m_composer, &ComposerWidget::setSandboxSummary);
    // A key added in Settings (or the keychain unlocked) counts from the next look at the window.
    window->installEventFilter(this);
}

ComposerReadiness::~ComposerReadiness() = default;

QString ComposerReadiness::defaultModel(const ModelCatalog &catalog, const QString &settingsModel, const QString &providerId)
{
    if (!settingsModel.trimmed().isEmpty())
        return settingsModel.trimmed();
    // models() is sorted by id; the built-in file lists each provider's models newest first,
    // so its order decides, and models only an override adds come after.
    QStringList ids = builtInOrder();
    const QStringList served = catalog.modelIdsFor(providerId);
    ids.removeIf([&served](const QString &id) { return !served.contains(id); });
    for (const QString &id : served)
        if (!ids.contains(id))
            ids << id;
    for (const QString &id : std::as_const(ids)) {
        if (catalog.model(id).value_or(ModelInfo()).status == QLatin1String("current"))
            return id;
    }
    return ids.value(0);
}

bool ComposerReadiness::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::WindowActivate && !m_composer->providerReady() && !m_composer->provider().isEmpty())
        checkKey(m_composer->provider());
    return QObject::eventFilter(watched, event);
}

bool ComposerReadiness::preferProviderWithKey()
{
    // A chosen default provider stays; without one, the first whose key the environment holds
    // is the one a first message can go to without a trip to Settings.
    const Result<ProviderSettings> settings = ProviderSettings::load(m_locations.providerSettingsPath());
    if (!m_window || !m_window->plugins() || (settings.ok() && !settings.value().defaultProvider().isEmpty()))
        return false;
    for (Provider *provider : m_window->plugins()->providers()) {
        const ProviderDefaults defaults = provider->defaults();
        if (!defaults.requiresApiKey)
            continue;
        for (const QString &variable : defaults.apiKeyVariables) {
            if (qEnvironmentVariableIsEmpty(variable.toLocal8Bit().constData()))
                continue;
            if (provider->id() == m_composer->provider())
                return false;
            return m_composer->selectProvider(provider->id()); // providerChanged() shows it
        }
    }
    return false;
}

void ComposerReadiness::providerShown()
{
    const QString id = m_composer->provider();
    if (id.isEmpty())
        return;
    if (m_composer->model().isEmpty()) {
        // The settings may name a model for this provider; the controller has shown it already
        // when they do, so what is left is the catalogue's.
        const Result<ProviderSettings> settings = ProviderSettings::load(m_locations.providerSettingsPath());
        const QString configured = settings.ok() ? settings.value().entry(id).model : QString();
        m_composer->setModel(defaultModel(m_catalog, configured, id));
    }
    checkKey(id);
    m_estimateTimer->start();
}

void ComposerReadiness::checkKey(const QString &providerId)
{
    Provider *provider = nullptr;
    if (m_window && m_window->plugins()) {
        for (Provider *candidate : m_window->plugins()->providers())
            if (candidate->id() == providerId)
                provider = candidate;
    }
    if (!provider) {
        m_composer->setProviderReady(false, tr("The %1 provider is not running; see the plugin status").arg(providerId));
        return;
    }
    const ProviderDefaults defaults = provider->defaults();
    if (!defaults.requiresApiKey) {
        m_composer->setProviderReady(true);
        return;
    }
    const quint64 generation = ++m_keyGeneration;
    const QStringList variables = defaults.apiKeyVariables;
    resolveApiKey(m_keys, credentialAccount(providerId), variables,
                  [self = QPointer<ComposerReadiness>(this), generation, providerId, variables](const Result<ApiKey> &key) {
                      if (!self || generation != self->m_keyGeneration || self->m_composer->provider() != providerId)
                          return;
                      if (key.ok() && !key.value().isEmpty()) {
                          self->m_composer->setProviderReady(true);
                          return;
                      }
                      const QString where = variables.isEmpty() ? QString() : tr(" or set %1").arg(variables.join(tr(" or ")));
                      self->m_composer->setProviderReady(
                          false, tr("No API key for %1: add one in Settings > Providers%2").arg(providerId, where));
                  });
}

void ComposerReadiness::estimateDraft()
{
    const QString text = m_composer->editor()->toPlainText();
    const QString model = m_composer->model();
    const quint64 generation = ++m_estimateGeneration;
    if (text.trimmed().isEmpty()) {
        m_composer->setDraftEstimate(QString());
        return;
    }
    const ModelInfo info = m_catalog.lookup(model).model;
    // Loading a tokenizer and encoding a long paste are not the GUI thread's work.
    QThreadPool::globalInstance()->start([self = QPointer<ComposerReadiness>(this), counters = m_counters, info, model, text,
                                          generation] {
        std::shared_ptr<TokenCounter> counter;
        {
            QMutexLocker lock(&counters->mutex);
            counter = counters->byModel.value(info.id);
            if (!counter) {
                counter = TokenCounter::forModel(info);
                counters->byModel.insert(info.id, counter);
            }
        }
        const qint64 tokens = counter->countText(text);
        const bool exact = counter->isExact();
        // The application as context: the window (and this) may be gone by now.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, tokens, exact, model, generation] {
                if (!self || generation != self->m_estimateGeneration)
                    return;
                const QString count = QLocale().toString(tokens);
                self->m_composer->setDraftEstimate(exact ? tr("%1 tokens").arg(count) : tr("~%1 tokens").arg(count),
                                                   exact ? tr("The draft's tokens for %1 (its tokenizer)").arg(model)
                                                         : tr("An estimate of the draft's tokens for %1").arg(model));
                Q_EMIT self->draftEstimated(tokens, model);
            },
            Qt::QueuedConnection);
    });
}

} // namespace valis
