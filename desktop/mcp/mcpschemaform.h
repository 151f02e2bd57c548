#pragma once

#include <QHash>
#include <QJsonObject>
#include <QStringList>
#include <QWidget>

class QFormLayout;
class QLabel;

namespace valis {

/// A form made from the flat object schema an MCP server sends with a form elicitation (and for
/// the arguments of a prompt): a text field for a string (its format and length bounds said and
/// checked), a number field for a number or integer (bounds checked), a check box for a boolean,
/// a list for an enum or oneOf (their titles shown, their values answered), check boxes for a
/// multi-select array. Defaults are filled in; required fields are marked. Everything shown
/// comes from a server and is shown as plain text.
class McpSchemaForm : public QWidget
{
    Q_OBJECT

public:
    explicit McpSchemaForm(const QJsonObject &schema, QWidget *parent = nullptr);

    /// What the person entered: fields left empty are left out (a boolean is always answered).
    QJsonObject content() const;
    /// What keeps content() from answering the schema (a required field empty, a value out of
    /// its bounds), in words for the person; empty when it will do.
    QStringList problems() const;
    /// The field widget of property `name` (a QLineEdit, QComboBox, QCheckBox or QListWidget).
    QWidget *field(const QString &name) const { return m_fields.value(name); }
    QStringList fieldNames() const { return m_order; }
    /// Offers `values` as completions of the text field `name` (completion/complete answers).
    void setSuggestions(const QString &name, const QStringList &values);

Q_SIGNALS:
    /// The person typed into the text field `name`.
    void textEdited(const QString &name, const QString &text);

private:
    QWidget *makeField(const QString &name, const QJsonObject &property);

    QJsonObject m_schema;
    QStringList m_order;
    QStringList m_required;
    QHash<QString, QWidget *> m_fields;
    QHash<QString, QJsonObject> m_properties;
};

} // namespace valis
