#pragma once

#include "settingspage.h"

#include "valis/context/contextsettings.h"
#include "valis/core/datalocations.h"

#include <QJsonValue>

class QComboBox;

namespace valis {

class PluginManager;

/// Settings > Context: the history strategy of new sessions, which compaction strategies run
/// and their thresholds (when to evict, when to summarise, what to offload), for every model; config/context.json keeps per-model
/// entries this page leaves alone. A value equal to the strategy's default is not written, so a
/// later Valis with better defaults still reaches this profile.
class ContextPage : public SettingsPage
{
    Q_OBJECT

public:
    ContextPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent = nullptr);

    QString title() const override { return tr("Context"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    struct Field
    {
        QString strategy;
        QString key;
        QJsonValue defaultValue;
        QWidget *editor = nullptr;
    };

    QWidget *editorFor(const QJsonValue &defaultValue, const QJsonValue &current, const QString &key);
    Result<QJsonValue> valueOf(const Field &field) const;

    DataLocations m_locations;
    ContextSettings m_settings;
    bool m_readable = true;
    QHash<QString, QWidget *> m_enabled; ///< strategy id -> its check box
    QList<Field> m_fields;
    QComboBox *m_history = nullptr; ///< the history strategy of new sessions
};

} // namespace valis
