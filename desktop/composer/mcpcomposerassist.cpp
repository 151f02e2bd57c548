#include "mcpcomposerassist.h"

#include "attachment.h"
#include "composerwidget.h"
#include "mcpschemaform.h"

#include "valis/mcp/mcphost.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextCursor>
#include <QVBoxLayout>

namespace valis {

namespace {
constexpr int MaxPages = 20;        // of a resources/list or prompts/list, then what came is used
constexpr int MaxSuggestions = 50;
const QString ResourcesKey = QStringLiteral("resources");
const QString PromptsKey = QStringLiteral("prompts");

QString describe(const QJsonObject &item)
{
    const QString title = item.value(QLatin1String("title")).toString(item.value(QLatin1String("name")).toString());
    const QString description = item.value(QLatin1String("description")).toString();
    if (description.isEmpty())
        return title;
    return title.isEmpty() ? description : QString(title + QStringLiteral(": ") + description);
}
} // namespace

McpComposerAssist::McpComposerAssist(ComposerWidget *composer, QObject *parent) : QObject(parent), m_composer(composer)
{
    connect(composer->editor(), &QPlainTextEdit::textChanged, this, &McpComposerAssist::onTextChanged);
    connect(composer, &ComposerWidget::suggestionChosen, this, [this](const QVariant &chosen) {
        const QVariantMap data = chosen.toMap();
        const QString server = data.value(QStringLiteral("server")).toString();
        const QString kind = data.value(QStringLiteral("kind")).toString();
        if (kind != QLatin1String("resource") && kind != QLatin1String("prompt"))
            return;
        removeTyped();
        m_mode = Mode::None;
        if (kind == QLatin1String("resource"))
            chooseResource(server, data.value(QStringLiteral("uri")).toString());
        else
            choosePrompt(server, QJsonObject::fromVariantMap(data.value(QStringLiteral("prompt")).toMap()));
    });
}

void McpComposerAssist::setHost(McpHost *host)
{
    if (m_host)
        disconnect(m_host, nullptr, this, nullptr);
    m_host = host;
    m_resources.clear();
    m_prompts.clear();
    m_asked.clear();
    if (!host)
        return;
    connect(host, &McpHost::serverNotified, this, [this](const QString &server, const QString &method) {
        if (method == QLatin1String("notifications/resources/list_changed")) {
            m_resources.remove(server);
            m_asked.remove(ResourcesKey + QLatin1Char(':') + server);
        } else if (method == QLatin1String("notifications/prompts/list_changed")) {
            m_prompts.remove(server);
            m_asked.remove(PromptsKey + QLatin1Char(':') + server);
        }
    });
    // A server that stopped or restarted may list other things when it is back.
    connect(host, &McpHost::serversChanged, this, [this] {
        for (const McpServerStatus &server : m_host->servers()) {
            if (server.state == McpServerConnection::State::Ready)
                continue;
            m_resources.remove(server.name);
            m_prompts.remove(server.name);
            m_asked.remove(ResourcesKey + QLatin1Char(':') + server.name);
            m_asked.remove(PromptsKey + QLatin1Char(':') + server.name);
        }
    });
}

int McpComposerAssist::knownResources() const
{
    int count = 0;
    for (const QJsonArray &list : m_resources)
        count += int(list.size());
    return count;
}

int McpComposerAssist::knownPrompts() const
{
    int count = 0;
    for (const QJsonArray &list : m_prompts)
        count += int(list.size());
    return count;
}

void McpComposerAssist::onTextChanged()
{
    QPlainTextEdit *editor = m_composer->editor();
    const QString text = editor->toPlainText();
    const qsizetype cursor = editor->textCursor().position();
    qsizetype start = qMin(cursor, text.size());
    while (start > 0 && !text.at(start - 1).isSpace())
        --start;
    const QString token = text.mid(start, cursor - start);
    const Mode before = m_mode;
    if (m_host && token.startsWith(QLatin1Char('@')))
        m_mode = Mode::Resources;
    else if (m_host && token.startsWith(QLatin1Char('/')) && text.left(start).trimmed().isEmpty())
        m_mode = Mode::Prompts;
    else
        m_mode = Mode::None;
    if (m_mode == Mode::None) {
        if (before != Mode::None)
            m_composer->hideSuggestions();
        return;
    }
    m_query = token.mid(1);
    m_tokenStart = start;
    for (const McpServerStatus &server : m_host->servers()) {
        if (server.state != McpServerConnection::State::Ready)
            continue;
        if (m_mode == Mode::Resources && server.hasResources && !m_asked.contains(ResourcesKey + QLatin1Char(':') + server.name))
            fetch(server.name, QStringLiteral("resources/list"), ResourcesKey);
        if (m_mode == Mode::Prompts && server.hasPrompts && !m_asked.contains(PromptsKey + QLatin1Char(':') + server.name))
            fetch(server.name, QStringLiteral("prompts/list"), PromptsKey);
    }
    offer();
}

void McpComposerAssist::fetch(const QString &server, const QString &method, const QString &key, const QString &cursor,
                              QJsonArray collected, int page)
{
    if (!m_host)
        return;
    m_asked.insert(key + QLatin1Char(':') + server);
    const QJsonObject params = cursor.isEmpty() ? QJsonObject() : QJsonObject{{QStringLiteral("cursor"), cursor}};
    m_host->request(server, method, params, this,
                    [this, server, method, key, collected, page](const Result<QJsonObject> &result) mutable {
                        if (result.hasError()) {
                            m_composer->setStatus((key == ResourcesKey ? tr("%1 did not list its resources: %2")
                                                                          : tr("%1 did not list its prompts: %2"))
                                                      .arg(server, result.error().message));
                            return;
                        }
                        for (const QJsonValue &item : result->value(key).toArray())
                            collected.append(item);
                        const QString next = result->value(QLatin1String("nextCursor")).toString();
                        if (!next.isEmpty() && page < MaxPages) {
                            fetch(server, method, key, next, collected, page + 1);
                            return;
                        }
                        (key == ResourcesKey ? m_resources : m_prompts).insert(server, collected);
                        Q_EMIT listsChanged();
                        if ((key == ResourcesKey && m_mode == Mode::Resources) || (key == PromptsKey && m_mode == Mode::Prompts))
                            offer();
                    });
}

void McpComposerAssist::offer()
{
    QList<ComposerWidget::Suggestion> suggestions;
    const QHash<QString, QJsonArray> &lists = m_mode == Mode::Resources ? m_resources : m_prompts;
    QStringList servers = lists.keys();
    servers.sort();
    for (const QString &server : std::as_const(servers)) {
        for (const QJsonValue &value : lists.value(server)) {
            const QJsonObject item = value.toObject();
            const QString name = item.value(QLatin1String("name")).toString();
            ComposerWidget::Suggestion suggestion;
            QVariantMap data{{QStringLiteral("server"), server}};
            if (m_mode == Mode::Resources) {
                const QString uri = item.value(QLatin1String("uri")).toString();
                suggestion.label = QLatin1Char('@') + server + QLatin1Char(':') + uri;
                data.insert(QStringLiteral("kind"), QStringLiteral("resource"));
                data.insert(QStringLiteral("uri"), uri);
            } else {
                suggestion.label = QLatin1Char('/') + server + QLatin1Char(':') + name;
                data.insert(QStringLiteral("kind"), QStringLiteral("prompt"));
                data.insert(QStringLiteral("prompt"), item.toVariantMap());
            }
            if (!m_query.isEmpty() && !suggestion.label.mid(1).contains(m_query, Qt::CaseInsensitive)
                && !name.contains(m_query, Qt::CaseInsensitive))
                continue;
            suggestion.detail = describe(item);
            suggestion.data = data;
            suggestions.append(suggestion);
            if (suggestions.size() == MaxSuggestions)
                break;
        }
        if (suggestions.size() == MaxSuggestions)
            break;
    }
    m_composer->showSuggestions(suggestions);
}

void McpComposerAssist::removeTyped()
{
    QTextCursor cursor = m_composer->editor()->textCursor();
    if (m_tokenStart < 0 || m_tokenStart > cursor.position())
        return;
    const QSignalBlocker blocker(m_composer->editor());
    cursor.setPosition(int(m_tokenStart), QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
    m_tokenStart = -1;
}

void McpComposerAssist::chooseResource(const QString &server, const QString &uri)
{
    if (!m_host)
        return;
    const QString label = QLatin1Char('@') + server + QLatin1Char(':') + uri;
    m_composer->setStatus(tr("Reading %1…").arg(label));
    m_host->request(server, QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}}, this,
                    [this, label](const Result<QJsonObject> &result) {
                        const Result<QList<Part>> parts = result.ok() ? Attachment::fromResource(label, result.value())
                                                                      : Result<QList<Part>>(result.error());
                        if (parts.hasError()) {
                            m_composer->setStatus(tr("Not attached: %1").arg(parts.error().toString()));
                            return;
                        }
                        m_composer->setStatus(QString());
                        m_composer->addResourceAttachment(label, parts.value());
                        Q_EMIT resourceAttached(label);
                    });
}

