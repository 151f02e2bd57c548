#include "valis/core/translations.h"

#include "valis/core/datalocations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace valis {

void installTranslations(QCoreApplication &app, const QLocale &locale)
{
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("valis"), QStringLiteral("_"), QStringLiteral(":/valis/i18n")))
        QCoreApplication::installTranslator(own);
    else
        delete own;
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
}

QStringList translatedLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};
}

QString chosenLanguage(const DataLocations &locations)
{
    // No file, no key or a language without a translation: follow the system.
    const QSettings settings(locations.desktopSettingsPath(), QSettings::IniFormat);
    const QString language = settings.value(QStringLiteral("ui/language")).toString();
    return translatedLanguages().contains(language) ? language : QString();
}

QLocale interfaceLocale(const DataLocations &locations)
{
    const QString language = chosenLanguage(locations);
    return language.isEmpty() ? QLocale::system() : QLocale(language);
}

} // namespace valis
