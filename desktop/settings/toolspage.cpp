#include "toolspage.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/toolsettings.h"
#include "valis/core/jsonfile.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/toolprovider.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace valis {

namespace {
const QString ApprovalsCode = QStringLiteral("approvals.malformed");
const QString ToolsCode = QStringLiteral("settings.malformed");
constexpr int ToolRuleColumn = 3;
constexpr int ProviderRuleColumn = 1;
} // namespace

ToolsPage::ToolsPage(const DataLocations &locations, PluginManager *plugins, QWidget *parent)
    : SettingsPage(parent), m_locations(locations), m_plugins(plugins)
{
    setObjectName(QStringLiteral("toolsPage"));
    auto *layout = new QVBoxLayout(this);
    // What is on disk now, as the harness reads it: a file it refuses is reported, not replaced.
    const Result<std::optional<QJsonObject>> approvals = readJsonObjectFile(m_locations.approvalsPath(), ApprovalsCode, 1);
    const Result<ToolSettings> toolSettings = ToolSettings::load(m_locations.toolSettingsPath());
    if (approvals.hasError())
        m_problem = approvals.error().toString();
    else if (toolSettings.hasError())
        m_problem = toolSettings.error().toString();
    if (!m_problem.isEmpty()) {
        auto *problem = new QLabel(tr("Nothing on this page will be saved until this is fixed: %1").arg(m_problem), this);
        problem->setWordWrap(true);
        layout->addWidget(problem);
    }
    if (!plugins) {
        layout->addWidget(new QLabel(tr("The plugins are still starting; open Settings again in a moment."), this));
        layout->addStretch(1);
        return;
    }
    const QJsonObject rules = approvals.ok() ? approvals->value_or(QJsonObject()) : QJsonObject();

    auto *policies = new QGroupBox(tr("Tool calls"), this);
    auto *policiesLayout = new QVBoxLayout(policies);
    auto *intro = new QLabel(tr("Default: read-only tools run, every other call asks. Deny always wins, for the tool or "
                                "its provider."), policies);
    intro->setWordWrap(true);
    policiesLayout->addWidget(intro);
    m_tools = new QTableWidget(0, 4, policies);
    m_tools->setObjectName(QStringLiteral("toolRules"));
    m_tools->setAccessibleName(tr("Tool approval rules"));
    m_tools->setHorizontalHeaderLabels({tr("Tool"), tr("From"), tr("Reads only"), tr("Rule")});
    m_tools->verticalHeader()->hide();
    m_tools->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_providers = new QTableWidget(0, 2, policies);
    m_providers->setObjectName(QStringLiteral("providerRules"));
    m_providers->setAccessibleName(tr("Tool provider rules"));
    m_providers->setHorizontalHeaderLabels({tr("Tool provider"), tr("Rule")});
    m_providers->verticalHeader()->hide();
    m_providers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (ToolProvider *provider : plugins->toolProviders()) {
        const int providerRow = m_providers->rowCount();
        m_providers->insertRow(providerRow);
        m_providers->setItem(providerRow, 0, new QTableWidgetItem(provider->id()));
        for (const ToolSpec &spec : provider->tools()) {
            const int row = m_tools->rowCount();
            m_tools->insertRow(row);
            m_tools->setItem(row, 0, new QTableWidgetItem(spec.name));
            m_tools->setItem(row, 1, new QTableWidgetItem(provider->id()));
            m_tools->setItem(row, 2, new QTableWidgetItem(spec.readOnly ? tr("yes") : tr("no")));
        }
    }
    fillRules(m_tools, rules.value(QLatin1String("tools")).toObject(), ToolRuleColumn);
    fillRules(m_providers, rules.value(QLatin1String("providers")).toObject(), ProviderRuleColumn);
    m_tools->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_providers->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    policiesLayout->addWidget(m_tools, 3);
    policiesLayout->addWidget(m_providers, 1);
    layout->addWidget(policies, 1);

    auto *defaults = new QGroupBox(tr("New sessions"), this);
    auto *form = new QFormLayout(defaults);
    const ToolSettings current = toolSettings.ok() ? toolSettings.value() : ToolSettings();
    m_sandbox = new QComboBox(defaults);
    m_sandbox->setObjectName(QStringLiteral("sandbox"));
    for (Sandbox *sandbox : plugins->sandboxes())
        m_sandbox->addItem(tr("%1 (%2)").arg(sandbox->displayName(), sandbox->id()), sandbox->id());
    if (m_sandbox->findData(current.sandbox()) < 0)
        m_sandbox->addItem(tr("%1 (not running)").arg(current.sandbox()), current.sandbox());
    m_sandbox->setCurrentIndex(m_sandbox->findData(current.sandbox()));
    m_network = new QCheckBox(tr("Commands may use the network"), defaults);
    m_network->setObjectName(QStringLiteral("network"));
    m_network->setChecked(current.network() == NetworkAccess::Allowed);
    m_pack = new QComboBox(defaults);
    m_pack->setObjectName(QStringLiteral("toolPack"));
    for (const ToolPack &pack : current.packs())
        m_pack->addItem(pack.description.isEmpty() ? pack.name : tr("%1: %2").arg(pack.name, pack.description), pack.name);
    m_pack->setCurrentIndex(qMax(0, m_pack->findData(current.toolPack())));
    m_sandboxWarning = new QLabel(defaults);
    m_sandboxWarning->setObjectName(QStringLiteral("sandboxWarning"));
    m_sandboxWarning->setWordWrap(true);
    form->addRow(tr("Sandbox:"), m_sandbox);
    form->addRow(QString(), m_network);
    form->addRow(QString(), m_sandboxWarning);
    form->addRow(tr("Tool pack:"), m_pack);
    layout->addWidget(defaults);
    showSandboxWarning();
    connect(m_sandbox, &QComboBox::currentIndexChanged, this, [this] {
        showSandboxWarning();
        Q_EMIT edited();
    });
    connect(m_network, &QCheckBox::toggled, this, [this] {
        showSandboxWarning();
        Q_EMIT edited();
    });
    connect(m_pack, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
}

QComboBox *ToolsPage::ruleBox(const QString &current)
{
    auto *box = new QComboBox;
    box->addItem(tr("Default"), QString());
    box->addItem(tr("Allow"), QStringLiteral("allow"));
    box->addItem(tr("Ask"), QStringLiteral("ask"));
    box->addItem(tr("Deny"), QStringLiteral("deny"));
    box->setCurrentIndex(qMax(0, box->findData(current)));
    connect(box, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
    return box;
}

void ToolsPage::fillRules(QTableWidget *table, const QJsonObject &rules, int ruleColumn)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString name = table->item(row, 0)->text();
        table->setCellWidget(row, ruleColumn, ruleBox(rules.value(name).toString()));
        nameRuleBox(table, row, ruleColumn, name);
    }
    // Rules for tools or servers not running now stay listed (and kept) so they can be seen.
    for (auto it = rules.constBegin(); it != rules.constEnd(); ++it) {
        if (!table->findItems(it.key(), Qt::MatchExactly).isEmpty())
            continue;
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, new QTableWidgetItem(it.key()));
        if (ruleColumn > 1)
            table->setItem(row, 1, new QTableWidgetItem(tr("(not running)")));
        table->setCellWidget(row, ruleColumn, ruleBox(it.value().toString()));
        nameRuleBox(table, row, ruleColumn, it.key());
    }
}

