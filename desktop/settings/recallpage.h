#pragma once

#include "settingspage.h"

#include "valis/agent/recallsettings.h"
#include "valis/core/datalocations.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace valis {

class PluginManager;

/// Settings > Recall: the runtime turn preprocessing (config/recall.json). Whether the agent is
/// reminded of memories and earlier sessions before each turn, how long a turn may wait for it,
/// how many items it gets, and the cheap model that judges the candidates (or the score
/// threshold without one). Applies to sessions opened afterwards.
class RecallPage : public SettingsPage
{
    Q_OBJECT

public:
    RecallPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent = nullptr);

    QString title() const override { return tr("Recall"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    QString m_path;
    RecallSettings m_settings;
    bool m_readable = true;
    QCheckBox *m_enabled = nullptr;
    QSpinBox *m_budget = nullptr;
    QSpinBox *m_items = nullptr;
    QDoubleSpinBox *m_threshold = nullptr;
    QComboBox *m_provider = nullptr;
    QLineEdit *m_model = nullptr;
};

} // namespace valis
