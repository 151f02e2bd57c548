#include "mcpinteractiondialog.h"

#include "mcpschemaform.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QUrl>
#include <QVBoxLayout>

namespace valis {

namespace {

QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText); // from a server: never rich text
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return label;
}

QPlainTextEdit *plainBox(const QString &text, QWidget *parent)
{
    auto *box = new QPlainTextEdit(text, parent);
    box->setReadOnly(true);
    box->setTabChangesFocus(true);
    return box;
}

// One sampling message as people read it: its text, images and audio named.
QString contentText(const QJsonValue &content)
{
    if (content.isArray()) {
        QStringList parts;
        for (const QJsonValue &part : content.toArray())
            parts << contentText(part);
        return parts.join(QLatin1Char('\n'));
    }
    const QJsonObject object = content.toObject();
    const QString type = object.value(QLatin1String("type")).toString();
    if (type == QLatin1String("text"))
        return object.value(QLatin1String("text")).toString();
    if (type == QLatin1String("image"))
        return McpInteractionDialog::tr("[an image, %1]").arg(object.value(QLatin1String("mimeType")).toString());
    if (type == QLatin1String("audio"))
        return McpInteractionDialog::tr("[audio, %1]").arg(object.value(QLatin1String("mimeType")).toString());
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

McpInteractionDialog::McpInteractionDialog(const SessionEvent &event, const QString &model, QWidget *parent)
    : QDialog(parent), m_requestId(event.requestId), m_kind(event.details.value(QLatin1String("kind")).toString())
{
    setObjectName(QStringLiteral("mcpInteraction"));
    setAttribute(Qt::WA_DeleteOnClose);
    const QString source = event.details.value(QLatin1String("source")).toString();
    auto *layout = new QVBoxLayout(this);
    auto *who = plainLabel(source.isEmpty() ? tr("A tool asks:") : tr("%1 asks:").arg(source), this);
    who->setObjectName(QStringLiteral("interactionSource"));
    QFont bold = who->font();
    bold.setBold(true);
    who->setFont(bold);
    layout->addWidget(who);
    if (!event.text.isEmpty()) {
        auto *message = plainLabel(event.text, this);
        message->setObjectName(QStringLiteral("interactionMessage"));
        layout->addWidget(message);
    }
    if (m_kind == QLatin1String("url"))
        buildUrl(event);
    else if (m_kind == QLatin1String("sampling"))
        buildSampling(event, model);
    else
        buildForm(event);
}

void McpInteractionDialog::buildForm(const SessionEvent &event)
{
    setWindowTitle(tr("Information requested"));
    m_form = new McpSchemaForm(event.details.value(QLatin1String("schema")).toObject(), this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_form);
    layout()->addWidget(scroll);
    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("interactionProblems"));
    m_problems->setTextFormat(Qt::PlainText);
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_problems->hide();
    layout()->addWidget(m_problems);
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *submit = buttons->addButton(tr("&Send"), QDialogButtonBox::AcceptRole);
    submit->setObjectName(QStringLiteral("interactionAccept"));
    submit->setDefault(true);
    QPushButton *decline = buttons->addButton(tr("&Decline"), QDialogButtonBox::DestructiveRole);
    decline->setObjectName(QStringLiteral("interactionDecline"));
    buttons->addButton(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("interactionCancel"));
    layout()->addWidget(buttons);
    connect(submit, &QPushButton::clicked, this, [this] {
        const QStringList problems = m_form->problems();
        if (!problems.isEmpty()) {
            m_problems->setText(problems.join(QLatin1Char('\n')));
            m_problems->show();
            return;
        }
        answer(ToolInteractionAnswer::accepted(m_form->content()));
    });
    connect(decline, &QPushButton::clicked, this, [this] { answer(ToolInteractionAnswer::declined()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (!m_form->fieldNames().isEmpty())
        m_form->field(m_form->fieldNames().constFirst())->setFocus();
    resize(520, qMin(640, 200 + 60 * int(m_form->fieldNames().size())));
}

void McpInteractionDialog::buildUrl(const SessionEvent &event)
{
    setWindowTitle(tr("Open an address?"));
    const QUrl url(event.details.value(QLatin1String("url")).toString());
    QString host = event.details.value(QLatin1String("host")).toString();
    if (host.isEmpty())
        host = url.host();
    layout()->addWidget(plainLabel(tr("It wants your browser to open a page on"), this));
    auto *hostLabel = plainLabel(host, this);
    hostLabel->setObjectName(QStringLiteral("interactionHost"));
    QFont large = hostLabel->font();
    large.setBold(true);
    large.setPointSizeF(large.pointSizeF() * 1.6);
    hostLabel->setFont(large);
    layout()->addWidget(hostLabel);
    if (url.scheme() != QLatin1String("https"))
        layout()->addWidget(plainLabel(tr("The address is not encrypted (%1).").arg(url.scheme()), this));
    layout()->addWidget(plainLabel(tr("The whole address:"), this));
    auto *whole = plainBox(url.toString(QUrl::FullyEncoded), this);
    whole->setObjectName(QStringLiteral("interactionUrl"));
    whole->setMaximumHeight(90);
    layout()->addWidget(whole);
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *open = buttons->addButton(tr("&Open in the browser"), QDialogButtonBox::AcceptRole);
    open->setObjectName(QStringLiteral("interactionAccept"));
    QPushButton *decline = buttons->addButton(tr("&Decline"), QDialogButtonBox::DestructiveRole);
    decline->setObjectName(QStringLiteral("interactionDecline"));
    decline->setDefault(true); // Enter never opens an address by accident
    buttons->addButton(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("interactionCancel"));
    layout()->addWidget(buttons);
    connect(open, &QPushButton::clicked, this, [this] { answer(ToolInteractionAnswer::accepted()); });
    connect(decline, &QPushButton::clicked, this, [this] { answer(ToolInteractionAnswer::declined()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    decline->setFocus();
    resize(520, 320);
}

void McpInteractionDialog::buildSampling(const SessionEvent &event, const QString &model)
{
    setWindowTitle(tr("Let the model answer?"));
    const QJsonObject sampling = event.details.value(QLatin1String("sampling")).toObject();
    auto *facts = new QFormLayout;
    const QString answering = sampling.value(QLatin1String("model")).toString(model);
    auto *modelLabel = plainLabel(answering.isEmpty() ? tr("the session's model") : answering, this);
    modelLabel->setObjectName(QStringLiteral("interactionModel"));
    facts->addRow(tr("Answered by:"), modelLabel);
    const int maxTokens = sampling.value(QLatin1String("maxTokens")).toInt();
    auto *limit = plainLabel(maxTokens > 0 ? QString::number(maxTokens) : tr("not given"), this);
    limit->setObjectName(QStringLiteral("interactionMaxTokens"));
    facts->addRow(tr("At most (tokens):"), limit);
    QStringList hints;
    for (const QJsonValue &hint : sampling.value(QLatin1String("modelPreferences")).toObject().value(QLatin1String("hints")).toArray())
        hints << hint.toObject().value(QLatin1String("name")).toString();
    if (!hints.isEmpty())
        facts->addRow(tr("It would prefer:"), plainLabel(hints.join(QStringLiteral(", ")), this));
    static_cast<QVBoxLayout *>(layout())->addLayout(facts);
    const QString system = sampling.value(QLatin1String("systemPrompt")).toString();
    layout()->addWidget(plainLabel(tr("System prompt:"), this));
    auto *systemBox = plainBox(system.isEmpty() ? tr("(none)") : system, this);
    systemBox->setObjectName(QStringLiteral("interactionSystemPrompt"));
    systemBox->setMaximumHeight(90);
    layout()->addWidget(systemBox);
    QStringList lines;
    for (const QJsonValue &message : sampling.value(QLatin1String("messages")).toArray()) {
        const QJsonObject object = message.toObject();
        lines << tr("%1: %2").arg(object.value(QLatin1String("role")).toString(), contentText(object.value(QLatin1String("content"))));
    }
    layout()->addWidget(plainLabel(tr("Messages:"), this));
    auto *messages = plainBox(lines.join(QStringLiteral("\n\n")), this);
    messages->setObjectName(QStringLiteral("interactionMessages"));
    layout()->addWidget(messages);
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *allow = buttons->addButton(tr("&Allow"), QDialogButtonBox::AcceptRole);
    allow->setObjectName(QStringLiteral("interactionAccept"));
    QPushButton *deny = buttons->addButton(tr("&Deny"), QDialogButtonBox::DestructiveRole);
    deny->setObjectName(QStringLiteral("interactionDecline"));
    deny->setDefault(true);
    layout()->addWidget(buttons);
    connect(allow, &QPushButton::clicked, this, [this] { answer(ToolInteractionAnswer::accepted()); });
    connect(deny, &QPushButton::clicked, this, [this] { answer(ToolInteractionAnswer::declined()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    deny->setFocus();
    resize(600, 520);
}

void McpInteractionDialog::answer(const ToolInteractionAnswer &answer)
{
    if (m_answered)
        return;
    m_answered = true;
    Q_EMIT answered(m_requestId, answer);
    accept();
}

void McpInteractionDialog::settle()
{
    m_answered = true;
    close();
}

void McpInteractionDialog::done(int result)
{
    // Closed without a choice: the asker hears "cancel", never nothing.
    if (!m_answered) {
        m_answered = true;
        Q_EMIT answered(m_requestId, ToolInteractionAnswer::cancelled());
    }
    QDialog::done(result);
}

} // namespace valis
