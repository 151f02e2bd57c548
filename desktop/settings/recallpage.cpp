#include "recallpage.h"

#include "valis/plugins/pluginmanager.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace valis {

RecallPage::RecallPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent)
    : SettingsPage(parent), m_path(RecallSettings::pathIn(locations.configDir()))
{
    setObjectName(QStringLiteral("recallPage"));
    auto *layout = new QVBoxLayout(this);
    const Result<RecallSettings> loaded = RecallSettings::load(m_path);
    if (loaded.ok()) {
        m_settings = loaded.value();
    } else {
        m_readable = false;
        auto *problem = new QLabel(tr("config/recall.json could not be read, so nothing here will be saved until it is "
                                      "fixed: %1").arg(loaded.error().toString()), this);
        problem->setWordWrap(true);
        layout->addWidget(problem);
    }
    auto *intro = new QLabel(tr("Before each of your turns the agent is reminded of lessons, references and earlier "
                                "conversations that look relevant. The turn never waits longer than the budget; what "
                                "arrives later comes with the next turn."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    m_enabled = new QCheckBox(tr("Remind the agent before each turn"), this);
    m_enabled->setObjectName(QStringLiteral("recallEnabled"));
    m_enabled->setChecked(m_settings.enabled);
    form->addRow(m_enabled);
    m_budget = new QSpinBox(this);
    m_budget->setObjectName(QStringLiteral("recallBudget"));
    m_budget->setRange(0, 60000);
    m_budget->setSingleStep(100);
    m_budget->setSuffix(tr(" ms"));
    m_budget->setValue(m_settings.budgetMs);
    form->addRow(tr("Longest wait per turn:"), m_budget);
    m_items = new QSpinBox(this);
    m_items->setObjectName(QStringLiteral("recallItems"));
    m_items->setRange(1, 50);
    m_items->setValue(m_settings.maxItems);
    form->addRow(tr("Items at most:"), m_items);
    m_threshold = new QDoubleSpinBox(this);
    m_threshold->setObjectName(QStringLiteral("recallThreshold"));
    m_threshold->setRange(0, 1);
    m_threshold->setSingleStep(0.05);
    m_threshold->setDecimals(2);
    m_threshold->setValue(m_settings.scoreThreshold);
    m_threshold->setToolTip(tr("Without a filter model, a candidate is kept when its score reaches this share of the "
                               "best candidate's"));
    form->addRow(tr("Score threshold:"), m_threshold);
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("recallFilterProvider"));
    m_provider->addItem(tr("None (use the score threshold)"), QString());
    if (plugins) {
        for (const Provider *provider : plugins->providers())
            m_provider->addItem(provider->displayName(), provider->id());
    }
    if (!m_settings.filterProvider.isEmpty() && m_provider->findData(m_settings.filterProvider) < 0)
        m_provider->addItem(m_settings.filterProvider, m_settings.filterProvider);
    m_provider->setCurrentIndex(qMax(0, m_provider->findData(m_settings.filterProvider)));
    form->addRow(tr("Filter model's provider:"), m_provider);
    m_model = new QLineEdit(m_settings.filterModel, this);
    m_model->setObjectName(QStringLiteral("recallFilterModel"));
    m_model->setPlaceholderText(tr("a small, fast model, such as claude-haiku-4-5 or qwen3:4b"));
    form->addRow(tr("Filter model:"), m_model);
    layout->addLayout(form);
    layout->addStretch(1);

    connect(m_enabled, &QCheckBox::toggled, this, &SettingsPage::edited);
    connect(m_budget, &QSpinBox::valueChanged, this, &SettingsPage::edited);
    connect(m_items, &QSpinBox::valueChanged, this, &SettingsPage::edited);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &SettingsPage::edited);
    connect(m_provider, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
    connect(m_model, &QLineEdit::textEdited, this, &SettingsPage::edited);
}

void RecallPage::apply(std::function<void(const Result<void> &)> done)
{
    if (!m_readable || !isModified()) {
        done({});
        return;
    }
    RecallSettings next = m_settings;
    next.enabled = m_enabled->isChecked();
    next.budgetMs = m_budget->value();
    next.maxItems = m_items->value();
    next.scoreThreshold = m_threshold->value();
    next.filterProvider = m_provider->currentData().toString();
    next.filterModel = m_model->text().trimmed();
    if (next.filterProvider.isEmpty() != next.filterModel.isEmpty()) {
        done(Error(QStringLiteral("recall-settings.malformed"),
                   tr("The recall filter needs both a provider and a model, or neither.")));
        return;
    }
    const Result<void> saved = next.save(m_path);
    if (saved.ok()) {
        m_settings = next;
        setModified(false);
    }
    done(saved);
}

} // namespace valis
