#include "mcpschemaform.h"

#include "valis/mcp/mcpelicitation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDate>
#include <QDateTime>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QRegularExpression>
#include <QStringListModel>
#include <QUrl>

namespace valis {

namespace {

// The choices of an enum: [{value, title}], from enum (+ the legacy enumNames) or oneOf/anyOf
// of {const, title}.
QList<QPair<QJsonValue, QString>> choicesOf(const QJsonObject &property)
{
    QList<QPair<QJsonValue, QString>> choices;
    const QJsonArray values = property.value(QLatin1String("enum")).toArray();
    const QJsonArray names = property.value(QLatin1String("enumNames")).toArray();
    for (qsizetype i = 0; i < values.size(); ++i) {
        const QString title = i < names.size() ? names.at(i).toString() : values.at(i).toVariant().toString();
        choices.append({values.at(i), title.isEmpty() ? values.at(i).toVariant().toString() : title});
    }
    for (const char *key : {"oneOf", "anyOf"}) {
        for (const QJsonValue &option : property.value(QLatin1String(key)).toArray()) {
            const QJsonObject object = option.toObject();
            if (!object.contains(QLatin1String("const")))
                continue;
            const QString title = object.value(QLatin1String("title")).toString();
            choices.append({object.value(QLatin1String("const")),
                            title.isEmpty() ? object.value(QLatin1String("const")).toVariant().toString() : title});
        }
    }
    return choices;
}

QString typeOf(const QJsonObject &property)
{
    const QJsonValue type = property.value(QLatin1String("type"));
    if (type.isArray()) // ["string", "null"]: the first that is not null
        for (const QJsonValue &entry : type.toArray())
            if (entry.toString() != QLatin1String("null"))
                return entry.toString();
    return type.toString(QStringLiteral("string"));
}

QString formatHint(const QString &format)
{
    if (format == QLatin1String("email"))
        return McpSchemaForm::tr("an e-mail address");
    if (format == QLatin1String("uri"))
        return McpSchemaForm::tr("an address (URI)");
    if (format == QLatin1String("date"))
        return McpSchemaForm::tr("a date (YYYY-MM-DD)");
    if (format == QLatin1String("date-time"))
        return McpSchemaForm::tr("a date and time (YYYY-MM-DDThh:mm:ssZ)");
    return {};
}

bool matchesFormat(const QString &format, const QString &text)
{
    if (format == QLatin1String("email")) {
        static const QRegularExpression email(QStringLiteral("^[^@\\s]+@[^@\\s]+$"));
        return email.match(text).hasMatch();
    }
    if (format == QLatin1String("uri")) {
        const QUrl url(text, QUrl::StrictMode);
        return url.isValid() && !url.scheme().isEmpty();
    }
    if (format == QLatin1String("date"))
        return QDate::fromString(text, Qt::ISODate).isValid();
    if (format == QLatin1String("date-time"))
        return QDateTime::fromString(text, Qt::ISODateWithMs).isValid() || QDateTime::fromString(text, Qt::ISODate).isValid();
    return true;
}

} // namespace

McpSchemaForm::McpSchemaForm(const QJsonObject &schema, QWidget *parent) : QWidget(parent), m_schema(schema)
{
    setObjectName(QStringLiteral("mcpSchemaForm"));
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    for (const QJsonValue &name : schema.value(QLatin1String("required")).toArray())
        m_required << name.toString();
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    // The server's order where it kept it (QJsonObject sorts keys): required fields first.
    QStringList names = properties.keys();
    std::stable_sort(names.begin(), names.end(), [this](const QString &a, const QString &b) {
        return m_required.contains(a) && !m_required.contains(b);
    });
    for (const QString &name : std::as_const(names)) {
        const QJsonObject property = properties.value(name).toObject();
        m_properties.insert(name, property);
        QWidget *widget = makeField(name, property);
        widget->setObjectName(QStringLiteral("field-") + name);
        m_fields.insert(name, widget);
        m_order << name;
        const QString title = property.value(QLatin1String("title")).toString(name);
        auto *label = new QLabel(m_required.contains(name) ? tr("%1 *").arg(title) : title, this);
        label->setTextFormat(Qt::PlainText);
        label->setBuddy(widget);
        form->addRow(label, widget);
        const QString description = property.value(QLatin1String("description")).toString();
        if (description.isEmpty())
            continue;
        auto *note = new QLabel(description, this);
        note->setTextFormat(Qt::PlainText);
        note->setWordWrap(true);
        note->setEnabled(false); // the muted colour of hints
        widget->setToolTip(description);
        form->addRow(QString(), note);
    }
    if (m_order.isEmpty())
        form->addRow(new QLabel(tr("(nothing to fill in)"), this));
}

QWidget *McpSchemaForm::makeField(const QString &name, const QJsonObject &property)
{
    const QString type = typeOf(property);
    const QJsonValue fallback = property.value(QLatin1String("default"));
    if (type == QLatin1String("boolean")) {
        auto *box = new QCheckBox(this);
        box->setChecked(fallback.toBool());
        return box;
    }
    if (type == QLatin1String("array")) {
        // Multi-select: check the values wanted.
        auto *list = new QListWidget(this);
        const QJsonObject items = property.value(QLatin1String("items")).toObject();
        const QJsonArray chosen = fallback.toArray();
        for (const auto &[value, title] : choicesOf(items)) {
            auto *item = new QListWidgetItem(title, list);
            item->setData(Qt::UserRole, value.toVariant());
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            item->setCheckState(chosen.contains(value) ? Qt::Checked : Qt::Unchecked);
        }
        list->setMaximumHeight(qMin(160, 24 * (list->count() + 1)));
        return list;
    }
    const QList<QPair<QJsonValue, QString>> choices = choicesOf(property);
    if (!choices.isEmpty()) {
        auto *combo = new QComboBox(this);
        if (!m_required.contains(name) || fallback.isUndefined())
            combo->addItem(tr("(none)"), QVariant());
        for (const auto &[value, title] : choices)
            combo->addItem(title, value.toVariant());
        if (!fallback.isUndefined())
            combo->setCurrentIndex(qMax(0, combo->findData(fallback.toVariant())));
        return combo;
    }
    auto *edit = new QLineEdit(this);
    QStringList hints;
    if (type == QLatin1String("number") || type == QLatin1String("integer")) {
        const bool integer = type == QLatin1String("integer");
        hints << (integer ? tr("a whole number") : tr("a number"));
        if (property.contains(QLatin1String("minimum")))
            hints << tr("at least %1").arg(QLocale::c().toString(property.value(QLatin1String("minimum")).toDouble()));
        if (property.contains(QLatin1String("maximum")))
            hints << tr("at most %1").arg(QLocale::c().toString(property.value(QLatin1String("maximum")).toDouble()));
        if (fallback.isDouble())
            edit->setText(QLocale::c().toString(fallback.toDouble(), 'g', 15));
    } else {
        const QString format = formatHint(property.value(QLatin1String("format")).toString());
        if (!format.isEmpty())
            hints << format;
        if (property.contains(QLatin1String("minLength")))
            hints << tr("at least %n characters", nullptr, property.value(QLatin1String("minLength")).toInt());
        if (property.contains(QLatin1String("maxLength"))) {
            const int most = property.value(QLatin1String("maxLength")).toInt();
            hints << tr("at most %n characters", nullptr, most);
            if (most > 0)
                edit->setMaxLength(most);
        }
        if (fallback.isString())
            edit->setText(fallback.toString());
    }
    edit->setPlaceholderText(hints.join(QStringLiteral(", ")));
    connect(edit, &QLineEdit::textEdited, this, [this, name](const QString &text) { Q_EMIT textEdited(name, text); });
    return edit;
}

void McpSchemaForm::setSuggestions(const QString &name, const QStringList &values)
{
    auto *edit = qobject_cast<QLineEdit *>(field(name));
    if (!edit)
        return;
    QCompleter *completer = edit->completer();
    if (!completer) {
        completer = new QCompleter(new QStringListModel(edit), edit);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        edit->setCompleter(completer);
    }
    static_cast<QStringListModel *>(completer->model())->setStringList(values);
    if (edit->hasFocus() && !values.isEmpty())
        completer->complete();
}

QJsonObject McpSchemaForm::content() const
{
    QJsonObject content;
    for (const QString &name : m_order) {
        const QJsonObject &property = m_properties[name];
        QWidget *widget = m_fields.value(name);
        if (auto *box = qobject_cast<QCheckBox *>(widget)) {
            content.insert(name, box->isChecked());
        } else if (auto *list = qobject_cast<QListWidget *>(widget)) {
            QJsonArray chosen;
            for (int i = 0; i < list->count(); ++i)
                if (list->item(i)->checkState() == Qt::Checked)
                    chosen.append(QJsonValue::fromVariant(list->item(i)->data(Qt::UserRole)));
            if (!chosen.isEmpty() || m_required.contains(name))
                content.insert(name, chosen);
        } else if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            if (combo->currentData().isValid())
                content.insert(name, QJsonValue::fromVariant(combo->currentData()));
        } else if (auto *edit = qobject_cast<QLineEdit *>(widget)) {
            const QString text = edit->text();
            const QString type = typeOf(property);
            if (text.trimmed().isEmpty())
                continue;
            if (type == QLatin1String("number") || type == QLatin1String("integer")) {
                bool ok = false;
                const double number = QLocale::c().toDouble(text.trimmed(), &ok);
                const double local = ok ? number : QLocale().toDouble(text.trimmed(), &ok);
                if (!ok)
                    content.insert(name, text); // reported by problems()
                else if (type == QLatin1String("integer") && local == double(qint64(local)))
                    content.insert(name, qint64(local));
                else
                    content.insert(name, local);
            } else {
                content.insert(name, text);
            }
        }
    }
    return content;
}

