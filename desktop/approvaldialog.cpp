#include "approvaldialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace valis {

namespace {
QString prettyArguments(const QJsonValue &arguments)
{
    if (arguments.isObject())
        return QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Indented));
    if (arguments.isArray())
        return QString::fromUtf8(QJsonDocument(arguments.toArray()).toJson(QJsonDocument::Indented));
    return arguments.toVariant().toString();
}
} // namespace

ApprovalDialog::ApprovalDialog(const ApprovalRequest &request, QWidget *parent) : QDialog(parent), m_request(request)
{
    setWindowTitle(tr("Allow %1?").arg(request.toolName));
    setObjectName(QStringLiteral("approvalDialog"));
    auto *what = new QLabel(tr("The agent wants to run <b>%1</b> (from %2) with these arguments:")
                                .arg(request.toolName.toHtmlEscaped(), request.toolProviderId.toHtmlEscaped()),
                            this);
    auto *arguments = new QPlainTextEdit(prettyArguments(request.arguments), this);
    arguments->setObjectName(QStringLiteral("approvalArguments"));
    arguments->setReadOnly(true);
    arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("approvalReason"));
    m_reason->setPlaceholderText(tr("Reason for a denial (told to the agent)"));

    auto *buttons = new QDialogButtonBox(this);
    QPushButton *once = buttons->addButton(tr("Allow once"), QDialogButtonBox::AcceptRole);
    QPushButton *session = buttons->addButton(tr("Allow for this session"), QDialogButtonBox::AcceptRole);
    QPushButton *always = buttons->addButton(tr("Always allow"), QDialogButtonBox::AcceptRole);
    QPushButton *deny = buttons->addButton(tr("Deny"), QDialogButtonBox::RejectRole);
    once->setObjectName(QStringLiteral("approveOnce"));
    session->setObjectName(QStringLiteral("approveSession"));
    always->setObjectName(QStringLiteral("approveAlways"));
    deny->setObjectName(QStringLiteral("approveDeny"));
    once->setDefault(true);
    connect(once, &QPushButton::clicked, this, [this] { answer(true, ApprovalScope::Once); });
    connect(session, &QPushButton::clicked, this, [this] { answer(true, ApprovalScope::Session); });
    connect(always, &QPushButton::clicked, this, [this] { answer(true, ApprovalScope::Always); });
    connect(deny, &QPushButton::clicked, this, [this] { answer(false, ApprovalScope::Once); });
    // Closing the window is a denial, never a silent "maybe later".
    connect(this, &QDialog::rejected, this, [this] { answer(false, ApprovalScope::Once); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(what);
    layout->addWidget(arguments, 1);
    layout->addWidget(m_reason);
    layout->addWidget(buttons);
    resize(560, 360);
}

void ApprovalDialog::answer(bool allow, ApprovalScope scope)
{
    if (m_answered)
        return;
    m_answered = true;
    ApprovalDecision decision = allow ? ApprovalDecision::allowed(scope) : ApprovalDecision::denied(m_reason->text());
    Q_EMIT answered(m_request.id, decision);
    accept();
}

} // namespace valis
