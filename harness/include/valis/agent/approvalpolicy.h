#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QJsonValue>
#include <QMetaType>
#include <QSet>
#include <QString>

namespace valis {

/// What may happen to a tool call without asking: per tool and per tool provider (an MCP
/// server is one provider, "mcp:github").
enum class ApprovalRule { Allow, Ask, Deny };

/// Which calls run without asking when no rule names them (`valis-cli run --approve`):
/// None asks for every call, ReadOnly lets read-only tools run, All lets everything run.
enum class AutoApprove { None, ReadOnly, All };

/// How far an answer to an approval request reaches.
enum class ApprovalScope { Once, Session, Always };

VALIS_HARNESS_EXPORT QString approvalRuleName(ApprovalRule rule);
VALIS_HARNESS_EXPORT bool approvalRuleFromName(QStringView name, ApprovalRule *rule);
VALIS_HARNESS_EXPORT QString autoApproveName(AutoApprove mode);
VALIS_HARNESS_EXPORT bool autoApproveFromName(QStringView name, AutoApprove *mode);

/// A tool call waiting for a person's answer. Carries the full arguments.
struct VALIS_HARNESS_EXPORT ApprovalRequest
{
    QString id;             ///< unique within the session
    QString callId;
    QString toolName;
    QString toolProviderId;
    QJsonValue arguments;
    bool readOnly = false;
    /// What the call reaches, for tools approved per subject (ToolSpec::approvalSubject):
    /// fetch_url's host. Answers for this session or always then cover that subject only.
    QString subject = {};
};

/// The answer to an ApprovalRequest.
struct VALIS_HARNESS_EXPORT ApprovalDecision
{
    bool allow = false;
    ApprovalScope scope = ApprovalScope::Once;
    QString reason; ///< for a denial: told to the model

    static ApprovalDecision allowed(ApprovalScope scope = ApprovalScope::Once) { return {true, scope, {}}; }
    static ApprovalDecision denied(const QString &reason = {}) { return {false, ApprovalScope::Once, reason}; }
};

/// The approval rules of one session: persistent rules from the profile's approvals file
/// ({"version": 1, "tools": {"name": "allow|ask|deny"}, "providers": {"mcp:github": "ask"}}),
/// answers given "for this session", and the auto-approve mode.
///
/// Precedence for a call: a Deny rule (for the tool or its provider) always wins; then an
/// "allow for this session" answer; then the tool's rule; then its provider's; then the mode.
/// So a tool the user set to "deny" never runs, and "ask" rules still let a person say "yes for
/// the rest of this session".
class VALIS_HARNESS_EXPORT ApprovalPolicy
{
public:
    ApprovalPolicy() = default;

    /// Reads the rules file; a missing file means no rules. A malformed one is an Error (code
    /// "approvals.malformed", location "path") and nothing is loaded: no silent default.
    static Result<ApprovalPolicy> load(const QString &path);

    QString path() const { return m_path; }
    void setAutoApprove(AutoApprove mode) { m_mode = mode; }
    AutoApprove autoApprove() const { return m_mode; }

    /// What applies to a call of `toolName` offered by `providerId`. With a `subject` (fetch_url's
    /// host) the rule "toolName(subject)" and answers for that subject count too, a rule for the
    /// whole tool still applies, and a subject nobody allowed is asked about even where read-only
    /// calls run without asking (a new domain is a new decision).
    ApprovalRule ruleFor(const QString &toolName, const QString &providerId, bool readOnly,
                         const QString &subject = {}) const;
    /// The rule name of a call: "fetch_url(github.com)", or the tool's name without a subject.
    static QString ruleName(const QString &toolName, const QString &subject);

    /// Records a person's answer: Session grants for this policy object; Always also writes
    /// the rule ("allow", or "deny" for a denial with Always) to the file atomically.
    Result<void> remember(const ApprovalRequest &request, const ApprovalDecision &decision);

    void setToolRule(const QString &toolName, ApprovalRule rule) { m_toolRules.insert(toolName, rule); }
    void setProviderRule(const QString &providerId, ApprovalRule rule) { m_providerRules.insert(providerId, rule); }
    /// Writes the persistent rules to path() atomically.
    Result<void> save() const;

private:
    QString m_path;
    AutoApprove m_mode = AutoApprove::ReadOnly;
    QHash<QString, ApprovalRule> m_toolRules;
    QHash<QString, ApprovalRule> m_providerRules;
    QSet<QString> m_sessionGrants;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::ApprovalRequest)
