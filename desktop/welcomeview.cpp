#include "welcomeview.h"

#include "valis/credentials/credentialstore.h"

#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPushButton>
#include <QVBoxLayout>

namespace valis {

namespace {

constexpr int ProbeTimeoutMs = 1500;
constexpr int ModelRole = Qt::UserRole + 1;
constexpr int ServerRole = Qt::UserRole + 2;
constexpr int FolderRole = Qt::UserRole + 3;

// The model names a server lists: Ollama's {"models": [{"name": ...}]}, OpenAI's {"data": [{"id": ...}]}.
QStringList modelNames(const QString &kind, const QByteArray &body)
{
    const QJsonObject root = QJsonDocument::fromJson(body).object();
    QStringList names;
    const bool ollama = kind == QLatin1String("ollama");
    for (const QJsonValue &model : root.value(ollama ? QLatin1String("models") : QLatin1String("data")).toArray()) {
        const QString name = model.toObject().value(ollama ? QLatin1String("name") : QLatin1String("id")).toString();
        if (!name.isEmpty())
            names << name;
    }
    return names;
}

} // namespace

WelcomeView::WelcomeView(CredentialStore *keys, QWidget *parent)
    : QWidget(parent), m_keys(keys), m_network(new QNetworkAccessManager(this)), m_servers(defaultServers())
{
    setObjectName(QStringLiteral("welcomeView"));
    auto *title = new QLabel(tr("<h2>Welcome to Valis</h2><p>Three ways to begin. Nothing is sent anywhere until you choose.</p>"), this);
    title->setTextFormat(Qt::RichText);

    auto *keyBox = new QGroupBox(tr("Use a hosted model"), this);
    m_provider = new QComboBox(keyBox);
    m_provider->addItem(QStringLiteral("Anthropic"), QStringLiteral("anthropic"));
    m_provider->addItem(QStringLiteral("OpenAI"), QStringLiteral("openai"));
    m_provider->addItem(tr("OpenAI-compatible server"), QStringLiteral("openai-compatible"));
    m_key = new QLineEdit(keyBox);
    m_key->setObjectName(QStringLiteral("welcomeKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("API key (kept in your system keychain)"));
    m_saveKey = new QPushButton(tr("Save key"), keyBox);
    m_keyStatus = new QLabel(keyBox);
    m_keyStatus->setWordWrap(true);
    auto *keyLayout = new QFormLayout(keyBox);
    keyLayout->addRow(tr("Provider:"), m_provider);
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_saveKey);
    keyLayout->addRow(tr("Key:"), keyRow);
    keyLayout->addRow(m_keyStatus);

    auto *localBox = new QGroupBox(tr("Use a model on this machine"), this);
    m_models = new QListWidget(localBox);
    m_models->setObjectName(QStringLiteral("welcomeModels"));
    m_models->setAccessibleName(tr("Local models"));
    m_modelStatus = new QLabel(localBox);
    m_modelStatus->setWordWrap(true);
    auto *retry = new QPushButton(tr("Look again"), localBox);
    auto *localLayout = new QVBoxLayout(localBox);
    localLayout->addWidget(m_modelStatus);
    localLayout->addWidget(m_models);
    localLayout->addWidget(retry, 0, Qt::AlignRight);

    auto *importBox = new QGroupBox(tr("Bring your other agents' sessions"), this);
    m_sources = new QListWidget(importBox);
    m_sources->setObjectName(QStringLiteral("welcomeSources"));
    m_sources->setAccessibleName(tr("Sessions to import"));
    m_import = new QPushButton(tr("Import the checked folders"), importBox);
    m_import->setEnabled(false);
    m_importStatus = new QLabel(tr("Looking for other agents' sessions…"), importBox);
    m_importStatus->setWordWrap(true);
    auto *importLayout = new QVBoxLayout(importBox);
    importLayout->addWidget(m_importStatus);
    importLayout->addWidget(m_sources);
    importLayout->addWidget(m_import, 0, Qt::AlignRight);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(keyBox);
    layout->addWidget(localBox, 1);
    layout->addWidget(importBox, 1);

    connect(m_saveKey, &QPushButton::clicked, this, &WelcomeView::saveKey);
    connect(m_key, &QLineEdit::returnPressed, this, &WelcomeView::saveKey);
    connect(retry, &QPushButton::clicked, this, &WelcomeView::probe);
    connect(m_models, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        Q_EMIT localModelChosen(QStringLiteral("openai-compatible"), item->data(ModelRole).toString(), item->data(ServerRole).toUrl());
    });
    connect(m_import, &QPushButton::clicked, this, [this] {
        QStringList folders;
        for (int i = 0; i < m_sources->count(); ++i) {
            if (m_sources->item(i)->checkState() == Qt::Checked)
                folders << m_sources->item(i)->data(FolderRole).toString();
        }
        if (folders.isEmpty())
            return;
        m_import->setEnabled(false);
        m_importStatus->setText(tr("Importing…"));
        Q_EMIT importRequested(folders);
    });
}

QList<WelcomeView::LocalServer> WelcomeView::defaultServers()
{
    return {{QStringLiteral("Ollama"), QStringLiteral("ollama"), QUrl(QStringLiteral("http://localhost:11434"))},
            {QStringLiteral("LM Studio"), QStringLiteral("openai"), QUrl(QStringLiteral("http://localhost:1234"))},
            {QStringLiteral("llama.cpp"), QStringLiteral("openai"), QUrl(QStringLiteral("http://localhost:8080"))}};
}

QList<WelcomeView::ImportSource> WelcomeView::candidateSources(const QString &home)
{
    return {{QStringLiteral("Claude Code"), QDir(home).filePath(QStringLiteral(".claude/projects")), 0},
            {QStringLiteral("Codex"), QDir(home).filePath(QStringLiteral(".codex/sessions")), 0}};
}

QString WelcomeView::keyStatus() const
{
    return m_keyStatus->text();
}

QString WelcomeView::importStatus() const
{
    return m_importStatus->text();
}

void WelcomeView::saveKey()
{
    const QString key = m_key->text().trimmed();
    if (key.isEmpty()) {
        m_keyStatus->setText(tr("Paste the key first."));
        return;
    }
    if (!m_keys) {
        m_keyStatus->setText(tr("There is no keychain to keep the key in; set the provider's environment variable instead."));
        return;
    }
    const QString provider = m_provider->currentData().toString();
    m_saveKey->setEnabled(false);
    m_keyStatus->setText(tr("Saving…"));
    QPointer<WelcomeView> self = this;
    m_keys->write(credentialAccount(provider), key, [self, provider](const Result<void> &written) {
        if (!self)
            return;
        self->m_saveKey->setEnabled(true);
        if (!written.ok()) {
            self->m_keyStatus->setText(tr("The key was not saved: %1").arg(written.error().toString()));
            return;
        }
        self->m_key->clear();
        self->m_keyStatus->setText(tr("Saved in your keychain for %1.").arg(provider));
        Q_EMIT self->keySaved(provider);
    });
}

void WelcomeView::probe()
{
    m_models->clear();
    ++m_probeGeneration;
    m_pendingProbes = int(m_servers.size());
    m_modelStatus->setText(tr("Looking for local model servers…"));
    for (const LocalServer &server : std::as_const(m_servers))
        probeOne(server);
}

void WelcomeView::probeOne(const LocalServer &server)
{
    QUrl url = server.address;
    url.setPath(server.kind == QLatin1String("ollama") ? QStringLiteral("/api/tags") : QStringLiteral("/v1/models"));
    QNetworkRequest request(url);
    request.setTransferTimeout(ProbeTimeoutMs);
    QNetworkReply *reply = m_network->get(request);
    connect(reply, &QNetworkReply::finished, this, [this, reply, server, generation = m_probeGeneration] {
        reply->deleteLater();
        if (generation != m_probeGeneration)
            return;
        const QStringList names = reply->error() == QNetworkReply::NoError ? modelNames(server.kind, reply->readAll()) : QStringList();
        for (const QString &name : names) {
            auto *item = new QListWidgetItem(tr("%1 · %2").arg(name, server.name), m_models);
            item->setData(ModelRole, name);
            item->setData(ServerRole, server.address);
            item->setToolTip(tr("Double-click to talk to %1 on %2").arg(name, server.address.toString()));
        }
        if (--m_pendingProbes > 0)
            return;
        m_modelStatus->setText(m_models->count() > 0
                                   ? tr("Double-click a model to start with it.")
                                   : tr("No local model server answered (Ollama at localhost:11434, LM Studio at :1234, "
                                        "llama.cpp at :8080)."));
    });
}

void WelcomeView::showImportSources(const QList<ImportSource> &sources)
{
    m_sources->clear();
    for (const ImportSource &source : sources) {
        if (source.files <= 0)
            continue;
        const QString text = source.files == 1 ? tr("%1: 1 transcript in %2").arg(source.name, source.folder)
                                               : tr("%1: %n transcripts in %2", nullptr, source.files).arg(source.name, source.folder);
        auto *item = new QListWidgetItem(text, m_sources);
        item->setData(FolderRole, source.folder);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    m_import->setEnabled(m_sources->count() > 0);
    m_importStatus->setText(m_sources->count() > 0 ? tr("Found on this machine (imported only when you click):")
                                                   : tr("No Claude Code or Codex sessions were found on this machine."));
}

void WelcomeView::showImportResult(int sessions, int messages, const QStringList &problems)
{
    QString text = tr("Imported sessions: %1, messages: %2.").arg(sessions).arg(messages);
    if (!problems.isEmpty())
        text += QLatin1Char(' ') + tr("Not imported: %1 files (the first: %2).").arg(problems.size()).arg(problems.first());
    m_importStatus->setText(text);
    m_import->setEnabled(m_sources->count() > 0);
}

} // namespace valis