void McpComposerAssist::choosePrompt(const QString &server, const QJsonObject &prompt)
{
    const QString name = prompt.value(QLatin1String("name")).toString();
    const QJsonArray arguments = prompt.value(QLatin1String("arguments")).toArray();
    if (arguments.isEmpty()) {
        getPrompt(server, name, {});
        return;
    }
    // The arguments as a form of text fields (prompt arguments are strings).
    QJsonObject properties;
    QJsonArray required;
    for (const QJsonValue &value : arguments) {
        const QJsonObject argument = value.toObject();
        const QString key = argument.value(QLatin1String("name")).toString();
        QJsonObject property{{QStringLiteral("type"), QStringLiteral("string")}};
        if (argument.contains(QLatin1String("title")))
            property.insert(QStringLiteral("title"), argument.value(QLatin1String("title")));
        if (argument.contains(QLatin1String("description")))
            property.insert(QStringLiteral("description"), argument.value(QLatin1String("description")));
        properties.insert(key, property);
        if (argument.value(QLatin1String("required")).toBool())
            required.append(key);
    }
    auto *dialog = new QDialog(m_composer);
    dialog->setObjectName(QStringLiteral("mcpPromptArguments"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("/%1:%2").arg(server, name));
    auto *layout = new QVBoxLayout(dialog);
    auto *about = new QLabel(describe(prompt), dialog);
    about->setTextFormat(Qt::PlainText);
    about->setWordWrap(true);
    layout->addWidget(about);
    auto *form = new McpSchemaForm({{QStringLiteral("type"), QStringLiteral("object")},
                                    {QStringLiteral("properties"), properties},
                                    {QStringLiteral("required"), required}},
                                   dialog);
    layout->addWidget(form);
    auto *problems = new QLabel(dialog);
    problems->setObjectName(QStringLiteral("promptProblems"));
    problems->setTextFormat(Qt::PlainText);
    problems->setStyleSheet(QStringLiteral("color: #b3261e;"));
    layout->addWidget(problems);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Insert"));
    layout->addWidget(buttons);
    connect(form, &McpSchemaForm::textEdited, this, [this, form, server, name](const QString &argument, const QString &value) {
        askCompletion(form, server, name, argument, value);
    });
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, dialog, [this, dialog, form, problems, server, name] {
        const QStringList wrong = form->problems();
        if (!wrong.isEmpty()) {
            problems->setText(wrong.join(QLatin1Char('\n')));
            return;
        }
        getPrompt(server, name, form->content());
        dialog->accept();
    });
    dialog->open();
}

