#pragma once

#include "valis/harness_export.h"

#include <QLocale>
#include <QStringList>

class QCoreApplication;

namespace valis {

class DataLocations;

/// Installs Valis's translations (compiled into the harness from translations/*.ts) and Qt's
/// own for `locale` on `app`. Languages without a translation stay English. Both `valis` and
/// `valis-cli` call this once at start, with interfaceLocale().
VALIS_HARNESS_EXPORT void installTranslations(QCoreApplication &app, const QLocale &locale = QLocale());

/// The languages Valis is translated into, as locale names ("de", "zh_CN"), English first.
VALIS_HARNESS_EXPORT QStringList translatedLanguages();

/// The language a profile chose (ui/language in config/desktop.ini, set in the desktop's
/// Settings > Appearance): one of translatedLanguages(), or "" to follow the system. A value
/// Valis has no translation for counts as "".
VALIS_HARNESS_EXPORT QString chosenLanguage(const DataLocations &locations);

/// The locale Valis speaks for a profile: the chosen language, else the system's. The one
/// decision the desktop and valis-cli share, so both speak the same language.
VALIS_HARNESS_EXPORT QLocale interfaceLocale(const DataLocations &locations);

} // namespace valis
