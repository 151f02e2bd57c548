#include "interactionprompter.h"

#include "clicontext.h"

#include "valis/mcp/mcpelicitation.h"

#include <QJsonDocument>
#include <QProcess>

namespace valis::cli {

bool openInBrowser(const QUrl &url)
{
    // Whatever a server hands over is opened only as a web page, never as a file or a script.
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return false;
    const QString address = url.toString(QUrl::FullyEncoded);
    const QString browser = qEnvironmentVariable("BROWSER");
    for (const QString &entry : browser.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
        QStringList words = QProcess::splitCommand(entry);
        if (words.isEmpty())
            continue;
        bool placed = false;
        for (QString &word : words) {
            if (word.contains(QLatin1String("%s"))) {
                word.replace(QLatin1String("%s"), address);
                placed = true;
            }
        }
        if (!placed)
            words.append(address);
        const QString program = words.takeFirst();
        if (QProcess::startDetached(program, words))
            return true;
    }
#if defined(Q_OS_MACOS)
    return QProcess::startDetached(QStringLiteral("open"), {address});
#elif defined(Q_OS_WIN)
    return QProcess::startDetached(QStringLiteral("rundll32"), {QStringLiteral("url.dll,FileProtocolHandler"), address});
#else
    return QProcess::startDetached(QStringLiteral("xdg-open"), {address});
#endif
}

namespace {

QString shown(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 15);
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

/// The text of a sampling message's content (one block or a list of them).
QString contentText(const QJsonValue &content)
{
    QStringList parts;
    const QJsonArray blocks = content.isArray() ? content.toArray() : QJsonArray{content};
    for (const QJsonValue &blockValue : blocks) {
        const QJsonObject block = blockValue.toObject();
        const QString type = block.value(QLatin1String("type")).toString();
        if (type == QLatin1String("text"))
            parts.append(block.value(QLatin1String("text")).toString());
        else
            parts.append(QStringLiteral("[%1]").arg(type));
    }
    return parts.join(QLatin1Char('\n'));
}

} // namespace

InteractionPrompter::InteractionPrompter(QTextStream &err, QObject *parent)
    : QObject(parent), m_err(err), m_openUrl(openInBrowser)
{
}

void InteractionPrompter::ask(const ToolInteraction &interaction, Done done)
{
    m_current = interaction;
    m_done = std::move(done);
    m_step = Step::Intro;
    m_fields.clear();
    m_content = {};
    m_fieldIndex = 0;
    if (interaction.kind == ToolInteraction::Kind::Form) {
        const QJsonObject properties = interaction.schema.value(QLatin1String("properties")).toObject();
        QStringList required;
        for (const QJsonValue &name : interaction.schema.value(QLatin1String("required")).toArray())
            required.append(name.toString());
        // Required fields first; otherwise in the order the schema's object gives.
        for (int pass = 0; pass < 2; ++pass) {
            for (auto it = properties.begin(); it != properties.end(); ++it) {
                if (required.contains(it.key()) == (pass == 0))
                    m_fields.append(fieldFor(it.key(), it.value().toObject(), pass == 0));
            }
        }
    }
    askIntro();
}

InteractionPrompter::Field InteractionPrompter::fieldFor(const QString &key, const QJsonObject &schema, bool required)
{
    Field field;
    field.key = key;
    field.schema = schema;
    field.required = required;
    QJsonObject choices = schema;
    if (schema.value(QLatin1String("type")).toString() == QLatin1String("array")) {
        field.multiple = true;
        choices = schema.value(QLatin1String("items")).toObject();
    }
    const QJsonArray values = choices.value(QLatin1String("enum")).toArray();
    const QJsonArray names = choices.value(QLatin1String("enumNames")).toArray();
    for (qsizetype i = 0; i < values.size(); ++i) {
        field.choiceValues.append(values.at(i).toString());
        field.choiceTitles.append(names.size() == values.size() ? names.at(i).toString() : values.at(i).toString());
    }
    // Titled choices (2025-11-25): oneOf for one, anyOf in items for several, of {const, title}.
    QJsonArray titled = choices.value(QLatin1String("oneOf")).toArray();
    if (titled.isEmpty())
        titled = choices.value(QLatin1String("anyOf")).toArray();
    for (const QJsonValue &optionValue : titled) {
        const QJsonObject option = optionValue.toObject();
        if (!option.contains(QLatin1String("const")))
            continue;
        field.choiceValues.append(option.value(QLatin1String("const")).toString());
        field.choiceTitles.append(option.value(QLatin1String("title")).toString(option.value(QLatin1String("const")).toString()));
    }
    return field;
}

void InteractionPrompter::askIntro()
{
    const ToolInteraction &question = *m_current;
    const QString source = question.source.isEmpty() ? Text::tr("A tool") : question.source;
    switch (question.kind) {
    case ToolInteraction::Kind::Form:
        m_err << Text::tr("%1 asks: %2").arg(source, question.message) << '\n'
              << Text::tr("  [y] fill in the form (%n field(s))  [d] decline  [c] cancel: ", nullptr, int(m_fields.size()));
        break;
    case ToolInteraction::Kind::Url:
        m_err << Text::tr("%1 asks you to open a page on %2: %3").arg(source, question.url.host(), question.message) << '\n'
              << "  " << question.url.toString(QUrl::FullyEncoded) << '\n'
              << Text::tr("  Open it? [y] yes  [n] no  [c] cancel: ");
        break;
    case ToolInteraction::Kind::Sampling:
        printSampling();
        m_err << Text::tr("  Allow? [y] yes  [n] no: ");
        break;
    }
    m_err.flush();
}

void InteractionPrompter::printSampling()
{
    const ToolInteraction &question = *m_current;
    const QJsonObject request = question.sampling;
    const QString source = question.source.isEmpty() ? Text::tr("A tool") : question.source;
    m_err << Text::tr("%1 asks the model %2 to answer:").arg(source, m_model.isEmpty() ? Text::tr("of this session") : m_model) << '\n';
    const QString system = request.value(QLatin1String("systemPrompt")).toString();
    if (!system.isEmpty())
        m_err << Text::tr("  system: %1").arg(system) << '\n';
    for (const QJsonValue &messageValue : request.value(QLatin1String("messages")).toArray()) {
        const QJsonObject message = messageValue.toObject();
        m_err << "  " << message.value(QLatin1String("role")).toString() << ": "
              << contentText(message.value(QLatin1String("content"))) << '\n';
    }
    if (request.contains(QLatin1String("maxTokens")))
        m_err << Text::tr("  at most %1 tokens").arg(request.value(QLatin1String("maxTokens")).toInteger()) << '\n';
}

QString InteractionPrompter::describeDefault(const Field &field) const
{
    const QJsonValue fallback = field.schema.value(QLatin1String("default"));
    if (fallback.isUndefined())
        return {};
    if (!field.choiceValues.isEmpty()) {
        QStringList titles;
        const QJsonArray values = fallback.isArray() ? fallback.toArray() : QJsonArray{fallback};
        for (const QJsonValue &value : values) {
            const qsizetype index = field.choiceValues.indexOf(value.toString());
            titles.append(index >= 0 ? field.choiceTitles.at(index) : shown(value));
        }
        return titles.join(QStringLiteral(", "));
    }
    return shown(fallback);
}

void InteractionPrompter::askField()
{
    const Field &field = m_fields.at(m_fieldIndex);
    const QString title = field.schema.value(QLatin1String("title")).toString();
    const QString description = field.schema.value(QLatin1String("description")).toString();
    const QString type = field.schema.value(QLatin1String("type")).toString();
    m_err << "  " << field.key;
    if (!title.isEmpty() && title != field.key)
        m_err << " (" << title << ')';
    if (!description.isEmpty())
        m_err << QStringLiteral(" \u2014 ") << description;
    if (!field.choiceValues.isEmpty()) {
        m_err << '\n';
        for (qsizetype i = 0; i < field.choiceValues.size(); ++i)
            m_err << QStringLiteral("      %1) %2").arg(i + 1).arg(field.choiceTitles.at(i)) << '\n';
        m_err << "    " << (field.multiple ? Text::tr("choose by number or name, several separated by commas")
                                            : Text::tr("choose by number or name"));
    } else if (type == QLatin1String("boolean")) {
        m_err << " [y/n]";
    } else if (type == QLatin1String("integer") || type == QLatin1String("number")) {
        const QJsonValue minimum = field.schema.value(QLatin1String("minimum"));
        const QJsonValue maximum = field.schema.value(QLatin1String("maximum"));
        if (!minimum.isUndefined() || !maximum.isUndefined())
            m_err << QStringLiteral(" (%1..%2)").arg(minimum.isUndefined() ? QString() : shown(minimum),
                                                    maximum.isUndefined() ? QString() : shown(maximum));
    } else if (field.schema.contains(QLatin1String("format"))) {
        m_err << " (" << field.schema.value(QLatin1String("format")).toString() << ')';
    }
    const QString fallback = describeDefault(field);
    if (!fallback.isEmpty())
        m_err << ' ' << Text::tr("[Enter: %1]").arg(fallback);
    else if (field.required)
        m_err << ' ' << Text::tr("(required)");
    else
        m_err << ' ' << Text::tr("[Enter: leave out]");
    m_err << ": ";
    m_err.flush();
}

void InteractionPrompter::askReview(const QStringList &problems)
{
    m_step = Step::Review;
    m_err << Text::tr("  That will not do:") << '\n';
    for (const QString &problem : problems)
        m_err << "    " << problem << '\n';
    m_err << Text::tr("  [r] fill in again  [d] decline  [c] cancel: ");
    m_err.flush();
}

std::optional<QString> InteractionPrompter::choice(const Field &field, const QString &token) const
{
    bool isNumber = false;
    const int number = token.toInt(&isNumber);
    if (isNumber && number >= 1 && number <= field.choiceValues.size())
        return field.choiceValues.at(number - 1);
    for (qsizetype i = 0; i < field.choiceValues.size(); ++i) {
        if (field.choiceValues.at(i).compare(token, Qt::CaseInsensitive) == 0
            || field.choiceTitles.at(i).compare(token, Qt::CaseInsensitive) == 0)
            return field.choiceValues.at(i);
    }
    return std::nullopt;
}

std::optional<QJsonValue> InteractionPrompter::parseField(const Field &field, const QString &text, QString *problem) const
{
    const QString type = field.schema.value(QLatin1String("type")).toString();
    if (!field.choiceValues.isEmpty()) {
        QJsonArray chosen;
        const QStringList tokens = field.multiple ? text.split(QLatin1Char(','), Qt::SkipEmptyParts) : QStringList{text};
        for (const QString &token : tokens) {
            const std::optional<QString> value = choice(field, token.trimmed());
            if (!value) {
                *problem = Text::tr("\"%1\" is none of the choices").arg(token.trimmed());
                return std::nullopt;
            }
            chosen.append(*value);
        }
        return field.multiple ? QJsonValue(chosen) : chosen.at(0);
    }
    if (type == QLatin1String("boolean")) {
        const QString answer = text.toLower();
        if (answer == QLatin1String("y") || answer == QLatin1String("yes") || answer == QLatin1String("true"))
            return QJsonValue(true);
        if (answer == QLatin1String("n") || answer == QLatin1String("no") || answer == QLatin1String("false"))
            return QJsonValue(false);
        *problem = Text::tr("answer y or n");
        return std::nullopt;
    }
    if (type == QLatin1String("integer")) {
        bool ok = false;
        const qlonglong value = text.toLongLong(&ok);
        if (!ok) {
            *problem = Text::tr("a whole number, please");
            return std::nullopt;
        }
        return QJsonValue(value);
    }
    if (type == QLatin1String("number")) {
        bool ok = false;
        const double value = text.toDouble(&ok);
        if (!ok) {
            *problem = Text::tr("a number, please");
            return std::nullopt;
        }
        return QJsonValue(value);
    }
    return QJsonValue(text);
}

void InteractionPrompter::takeLine(const QString &line)
{
    if (!m_current)
        return;
    const QString text = line.trimmed();
    const QChar first = text.isEmpty() ? QChar() : text.at(0).toLower();
    const ToolInteraction::Kind kind = m_current->kind;
    if (m_step == Step::Intro || m_step == Step::Review) {
        if (kind == ToolInteraction::Kind::Url && first == QLatin1Char('y')) {
            const QUrl url = m_current->url;
            if (m_openUrl && !m_openUrl(url))
                m_err << Text::tr("  Could not open a browser; open this address yourself: %1").arg(url.toString(QUrl::FullyEncoded)) << Qt::endl;
            finish(ToolInteractionAnswer::accepted());
        } else if (kind == ToolInteraction::Kind::Sampling && first == QLatin1Char('y')) {
            finish(ToolInteractionAnswer::accepted());
        } else if (kind == ToolInteraction::Kind::Form && (first == QLatin1Char('y') || (m_step == Step::Review && first == QLatin1Char('r')))) {
            m_step = Step::Field;
            m_fieldIndex = 0;
            m_content = {};
            if (m_fields.isEmpty())
                finish(ToolInteractionAnswer::accepted());
            else
                askField();
        } else if (first == QLatin1Char('n') || first == QLatin1Char('d')) {
            finish(ToolInteractionAnswer::declined());
        } else if (first == QLatin1Char('c') && kind != ToolInteraction::Kind::Sampling) {
            finish(ToolInteractionAnswer::cancelled());
        } else {
            m_err << (kind == ToolInteraction::Kind::Sampling ? Text::tr("  y or n: ")
                      : m_step == Step::Review                ? Text::tr("  r, d or c: ")
                      : kind == ToolInteraction::Kind::Form   ? Text::tr("  y, d or c: ")
                                                              : Text::tr("  y, n or c: "));
            m_err.flush();
        }
        return;
    }

    const Field &field = m_fields.at(m_fieldIndex);
    if (text.isEmpty()) {
        const QJsonValue fallback = field.schema.value(QLatin1String("default"));
        if (!fallback.isUndefined()) {
            m_content.insert(field.key, fallback);
        } else if (field.required) {
            m_err << Text::tr("    %1 is required: ").arg(field.key);
            m_err.flush();
            return;
        }
    } else {
        QString problem;
        const std::optional<QJsonValue> value = parseField(field, text, &problem);
        if (!value) {
            m_err << "    " << problem << ": ";
            m_err.flush();
            return;
        }
        m_content.insert(field.key, *value);
    }
    if (++m_fieldIndex < m_fields.size()) {
        askField();
        return;
    }
    const QJsonObject content = McpElicitation::applyDefaults(m_current->schema, m_content);
    const QStringList problems = McpElicitation::problems(m_current->schema, content);
    if (!problems.isEmpty()) {
        askReview(problems);
        return;
    }
    finish(ToolInteractionAnswer::accepted(content));
}

void InteractionPrompter::finish(const ToolInteractionAnswer &answer)
{
    m_current.reset();
    Done done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(answer);
}

void InteractionPrompter::abandon()
{
    m_current.reset();
    m_done = nullptr;
}

} // namespace valis::cli