void ToolsPage::nameRuleBox(QTableWidget *table, int row, int ruleColumn, const QString &name)
{
    // A screen reader says whose rule the box sets, not only its value.
    QWidget *box = table->cellWidget(row, ruleColumn);
    box->setObjectName(QStringLiteral("rule:") + name);
    box->setAccessibleName(tr("Approval rule for %1").arg(name));
}

void ToolsPage::showSandboxWarning()
{
    Sandbox *chosen = m_plugins ? m_plugins->sandbox(m_sandbox->currentData().toString()) : nullptr;
    QStringList warnings;
    if (!chosen)
        warnings << tr("This sandbox is not running: commands will not run until it is.");
    else if (!chosen->capabilities().testFlag(Sandbox::Capability::IsolatesFilesystem))
        warnings << tr("No isolation: commands can read and change every file you can.");
    if (m_network->isChecked() && chosen && !chosen->capabilities().testFlag(Sandbox::Capability::IsolatesNetwork))
        warnings << tr("This sandbox cannot cut the network off anyway.");
    else if (m_network->isChecked())
        warnings << tr("Commands can reach the network (downloads, uploads of your files).");
    m_sandboxWarning->setText(warnings.join(QLatin1Char(' ')));
    m_sandboxWarning->setStyleSheet(warnings.isEmpty() ? QString() : QStringLiteral("color: #b3261e;"));
}

Result<void> ToolsPage::saveApprovals()
{
    const QString path = m_locations.approvalsPath();
    Result<std::optional<QJsonObject>> read = readJsonObjectFile(path, ApprovalsCode, 1);
    if (read.hasError())
        return read.error();
    QJsonObject json = read->value_or(QJsonObject{{QStringLiteral("version"), 1}});
    const auto collect = [](QTableWidget *table, int column) {
        QJsonObject rules;
        for (int row = 0; row < table->rowCount(); ++row) {
            const QString rule = static_cast<QComboBox *>(table->cellWidget(row, column))->currentData().toString();
            if (!rule.isEmpty())
                rules.insert(table->item(row, 0)->text(), rule);
        }
        return rules;
    };
    json.insert(QStringLiteral("tools"), collect(m_tools, ToolRuleColumn));
    json.insert(QStringLiteral("providers"), collect(m_providers, ProviderRuleColumn));
    const Result<void> written = writeJsonObjectFile(path, json, ApprovalsCode);
    if (written.hasError())
        return written;
    const Result<ApprovalPolicy> check = ApprovalPolicy::load(path);
    return check.hasError() ? Result<void>(check.error()) : Result<void>();
}

Result<void> ToolsPage::saveToolSettings()
{
    const QString path = m_locations.toolSettingsPath();
    Result<std::optional<QJsonObject>> read = readJsonObjectFile(path, ToolsCode, 1);
    if (read.hasError())
        return read.error();
    QJsonObject json = read->value_or(QJsonObject{{QStringLiteral("version"), 1}});
    json.insert(QStringLiteral("sandbox"), m_sandbox->currentData().toString());
    json.insert(QStringLiteral("network"), m_network->isChecked());
    json.insert(QStringLiteral("toolPack"), m_pack->currentData().toString());
    const Result<void> written = writeJsonObjectFile(path, json, ToolsCode);
    if (written.hasError())
        return written;
    const Result<ToolSettings> check = ToolSettings::load(path);
    return check.hasError() ? Result<void>(check.error()) : Result<void>();
}

void ToolsPage::apply(std::function<void(const Result<void> &)> done)
{
    if (!m_plugins || !isModified()) {
        done({});
        return;
    }
    if (!m_problem.isEmpty()) {
        done(Error(QStringLiteral("settings.unreadable"), tr("not saved: %1").arg(m_problem)));
        return;
    }
    const Result<void> approvals = saveApprovals();
    if (approvals.hasError()) {
        done(approvals);
        return;
    }
    const Result<void> saved = saveToolSettings();
    if (saved.ok())
        setModified(false);
    done(saved);
}

} // namespace valis
