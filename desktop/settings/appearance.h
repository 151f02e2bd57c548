#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"

#include <QString>

class QPalette;

namespace valis {

/// How the shell looks and speaks, from the profile's desktop.ini
/// (DataLocations::desktopSettingsPath(): also the window's layout, the last workspace folder and
/// each session's sandbox choice): the language ("" follows the system; valis-cli reads it too,
/// through interfaceLocale() in valis/core/translations.h) and the theme ("system", "light" or
/// "dark").
struct Appearance
{
    QString language;
    QString theme = QStringLiteral("system");

    static Appearance load(const DataLocations &locations);
    Result<void> save(const DataLocations &locations) const;

    /// Sets the application's palette for `theme`: the system's own for "system", Fusion's light
    /// or a dark one otherwise. Call with the QApplication running.
    static void applyTheme(const QString &theme);
    /// Whether `palette` is a dark one (light text on a dark window).
    static bool isDark(const QPalette &palette);
    /// The conversation page's theme for `palette`: "dark" or "light".
    static QString pageTheme(const QPalette &palette);
};

} // namespace valis
