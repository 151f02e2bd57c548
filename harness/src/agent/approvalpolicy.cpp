#include "valis/agent/approvalpolicy.h"

#include "core/jsonfile.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ApprovalPolicy)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("approvals.malformed");

Result<QHash<QString, ApprovalRule>> readRules(const QJsonObject &root, const char *key, const QString &path)
{
    QHash<QString, ApprovalRule> rules;
    const QJsonValue value = root.value(QLatin1String(key));
    if (value.isUndefined())
        return rules;
    if (!value.isObject())
        return Error(MalformedCode, Text::tr("\"%1\" must be an object of names to allow, ask or deny").arg(QLatin1String(key)), path);
    const QJsonObject object = value.toObject();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        ApprovalRule rule;
        if (!approvalRuleFromName(it.value().toString(), &rule))
            return Error(MalformedCode,
                         Text::tr("the rule for \"%1\" is \"%2\"; it must be allow, ask or deny")
                             .arg(it.key(), it.value().toVariant().toString()),
                         path);
        rules.insert(it.key(), rule);
    }
    return rules;
}

QJsonObject rulesJson(const QHash<QString, ApprovalRule> &rules)
{
    QJsonObject json;
    for (auto it = rules.constBegin(); it != rules.constEnd(); ++it)
        json.insert(it.key(), approvalRuleName(it.value()));
    return json;
}
} // namespace

QString approvalRuleName(ApprovalRule rule)
{
    switch (rule) {
    case ApprovalRule::Allow: return QStringLiteral("allow");
    case ApprovalRule::Ask: return QStringLiteral("ask");
    case ApprovalRule::Deny: return QStringLiteral("deny");
    }
    return {};
}

bool approvalRuleFromName(QStringView name, ApprovalRule *rule)
{
    for (ApprovalRule candidate : {ApprovalRule::Allow, ApprovalRule::Ask, ApprovalRule::Deny}) {
        if (name == approvalRuleName(candidate)) {
            *rule = candidate;
            return true;
        }
    }
    return false;
}

QString autoApproveName(AutoApprove mode)
{
    switch (mode) {
    case AutoApprove::None: return QStringLiteral("never");
    case AutoApprove::ReadOnly: return QStringLiteral("read-only");
    case AutoApprove::All: return QStringLiteral("all");
    }
    return {};
}

bool autoApproveFromName(QStringView name, AutoApprove *mode)
{
    for (AutoApprove candidate : {AutoApprove::None, AutoApprove::ReadOnly, AutoApprove::All}) {
        if (name == autoApproveName(candidate)) {
            *mode = candidate;
            return true;
        }
    }
    return false;
}

Result<ApprovalPolicy> ApprovalPolicy::load(const QString &path)
{
    ApprovalPolicy policy;
    policy.m_path = path;
    const Result<std::optional<QJsonObject>> file = readJsonObjectFile(path, MalformedCode, FormatVersion);
    if (file.hasError())
        return file.error();
    if (!file.value())
        return policy;
    const QJsonObject root = **file;
    Result<QHash<QString, ApprovalRule>> tools = readRules(root, "tools", path);
    if (tools.hasError())
        return tools.error();
    Result<QHash<QString, ApprovalRule>> providers = readRules(root, "providers", path);
    if (providers.hasError())
        return providers.error();
    policy.m_toolRules = tools.value();
    policy.m_providerRules = providers.value();
    return policy;
}

QString ApprovalPolicy::ruleName(const QString &toolName, const QString &subject)
{
    return subject.isEmpty() ? toolName : toolName + QLatin1Char('(') + subject + QLatin1Char(')');
}

ApprovalRule ApprovalPolicy::ruleFor(const QString &toolName, const QString &providerId, bool readOnly,
                                     const QString &subject) const
{
    const auto tool = m_toolRules.constFind(toolName);
    if (tool != m_toolRules.constEnd() && *tool == ApprovalRule::Deny)
        return ApprovalRule::Deny;
    const auto provider = m_providerRules.constFind(providerId);
    if (provider != m_providerRules.constEnd() && *provider == ApprovalRule::Deny)
        return ApprovalRule::Deny;
    const auto subjectRule = subject.isEmpty() ? m_toolRules.constEnd() : m_toolRules.constFind(ruleName(toolName, subject));
    if (subjectRule != m_toolRules.constEnd() && *subjectRule == ApprovalRule::Deny)
        return ApprovalRule::Deny;
    if (m_sessionGrants.contains(toolName) || (!subject.isEmpty() && m_sessionGrants.contains(ruleName(toolName, subject))))
        return ApprovalRule::Allow;
    if (subjectRule != m_toolRules.constEnd())
        return *subjectRule;
    if (tool != m_toolRules.constEnd())
        return *tool;
    if (provider != m_providerRules.constEnd())
        return *provider;
    switch (m_mode) {
    case AutoApprove::All:
        return ApprovalRule::Allow;
    case AutoApprove::ReadOnly:
        return readOnly && subject.isEmpty() ? ApprovalRule::Allow : ApprovalRule::Ask;
    case AutoApprove::None:
        return ApprovalRule::Ask;
    }
    return ApprovalRule::Ask;
}

Result<void> ApprovalPolicy::remember(const ApprovalRequest &request, const ApprovalDecision &decision)
{
    const QString name = ruleName(request.toolName, request.subject);
    switch (decision.scope) {
    case ApprovalScope::Once:
        return success();
    case ApprovalScope::Session:
        if (decision.allow)
            m_sessionGrants.insert(name);
        return success();
    case ApprovalScope::Always: {
        const ApprovalRule rule = decision.allow ? ApprovalRule::Allow : ApprovalRule::Deny;
        const auto previous = m_toolRules.constFind(name);
        const std::optional<ApprovalRule> before = previous == m_toolRules.constEnd() ? std::nullopt
                                                                                     : std::optional(*previous);
        m_toolRules.insert(name, rule);
        const Result<void> saved = save();
        if (saved.hasError()) {
            // Keep memory and file in step: what was not written does not apply either.
            if (before)
                m_toolRules.insert(name, *before);
            else
                m_toolRules.remove(name);
            if (decision.allow)
                m_sessionGrants.insert(name);
        }
        return saved;
    }
    }
    return success();
}

Result<void> ApprovalPolicy::save() const
{
    if (m_path.isEmpty())
        return Error(QStringLiteral("approvals.unwritable"), Text::tr("these approval rules have no file to be kept in"));
    QJsonObject root{{QStringLiteral("version"), FormatVersion},
                     {QStringLiteral("tools"), rulesJson(m_toolRules)},
                     {QStringLiteral("providers"), rulesJson(m_providerRules)}};
    return writeJsonObjectFile(m_path, root, QStringLiteral("approvals.unwritable"));
}

} // namespace valis