void McpComposerAssist::askCompletion(McpSchemaForm *form, const QString &server, const QString &prompt,
                                      const QString &argument, const QString &value)
{
    if (!m_host)
        return;
    const QJsonObject params{
        {QStringLiteral("ref"), QJsonObject{{QStringLiteral("type"), QStringLiteral("ref/prompt")}, {QStringLiteral("name"), prompt}}},
        {QStringLiteral("argument"), QJsonObject{{QStringLiteral("name"), argument}, {QStringLiteral("value"), value}}},
        {QStringLiteral("context"), QJsonObject{{QStringLiteral("arguments"), form->content()}}},
    };
    QPointer<McpSchemaForm> guard(form);
    m_host->request(server, QStringLiteral("completion/complete"), params, form,
                    [guard, argument](const Result<QJsonObject> &result) {
                        if (!guard || result.hasError())
                            return; // a server without completions: the field stays a plain one
                        QStringList values;
                        for (const QJsonValue &item : result->value(QLatin1String("completion")).toObject().value(QLatin1String("values")).toArray())
                            values << item.toString();
                        guard->setSuggestions(argument, values);
                    });
}

void McpComposerAssist::getPrompt(const QString &server, const QString &name, const QJsonObject &arguments)
{
    if (!m_host)
        return;
    m_composer->setStatus(tr("Getting /%1:%2…").arg(server, name));
    m_host->request(server, QStringLiteral("prompts/get"),
                    {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}}, this,
                    [this, server, name](const Result<QJsonObject> &result) {
                        if (result.hasError()) {
                            m_composer->setStatus(tr("/%1:%2 failed: %3").arg(server, name, result.error().toString()));
                            return;
                        }
                        // Its messages become the turn: texts in the composer, resources and
                        // images attached; what another role says is marked as such.
                        QStringList texts;
                        int attached = 0;
                        for (const QJsonValue &value : result->value(QLatin1String("messages")).toArray()) {
                            const QJsonObject message = value.toObject();
                            const QString role = message.value(QLatin1String("role")).toString();
                            const QJsonObject content = message.value(QLatin1String("content")).toObject();
                            const QString type = content.value(QLatin1String("type")).toString();
                            if (type == QLatin1String("text")) {
                                const QString text = content.value(QLatin1String("text")).toString();
                                texts << (role == QLatin1String("user") ? text : tr("[%1] %2").arg(role, text));
                                continue;
                            }
                            QJsonObject resource = content.value(QLatin1String("resource")).toObject();
                            if (type == QLatin1String("image"))
                                resource = {{QStringLiteral("blob"), content.value(QLatin1String("data"))},
                                            {QStringLiteral("mimeType"), content.value(QLatin1String("mimeType"))}};
                            const QString label = tr("/%1:%2 (%3)").arg(server, name).arg(++attached);
                            const Result<QList<Part>> parts = Attachment::fromResource(
                                resource.contains(QLatin1String("uri"))
                                    ? QString(QLatin1Char('@') + server + QLatin1Char(':') + resource.value(QLatin1String("uri")).toString())
                                    : label,
                                {{QStringLiteral("contents"), QJsonArray{resource}}});
                            if (parts.ok())
                                m_composer->addResourceAttachment(label, parts.value());
                            else
                                m_composer->setStatus(tr("Part of /%1:%2 was left out: %3").arg(server, name, parts.error().message));
                        }
                        QPlainTextEdit *editor = m_composer->editor();
                        const QString before = editor->toPlainText().trimmed();
                        editor->setPlainText(before.isEmpty() ? texts.join(QStringLiteral("\n\n"))
                                                              : before + QStringLiteral("\n\n") + texts.join(QStringLiteral("\n\n")));
                        editor->moveCursor(QTextCursor::End);
                        editor->setFocus();
                        if (m_composer->status().startsWith(tr("Getting /%1:%2…").arg(server, name)))
                            m_composer->setStatus(QString());
                        Q_EMIT promptInserted(server, name);
                    });
}

} // namespace valis
