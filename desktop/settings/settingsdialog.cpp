#include "settingsdialog.h"

#include "notificationspage.h"
#include "appearancepage.h"
#include "contextpage.h"
#include "recallpage.h"
#include "embeddingspage.h"
#include "mcpserverspage.h"
#include "pluginspage.h"
#include "providerspage.h"
#include "sharingpage.h"
#include "toolspage.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <memory>

namespace valis {

SettingsDialog::SettingsDialog(const DataLocations &locations, PluginManager *plugins, CredentialStore *keys,
                               QWidget *parent, ApiServerController *apiServer)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("settingsPages"));
    m_list->setAccessibleName(tr("Settings pages"));
    m_list->setMaximumWidth(190);
    m_pages = new QStackedWidget(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("settingsStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Apply)->setEnabled(false);

    addPage(new ProvidersPage(locations, plugins, keys, this));
    addPage(new ContextPage(locations, plugins, this));
    addPage(new RecallPage(locations, plugins, this));
    addPage(new EmbeddingsPage(locations, plugins, keys, this));
    addPage(new ToolsPage(locations, plugins, this));
    addPage(new McpServersPage(locations, plugins, this));
    addPage(new SharingPage(locations, keys, SharingPage::Setup{SharingPage::installedCli(), QDir::homePath(), apiServer}, this));
    addPage(new PluginsPage(plugins, this));
    addPage(new AppearancePage(locations, this));
    addPage(new NotificationsPage(locations, this));

    auto *body = new QHBoxLayout;
    body->addWidget(m_list);
    body->addWidget(m_pages, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    connect(m_list, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    m_list->setCurrentRow(0);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] { applyAll(true); });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, [this] { applyAll(false); });
    resize(820, 600);
}

void SettingsDialog::addPage(SettingsPage *page)
{
    m_all.append(page);
    m_list->addItem(page->title());
    m_pages->addWidget(page);
    connect(page, &SettingsPage::edited, this, [this] {
        m_buttons->button(QDialogButtonBox::Apply)->setEnabled(true);
        m_status->clear();
    });
}

bool SettingsDialog::showPage(const QString &title)
{
    for (int i = 0; i < m_all.size(); ++i) {
        if (m_all.at(i)->title() == title) {
            m_list->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

void SettingsDialog::applyAll(bool closeAfter)
{
    if (m_applying)
        return;
    m_applying = true;
    m_buttons->setEnabled(false);
    m_status->setText(tr("Saving…"));
    // Every page saves (one failing does not stop the others); the dialog stays open with the
    // reasons when any could not, so nothing typed is lost.
    struct Pending
    {
        int left = 0;
        QStringList problems;
    };
    auto pending = std::make_shared<Pending>();
    pending->left = int(m_all.size());
    QPointer<SettingsDialog> self(this);
    for (SettingsPage *page : std::as_const(m_all)) {
        const QString title = page->title();
        page->apply([self, pending, title, closeAfter](const Result<void> &result) {
            if (result.hasError())
                pending->problems << tr("%1: %2").arg(title, result.error().toString());
            if (--pending->left > 0 || !self)
                return;
            self->m_applying = false;
            self->m_buttons->setEnabled(true);
            if (!pending->problems.isEmpty()) {
                self->m_status->setText(pending->problems.join(QLatin1Char('\n')));
                return;
            }
            self->m_buttons->button(QDialogButtonBox::Apply)->setEnabled(false);
            self->m_status->setText(tr("Saved. New turns use these settings."));
            Q_EMIT self->applied();
            if (closeAfter)
                self->accept();
        });
    }
}

} // namespace valis
