#include "appearance.h"

#include "valis/core/translations.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace valis {

namespace {
QPalette darkPalette()
{
    QPalette dark;
    const QColor window(0x20, 0x22, 0x26);
    const QColor base(0x16, 0x18, 0x1c);
    const QColor text(0xe6, 0xed, 0xf3);
    const QColor disabled(0x7d, 0x85, 0x90);
    dark.setColor(QPalette::Window, window);
    dark.setColor(QPalette::WindowText, text);
    dark.setColor(QPalette::Base, base);
    dark.setColor(QPalette::AlternateBase, window);
    dark.setColor(QPalette::ToolTipBase, base);
    dark.setColor(QPalette::ToolTipText, text);
    dark.setColor(QPalette::PlaceholderText, disabled);
    dark.setColor(QPalette::Text, text);
    dark.setColor(QPalette::Button, window);
    dark.setColor(QPalette::ButtonText, text);
    dark.setColor(QPalette::BrightText, Qt::white);
    dark.setColor(QPalette::Link, QColor(0x44, 0x93, 0xf8));
    dark.setColor(QPalette::Highlight, QColor(0x1f, 0x6f, 0xeb));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        dark.setColor(QPalette::Disabled, role, disabled);
    return dark;
}

// Fusion's light palette with the colours that miss WCAG AA put right: white on its highlight
// (3.7:1) and its half-transparent placeholder text (4.0:1) need 4.5:1.
QPalette lightPalette(QPalette light)
{
    light.setColor(QPalette::Highlight, QColor(0x09, 0x69, 0xda));
    light.setColor(QPalette::HighlightedText, Qt::white);
    light.setColor(QPalette::PlaceholderText, QColor(0x6e, 0x77, 0x81));
    return light;
}

// What the platform gave before any choice, to go back to on "system".
struct SystemLook
{
    QString style;
    QPalette palette;
};
SystemLook &systemLook()
{
    static SystemLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}
} // namespace

Appearance Appearance::load(const DataLocations &locations)
{
    QSettings settings(locations.desktopSettingsPath(), QSettings::IniFormat);
    Appearance appearance;
    appearance.language = chosenLanguage(locations);
    const QString theme = settings.value(QStringLiteral("ui/theme")).toString();
    if (theme == QLatin1String("light") || theme == QLatin1String("dark"))
        appearance.theme = theme;
    return appearance;
}

Result<void> Appearance::save(const DataLocations &locations) const
{
    QSettings settings(locations.desktopSettingsPath(), QSettings::IniFormat);
    settings.setValue(QStringLiteral("ui/language"), language);
    settings.setValue(QStringLiteral("ui/theme"), theme);
    settings.sync();
    if (settings.status() != QSettings::NoError)
        return Error(QStringLiteral("settings.unwritable"),
                     QApplication::translate("valis::Appearance", "could not write %1").arg(settings.fileName()));
    return {};
}

void Appearance::applyTheme(const QString &theme)
{
    const SystemLook &system = systemLook();
    if (theme == QLatin1String("light") || theme == QLatin1String("dark")) {
        QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"));
        QApplication::setStyle(fusion);
        QApplication::setPalette(theme == QLatin1String("dark") ? darkPalette() : lightPalette(fusion->standardPalette()));
        return;
    }
    QApplication::setStyle(QStyleFactory::create(system.style));
    QApplication::setPalette(system.palette);
}

bool Appearance::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QString Appearance::pageTheme(const QPalette &palette)
{
    return isDark(palette) ? QStringLiteral("dark") : QStringLiteral("light");
}

} // namespace valis
