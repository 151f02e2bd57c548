#include "inspectorformat.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLocale>

namespace valis::inspectorformat {

namespace {

// The strings' translation context, for lupdate and the app alike.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::InspectorFormat)
};

QString money(double usd)
{
    return QStringLiteral("$") + QString::number(usd, 'f', usd < 0.01 ? 4 : 2);
}

} // namespace

QString number(const QJsonValue &value)
{
    if (value.isUndefined() || value.isNull())
        return QString();
    return QLocale().toString(value.toInteger());
}

QString sectionLabel(const QString &kind)
{
    if (kind == QLatin1String("system"))
        return Text::tr("System");
    if (kind == QLatin1String("tools"))
        return Text::tr("Tools");
    return Text::tr("Messages");
}

QString cacheLine(const QJsonObject &cache)
{
    if (cache.isEmpty())
        return Text::tr("Cache: nothing recorded.");
    QString line = Text::tr("Cache: %1 read · %2 written · %3 uncached input · %4 output")
                       .arg(number(cache.value(QLatin1String("readTokens"))), number(cache.value(QLatin1String("writeTokens"))),
                            number(cache.value(QLatin1String("inputTokens"))), number(cache.value(QLatin1String("outputTokens"))));
    const QJsonValue cost = cache.value(QLatin1String("costUsd"));
    if (cost.isDouble())
        line += Text::tr(" · cost %1").arg(money(cost.toDouble()));
    return line;
}

QString cacheBreakLine(const QJsonObject &diff, int request)
{
    if (diff.isEmpty()) {
        return request == 1 ? Text::tr("The first request: nothing before it to compare with.")
                            : Text::tr("No comparison with the previous request.");
    }
    const QJsonValue index = diff.value(QLatin1String("cacheBreakIndex"));
    const QString reason = diff.value(QLatin1String("cacheBreakReason")).toString();
    if (index.isNull() || index.isUndefined()) {
        QString line = Text::tr("The cached prefix held: this request starts as request %1 did.")
                           .arg(diff.value(QLatin1String("previous")).toInt(request - 1));
        if (!reason.isEmpty())
            line += QLatin1Char(' ') + reason;
        return line;
    }
    QString line = Text::tr("The cached prefix broke at message #%1").arg(index.toInt());
    line += reason.isEmpty() ? QStringLiteral(".") : QStringLiteral(": ") + reason + QLatin1Char('.');
    const QJsonValue tokens = diff.value(QLatin1String("cacheBreakTokens"));
    const QJsonValue cost = diff.value(QLatin1String("cacheBreakCostUsd"));
    if (!tokens.isUndefined() && !tokens.isNull()) {
        line += QLatin1Char(' ') + Text::tr("%1 tokens were sent again without the cache").arg(number(tokens));
        line += cost.isDouble() ? Text::tr(", costing about %1 more.").arg(money(cost.toDouble())) : QStringLiteral(".");
    }
    return line;
}

QString memoryRefChip(const QJsonValue &ref)
{
    if (ref.isString())
        return ref.toString();
    const QJsonObject object = ref.toObject();
    const QString key = object.value(QLatin1String("key")).toString();
    const QString description = object.value(QLatin1String("description")).toString();
    return description.isEmpty() ? key : key + QStringLiteral(" - ") + description;
}

QString firstLine(const QString &text)
{
    const QString trimmed = text.trimmed();
    QString line = trimmed.section(QLatin1Char('\n'), 0, 0);
    if (line.size() > 160)
        line = line.left(159) + QStringLiteral("…");
    else if (line.size() < trimmed.size())
        line += QStringLiteral(" …");
    return line;
}

QLabel *chip(const QString &text, const QString &kind, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(kind == QLatin1String("pointer") ? QStringLiteral("inspectorPointerChip")
                                                          : QStringLiteral("inspectorMemoryRefChip"));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setAccessibleName(kind == QLatin1String("pointer") ? Text::tr("Pointer %1").arg(text) : Text::tr("MemoryRef %1").arg(text));
    // The same chip shape as the conversation page's: rounded, outlined, on the alternate base.
    label->setStyleSheet(QStringLiteral("QLabel { border: 1px solid palette(mid); border-radius: 8px; padding: 1px 8px;"
                                        " background: palette(alternate-base); }"));
    return label;
}

} // namespace valis::inspectorformat
