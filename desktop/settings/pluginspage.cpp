#include "pluginspage.h"

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/pluginspec.h"

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace valis {

namespace {
enum Column { NameColumn, VersionColumn, StateColumn, ProblemColumn, ColumnCount };
}

PluginsPage::PluginsPage(PluginManager *plugins, QWidget *parent) : SettingsPage(parent), m_plugins(plugins)
{
    setObjectName(QStringLiteral("pluginsPage"));
    auto *layout = new QVBoxLayout(this);
    if (!plugins) {
        layout->addWidget(new QLabel(tr("The plugins are still starting; open Settings again in a moment."), this));
        layout->addStretch(1);
        return;
    }
    auto *intro = new QLabel(plugins->isSafeMode() ? tr("Safe mode: no plugin was loaded. Changes here apply at the next start.")
                                                   : tr("Switching a plugin on or off takes effect when Valis starts again."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("pluginTable"));
    m_table->setAccessibleName(tr("Plugins"));
    m_table->setHorizontalHeaderLabels({tr("Plugin"), tr("Version"), tr("State"), tr("Problem")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    for (const PluginSpec *spec : plugins->specs()) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        // A spec without a usable id cannot be switched; it is listed by its file.
        auto *name = new QTableWidgetItem(spec->id().isEmpty() ? QDir::toNativeSeparators(spec->filePath())
                                                               : tr("%1 (%2)").arg(spec->name(), spec->id()));
        name->setData(Qt::UserRole, spec->id());
        name->setToolTip(spec->description());
        if (!spec->id().isEmpty()) {
            name->setFlags(name->flags() | Qt::ItemIsUserCheckable);
            name->setCheckState(plugins->isEnabled(spec->id()) ? Qt::Checked : Qt::Unchecked);
        }
        m_table->setItem(row, NameColumn, name);
        m_table->setItem(row, VersionColumn, new QTableWidgetItem(spec->version()));
        m_table->setItem(row, StateColumn, new QTableWidgetItem(PluginSpec::stateName(spec->state())));
        QStringList problems;
        if (!spec->reason().isEmpty())
            problems << spec->reason();
        for (const Error &error : spec->errors())
            problems << error.toString();
        auto *problem = new QTableWidgetItem(problems.join(QLatin1Char('\n')));
        problem->setToolTip(problems.join(QLatin1Char('\n')));
        m_table->setItem(row, ProblemColumn, problem);
    }
    m_table->horizontalHeader()->setSectionResizeMode(ProblemColumn, QHeaderView::Stretch);
    m_table->resizeColumnsToContents();
    layout->addWidget(m_table, 1);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == NameColumn)
            Q_EMIT edited();
    });
}

void PluginsPage::apply(std::function<void(const Result<void> &)> done)
{
    if (!m_plugins || !isModified()) {
        done({});
        return;
    }
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QTableWidgetItem *item = m_table->item(row, NameColumn);
        const QString id = item->data(Qt::UserRole).toString();
        if (id.isEmpty())
            continue;
        const bool enabled = item->checkState() == Qt::Checked;
        if (enabled == m_plugins->isEnabled(id))
            continue;
        const Result<void> changed = m_plugins->setEnabled(id, enabled);
        if (changed.hasError()) {
            done(changed);
            return;
        }
    }
    setModified(false);
    done({});
}

} // namespace valis