QStringList McpSchemaForm::problems() const
{
    const QJsonObject answer = content();
    QStringList problems;
    for (const QString &name : m_order) {
        const QJsonObject &property = m_properties[name];
        const QString title = property.value(QLatin1String("title")).toString(name);
        const QJsonValue value = answer.value(name);
        if (value.isUndefined()) {
            if (m_required.contains(name))
                problems << tr("%1 is required.").arg(title);
            continue;
        }
        const QString type = typeOf(property);
        if (type == QLatin1String("number") || type == QLatin1String("integer")) {
            if (!value.isDouble()) {
                problems << (type == QLatin1String("integer") ? tr("%1 must be a whole number.") : tr("%1 must be a number.")).arg(title);
                continue;
            }
            const double number = value.toDouble();
            if (type == QLatin1String("integer") && number != double(qint64(number)))
                problems << tr("%1 must be a whole number.").arg(title);
            if (property.contains(QLatin1String("minimum")) && number < property.value(QLatin1String("minimum")).toDouble())
                problems << tr("%1 must be at least %2.").arg(title, QLocale::c().toString(property.value(QLatin1String("minimum")).toDouble()));
            if (property.contains(QLatin1String("maximum")) && number > property.value(QLatin1String("maximum")).toDouble())
                problems << tr("%1 must be at most %2.").arg(title, QLocale::c().toString(property.value(QLatin1String("maximum")).toDouble()));
        } else if (value.isString()) {
            const QString text = value.toString();
            if (property.contains(QLatin1String("minLength")) && text.size() < property.value(QLatin1String("minLength")).toInt())
                problems << tr("%1 needs at least %n characters.", nullptr, property.value(QLatin1String("minLength")).toInt()).arg(title);
            if (property.contains(QLatin1String("maxLength")) && text.size() > property.value(QLatin1String("maxLength")).toInt())
                problems << tr("%1 takes at most %n characters.", nullptr, property.value(QLatin1String("maxLength")).toInt()).arg(title);
            const QString format = property.value(QLatin1String("format")).toString();
            if (!matchesFormat(format, text))
                problems << tr("%1 must be %2.").arg(title, formatHint(format));
        } else if (value.isArray()) {
            const QJsonArray chosen = value.toArray();
            if (property.contains(QLatin1String("minItems")) && chosen.size() < property.value(QLatin1String("minItems")).toInt())
                problems << tr("Choose at least %n for %1.", nullptr, property.value(QLatin1String("minItems")).toInt()).arg(title);
            if (property.contains(QLatin1String("maxItems")) && chosen.size() > property.value(QLatin1String("maxItems")).toInt())
                problems << tr("Choose at most %n for %1.", nullptr, property.value(QLatin1String("maxItems")).toInt()).arg(title);
        }
    }
    // Whatever else the schema asks that the checks above do not know (a pattern, ...).
    if (problems.isEmpty())
        problems = McpElicitation::problems(m_schema, answer);
    return problems;
}

} // namespace valis
