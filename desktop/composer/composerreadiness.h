#pragma once

#include "valis/catalog/modelcatalog.h"
#include "valis/core/datalocations.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QTimer;

namespace valis {

class ComposerWidget;
class CredentialStore;
class MainWindow;

/// Makes the composer ready to send with no typing but the prompt: it fills in the provider's
/// default model when the settings name none, tells the composer whether the chosen provider
/// can take a turn (a key in the keychain or the environment, or none needed), keeps a token
/// estimate of the draft (debounced, counted on a pool thread), and shows the session's sandbox
/// among the session choices. Owned by the window; lives on the GUI thread.
class ComposerReadiness : public QObject
{
    Q_OBJECT

public:
    ComposerReadiness(MainWindow *window, ComposerWidget *composer, CredentialStore *keys, const DataLocations &locations);
    ~ComposerReadiness() override;

    /// The model a first turn to `providerId` goes to: `settingsModel` (config/providers.json)
    /// when set, else the catalogue's first current model of that provider (the catalogue lists
    /// each provider's newest first), else its first model; empty when it knows none.
    static QString defaultModel(const ModelCatalog &catalog, const QString &settingsModel, const QString &providerId);

    /// How long typing must pause before the draft is counted again.
    static constexpr int EstimateDelayMs = 250;

Q_SIGNALS:
    /// The draft was counted (tests wait for it): `tokens` for `model`.
    void draftEstimated(qint64 tokens, const QString &model);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Chooses the first provider whose key is in the environment when the settings choose
    /// none; true when it changed the choice.
    bool preferProviderWithKey();
    void providerShown();
    void checkKey(const QString &providerId);
    void estimateDraft();

    QPointer<MainWindow> m_window;
    ComposerWidget *m_composer;
    CredentialStore *m_keys;
    DataLocations m_locations;
    ModelCatalog m_catalog;
    QTimer *m_estimateTimer;
    quint64 m_keyGeneration = 0;
    quint64 m_estimateGeneration = 0;
    struct Counters;
    std::shared_ptr<Counters> m_counters; ///< per-model counters, shared with the pool's jobs
};

} // namespace valis
