#include "contextpage.h"

#include "historylabels.h"
#include "valis/context/historystrategies.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/pluginmanager.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace valis {

namespace {
// Shares of the context window are edited as percentages.
bool isShare(const QString &key, const QJsonValue &value)
{
    return value.isDouble() && (key.endsWith(QLatin1String("At")) || key.endsWith(QLatin1String("To"))
                                || key.endsWith(QLatin1String("Share")));
}
} // namespace

ContextPage::ContextPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent)
    : SettingsPage(parent), m_locations(locations)
{
    setObjectName(QStringLiteral("contextPage"));
    auto *layout = new QVBoxLayout(this);
    const Result<ContextSettings> loaded = ContextSettings::load(m_locations.contextSettingsPath());
    if (loaded.ok()) {
        m_settings = loaded.value();
    } else {
        m_readable = false;
        auto *problem = new QLabel(tr("config/context.json could not be read, so nothing here will be saved until it is "
                                      "fixed: %1").arg(loaded.error().toString()), this);
        problem->setWordWrap(true);
        layout->addWidget(problem);
    }
    if (!plugins || plugins->strategies().isEmpty()) {
        layout->addWidget(new QLabel(plugins ? tr("No context strategy plugin is running; see Plugins.")
                                             : tr("The plugins are still starting; open Settings again in a moment."), this));
        layout->addStretch(1);
        return;
    }
    auto *intro = new QLabel(tr("When the context fills up, these strategies make room, in this order. Shares are of "
                                "the model's context window; per-model values in config/context.json still win."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    // What a new session starts with; the composer switches a session's own.
    auto *historyForm = new QFormLayout;
    m_history = new QComboBox(this);
    m_history->setObjectName(QStringLiteral("defaultHistory"));
    m_history->setToolTip(tr("How new sessions show their history to the model; each session can switch in the composer"));
    const HistoryStrategies history = HistoryStrategies::from(m_settings.select(plugins->strategies(), nullptr), plugins->strategies());
    for (const QString &name : history.installed()) {
        m_history->addItem(historyStrategyLabel(name), name);
        m_history->setItemData(m_history->count() - 1, historyStrategyDescription(name), Qt::ToolTipRole);
    }
    m_history->setCurrentIndex(qMax(0, m_history->findData(m_settings.history.isEmpty() ? HistoryStrategies::regular() : m_settings.history)));
    connect(m_history, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
    historyForm->addRow(tr("History strategy of new sessions:"), m_history);
    layout->addLayout(historyForm);

    auto *list = new QWidget;
    auto *listLayout = new QVBoxLayout(list);
    for (ContextStrategy *strategy : plugins->strategies()) {
        const QString id = strategy->id();
        auto *box = new QGroupBox(id);
        box->setObjectName(QStringLiteral("strategy-") + id);
        auto *form = new QFormLayout(box);
        auto *use = new QCheckBox(tr("Use this strategy"), box);
        use->setObjectName(QStringLiteral("use"));
        use->setChecked(m_settings.strategies.contains(id));
        connect(use, &QCheckBox::toggled, this, &SettingsPage::edited);
        form->addRow(use);
        m_enabled.insert(id, use);
        const QJsonObject defaults = strategy->defaultSettings();
        const QJsonObject current = m_settings.settings.value(id);
        for (auto it = defaults.constBegin(); it != defaults.constEnd(); ++it) {
            Field field{id, it.key(), it.value(), nullptr};
            field.editor = editorFor(it.value(), current.value(it.key()), it.key());
            field.editor->setObjectName(it.key());
            form->addRow(it.key() + QLatin1Char(':'), field.editor);
            m_fields.append(field);
        }
        listLayout->addWidget(box);
    }
    listLayout->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(list);
    layout->addWidget(scroll, 1);
}

QWidget *ContextPage::editorFor(const QJsonValue &defaultValue, const QJsonValue &current, const QString &key)
{
    const QJsonValue value = current.isUndefined() ? defaultValue : current;
    if (defaultValue.isBool()) {
        auto *box = new QCheckBox;
        box->setChecked(value.toBool());
        connect(box, &QCheckBox::toggled, this, &SettingsPage::edited);
        return box;
    }
    if (isShare(key, defaultValue)) {
        auto *spin = new QDoubleSpinBox;
        spin->setRange(0, 100);
        spin->setDecimals(1);
        spin->setSuffix(QStringLiteral(" %"));
        spin->setValue(value.toDouble() * 100.0);
        spin->setToolTip(tr("Default: %1 %").arg(defaultValue.toDouble() * 100.0));
        connect(spin, &QDoubleSpinBox::valueChanged, this, &SettingsPage::edited);
        return spin;
    }
    if (defaultValue.isDouble()) {
        auto *spin = new QSpinBox;
        spin->setRange(0, std::numeric_limits<int>::max());
        spin->setGroupSeparatorShown(true);
        spin->setValue(int(qBound<double>(0, value.toDouble(), std::numeric_limits<int>::max())));
        spin->setToolTip(tr("Default: %1").arg(defaultValue.toDouble(), 0, 'f', 0));
        connect(spin, &QSpinBox::valueChanged, this, &SettingsPage::edited);
        return spin;
    }
    // Lists and maps (tool names, path keys) as JSON text.
    auto *line = new QLineEdit;
    const QJsonDocument document = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    line->setText(value.isString() ? value.toString() : QString::fromUtf8(document.toJson(QJsonDocument::Compact)));
    connect(line, &QLineEdit::textEdited, this, &SettingsPage::edited);
    return line;
}

Result<QJsonValue> ContextPage::valueOf(const Field &field) const
{
    if (auto *box = qobject_cast<QCheckBox *>(field.editor))
        return QJsonValue(box->isChecked());
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(field.editor))
        return QJsonValue(qRound(spin->value() * 10.0) / 1000.0);
    if (auto *spin = qobject_cast<QSpinBox *>(field.editor))
        return QJsonValue(spin->value());
    const QString text = static_cast<QLineEdit *>(field.editor)->text().trimmed();
    if (field.defaultValue.isString())
        return QJsonValue(text);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    const bool fits = field.defaultValue.isArray() ? document.isArray() : document.isObject();
    if (!fits)
        return Error(QStringLiteral("context-settings.malformed"),
                     tr("%1.%2 must be a JSON %3").arg(field.strategy, field.key,
                                                       field.defaultValue.isArray() ? tr("list") : tr("object")));
    return document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
}

void ContextPage::apply(std::function<void(const Result<void> &)> done)
{
    if (!m_readable || m_enabled.isEmpty() || !isModified()) {
        done({});
        return;
    }
    ContextSettings next = m_settings;
    // The configured order stays; strategies switched on join at the end.
    QStringList order;
    for (const QString &id : std::as_const(m_settings.strategies)) {
        if (!m_enabled.contains(id) || static_cast<QCheckBox *>(m_enabled.value(id))->isChecked())
            order << id;
    }
    for (auto it = m_enabled.cbegin(); it != m_enabled.cend(); ++it) {
        if (static_cast<QCheckBox *>(it.value())->isChecked() && !order.contains(it.key()))
            order << it.key();
    }
    next.strategies = order;
    if (m_history) {
        const QString history = m_history->currentData().toString();
        next.history = history == HistoryStrategies::regular() ? QString() : history;
    }
    for (const Field &field : std::as_const(m_fields)) {
        const Result<QJsonValue> value = valueOf(field);
        if (value.hasError()) {
            done(value.error());
            return;
        }
        QJsonObject values = next.settings.value(field.strategy);
        if (value.value() == field.defaultValue)
            values.remove(field.key);
        else
            values.insert(field.key, value.value());
        if (values.isEmpty())
            next.settings.remove(field.strategy);
        else
            next.settings.insert(field.strategy, values);
    }
    const Result<void> saved = next.save(m_locations.contextSettingsPath());
    if (saved.ok()) {
        m_settings = next;
        setModified(false);
    }
    done(saved);
}

} // namespace valis
