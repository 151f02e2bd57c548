#pragma once

// What tst_accessibility measures: controls without an accessible name, and WCAG contrast.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QColor>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSlider>
#include <QStringList>
#include <QTextEdit>
#include <QWebEngineView>
#include <QWidget>

#include <cmath>

namespace valis::test {

/// A script for the conversation page: JSON {kinds, failures}, every element showing text with
/// its WCAG contrast over what is behind it, where it is below AA (4.5:1, 3:1 for large text).
QString contrastScript();
/// A script for the conversation page: the kind of the element focused now ("button.copy"),
/// with " (no focus ring)" when nothing shows it is focused; "" for none.
QString focusScript();

/// Whether `widget` is a control a person reaches with Tab and a screen reader must name.
inline bool isNamedControlKind(const QWidget *widget)
{
    if (qobject_cast<const QWebEngineView *>(widget))
        return true;
    const bool kind = qobject_cast<const QAbstractButton *>(widget) || qobject_cast<const QLineEdit *>(widget)
                      || qobject_cast<const QComboBox *>(widget) || qobject_cast<const QAbstractSpinBox *>(widget)
                      || qobject_cast<const QAbstractItemView *>(widget) || qobject_cast<const QTextEdit *>(widget)
                      || qobject_cast<const QPlainTextEdit *>(widget) || qobject_cast<const QSlider *>(widget);
    return kind && (widget->focusPolicy() & Qt::TabFocus);
}

/// The inner parts of a compound control (a combo box's list, a spin box's editor, the page
/// inside a web view) are named by their owner.
inline bool isInnerPart(const QWidget *widget, const QWidget *root)
{
    for (const QWidget *up = widget->parentWidget(); up && up != root->parentWidget(); up = up->parentWidget()) {
        if (qobject_cast<const QComboBox *>(up) || qobject_cast<const QAbstractSpinBox *>(up) || qobject_cast<const QLineEdit *>(up)
            || qobject_cast<const QWebEngineView *>(up))
            return true;
    }
    return false;
}

/// Where `widget` sits, for a failure message: its class, name and its named ancestors.
inline QString describeWidget(const QWidget *widget)
{
    QStringList path;
    for (const QWidget *up = widget; up; up = up->parentWidget()) {
        if (!up->objectName().isEmpty() || up == widget)
            path.prepend(QString::fromLatin1(up->metaObject()->className()) + QLatin1Char('#') + up->objectName());
    }
    QString text;
    if (const auto *button = qobject_cast<const QAbstractButton *>(widget))
        text = button->text();
    return path.join(QLatin1String(" > ")) + (widget->toolTip().isEmpty() ? QString() : QStringLiteral(" tip=\"%1\"").arg(widget->toolTip()))
           + (text.isEmpty() ? QString() : QStringLiteral(" text=\"%1\"").arg(text));
}

/// Whether a label names `widget` (QLabel::setBuddy, QFormLayout's labels) or a group box holds it.
inline bool hasLabel(const QWidget *widget)
{
    const QWidget *parent = widget->parentWidget();
    if (!parent)
        return false;
    if (qobject_cast<const QGroupBox *>(parent))
        return true;
    for (const QLabel *label : parent->findChildren<QLabel *>(Qt::FindDirectChildrenOnly)) {
        if (label->buddy() == widget)
            return true;
    }
    return false;
}

/// Every control under `root` (shown or not) whose accessible name is empty. A combo box must be
/// named on purpose: Qt would otherwise read its current value as its name.
inline QStringList unnamedControls(QWidget *root)
{
    QStringList unnamed;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : std::as_const(widgets)) {
        if (!isNamedControlKind(widget) || isInnerPart(widget, root))
            continue;
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(widget);
        const bool combo = qobject_cast<const QComboBox *>(widget) != nullptr;
        if (!accessible || accessible->text(QAccessible::Name).trimmed().isEmpty()
            || (combo && widget->accessibleName().isEmpty() && !hasLabel(widget)))
            unnamed << describeWidget(widget);
    }
    return unnamed;
}

/// WCAG 2 relative luminance of an opaque colour.
inline double luminance(const QColor &colour)
{
    const auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF());
}

/// `foreground` (possibly translucent) drawn over the opaque `background`.
inline QColor over(const QColor &foreground, const QColor &background)
{
    const double a = foreground.alphaF();
    return QColor::fromRgbF(float(foreground.redF() * a + background.redF() * (1 - a)),
                            float(foreground.greenF() * a + background.greenF() * (1 - a)),
                            float(foreground.blueF() * a + background.blueF() * (1 - a)));
}

/// The WCAG contrast ratio of `foreground` over `background` (1 to 21).
inline double contrast(const QColor &foreground, const QColor &background)
{
    const double a = luminance(over(foreground, background));
    const double b = luminance(background);
    return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

} // namespace valis::test
