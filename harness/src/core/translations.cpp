#include "valis/core/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
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

} // namespace valis
