#include "appearance.h"

#include "valis/core/translations.h"

#include <QApplication>
#include <QFont>
#include <QFontDatabase>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace valis {

namespace {
QPalette darkPalette()
{
    QPalette dark;
    const QHash<QString, QColor> tokens = Appearance::designTokens(true);
    const QColor window = tokens.value(QStringLiteral("card"));
    const QColor base = tokens.value(QStringLiteral("bg"));
    const QColor text = tokens.value(QStringLiteral("fg"));
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
    dark.setColor(QPalette::Link, tokens.value(QStringLiteral("accent")));
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

QHash<QString, QColor> Appearance::designTokens(bool dark)
{
    // The same values as desktop/conversation/web/theme.css (tst_layout compares them).
    const auto table = [](std::initializer_list<std::pair<const char *, const char *>> entries) {
        QHash<QString, QColor> tokens;
        for (const auto &[name, colour] : entries)
            tokens.insert(QString::fromLatin1(name), QColor(QString::fromLatin1(colour)));
        return tokens;
    };
    if (dark)
        return table({{"fg", "#e6edf3"}, {"muted", "#8d96a0"}, {"bg", "#16181c"}, {"card", "#202226"},
                      {"border", "#30363d"}, {"user", "#122d42"}, {"accent", "#4493f8"}, {"error", "#f85149"},
                      {"ok", "#3fb950"}, {"warn", "#d29922"}, {"on-accent", "#0d1117"}});
    return table({{"fg", "#1f2328"}, {"muted", "#656d76"}, {"bg", "#ffffff"}, {"card", "#f6f8fa"},
                  {"border", "#d0d7de"}, {"user", "#ddf4ff"}, {"accent", "#0969da"}, {"error", "#cf222e"},
                  {"ok", "#1a7f37"}, {"warn", "#9a6700"}, {"on-accent", "#ffffff"}});
}

QString Appearance::chipStyleSheet(const QPalette &palette)
{
    const QHash<QString, QColor> tokens = designTokens(isDark(palette));
    // Radius and spacing as the page's .chip (--radius-pill, --space-2).
    return QStringLiteral("QToolButton { background: %1; color: %2; border: 1px solid %3; border-radius: 10px;"
                          " padding: 1px 8px; }"
                          " QToolButton:hover, QToolButton:focus { border-color: %4; }")
        .arg(tokens.value(QStringLiteral("card")).name(), tokens.value(QStringLiteral("fg")).name(),
             tokens.value(QStringLiteral("border")).name(), tokens.value(QStringLiteral("accent")).name());
}

QString Appearance::badgeStyleSheet(const QPalette &palette, const QString &kind)
{
    const QHash<QString, QColor> tokens = designTokens(isDark(palette));
    const QColor background = tokens.value(kind, tokens.value(QStringLiteral("accent")));
    // As the page's .badge: --radius-small, white (or the dark page's colour) on the colour.
    return QStringLiteral("color: %1; background: %2; border-radius: 4px; padding: 0 6px; font-weight: 600;")
        .arg(tokens.value(QStringLiteral("on-accent")).name(), background.name());
}

void Appearance::applyFontFallback()
{
    QFont font = QApplication::font();
    QStringList families{font.family()};
    const QStringList installed = QFontDatabase::families();
    for (const char *family : {"Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Color Emoji", "Apple Color Emoji",
                               "Segoe UI Emoji", "Microsoft YaHei", "Hiragino Sans"}) {
        const QString name = QString::fromLatin1(family);
        if (installed.contains(name) && !families.contains(name))
            families << name;
    }
    if (families.size() == 1)
        return; // none there: the platform's own fallback is all there is
    font.setFamilies(families);
    QApplication::setFont(font);
}

} // namespace valis
