#include "appearancepage.h"

#include "appearance.h"

#include "valis/core/translations.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

namespace valis {

AppearancePage::AppearancePage(const DataLocations &locations, QWidget *parent)
    : SettingsPage(parent), m_locations(locations)
{
    setObjectName(QStringLiteral("appearancePage"));
    const Appearance current = Appearance::load(locations);
    auto *form = new QFormLayout(this);
    m_theme = new QComboBox(this);
    m_theme->setObjectName(QStringLiteral("theme"));
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(qMax(0, m_theme->findData(current.theme)));
    form->addRow(tr("Theme:"), m_theme);

    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(tr("The system's (%1)").arg(QLocale().nativeLanguageName()), QString());
    // Each language by its own name, so a person who cannot read the current one finds theirs.
    for (const QString &name : translatedLanguages()) {
        const QLocale locale(name);
        QString native = locale.nativeLanguageName();
        if (!native.isEmpty())
            native[0] = native[0].toUpper();
        m_language->addItem(native, name);
    }
    m_language->setCurrentIndex(qMax(0, m_language->findData(current.language)));
    form->addRow(tr("Language:"), m_language);
    auto *note = new QLabel(tr("A new language is used from the next start."), this);
    note->setWordWrap(true);
    form->addRow(QString(), note);
    connect(m_theme, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
    connect(m_language, &QComboBox::currentIndexChanged, this, &SettingsPage::edited);
}

void AppearancePage::apply(std::function<void(const Result<void> &)> done)
{
    if (!isModified()) {
        done({});
        return;
    }
    Appearance chosen;
    chosen.theme = m_theme->currentData().toString();
    chosen.language = m_language->currentData().toString();
    const Result<void> saved = chosen.save(m_locations);
    if (saved.ok()) {
        Appearance::applyTheme(chosen.theme);
        setModified(false);
    }
    done(saved);
}

} // namespace valis
