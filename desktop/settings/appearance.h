#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"

#include <QColor>
#include <QHash>
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

    /// The shared visual language: the colours the conversation page's theme.css names
    /// ("fg", "muted", "bg", "card", "border", "user", "accent", "error", "ok", "warn",
    /// "on-accent", as --fg ...), light or dark. The widgets' dark palette is made of them and
    /// the widgets' chips and badges use them, so page and widgets look alike.
    static QHash<QString, QColor> designTokens(bool dark);
    /// A style sheet for a chip (an attachment, a session choice) in `palette`'s theme.
    static QString chipStyleSheet(const QPalette &palette);
    /// A style sheet for a badge (a short status, such as isolation being off) of `kind`
    /// ("accent", "error", "warn", "ok").
    static QString badgeStyleSheet(const QPalette &palette, const QString &kind);
    /// Puts colour emoji and CJK fonts (Noto, or the platform's own) in the widgets' font
    /// fallback, so a session title or a chip with 😀 or 漢字 shows glyphs. Fonts that are not
    /// installed are skipped. Call with the QApplication running.
    static void applyFontFallback();
};

} // namespace valis
