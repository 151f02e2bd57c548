#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/sandbox.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <functional>

class QObject;

namespace valis {

class AgentFilesystem;
class BackgroundAgents;
class DetailStore;
class ModelSampler;
class PromptStore;
class Sandbox;
class SubagentRunner;
class ToolCaller;
class ToolInvocation;

/// What the model sees of a tool, plus what the orchestrator needs to schedule it.
struct VALIS_HARNESS_EXPORT ToolSpec
{
    QString name;             ///< Unique among the tools offered to one session.
    QString description;      ///< For the model.
    QJsonObject inputSchema;  ///< JSON Schema of the arguments object.
    /// True only when no call of this tool can change anything (files, processes, remote
    /// state). The orchestrator runs read-only calls in parallel and may skip approval for
    /// them; say false when in doubt.
    bool readOnly = false;
    /// Results of this tool stay in the context verbatim: no compaction strategy offloads or
    /// evicts them (the plan, skill texts, memory tool results).
    bool keepResultsInContext = false;
    /// False: results of this tool are never captured into memory as MemoryRefs (they may still
    /// be evicted later): a tool that brings back what the model asked for, page by page
    /// (search_history), would otherwise hand it a pointer to what it just asked to read.
    bool captureResults = true;
    /// The latest successful result of this tool is re-injected at the end of every request
    /// (the current plan), so the model sees it however long ago it was written.
    bool pinLatestResult = false;
    /// For people (tool cards): "Echo" for mcp__everything__echo; empty: the name.
    QString title = {};
    /// Its definition may be held back from requests when the session's deferrable tools would
    /// take more than their share of the context window (MCP tools): the model then finds it with
    /// search_tools and calls it through call_tool, and the cached prefix never changes.
    bool deferrable = false;
    /// Offered only while some tools are deferred (search_tools and call_tool themselves).
    bool offeredWhenDeferring = false;
    /// The arguments are {"name": <another tool>, "arguments": {...}}: the orchestrator runs that
    /// tool instead, with its approval rules, provider and read-only flag (call_tool).
    bool routesCalls = false;
    /// For a tool whose approval depends on what it reaches (fetch_url: the URL's host): the
    /// subject of a call with `arguments` ("github.com"), empty when there is none. Rules and
    /// "for this session" answers then apply per subject as well as per tool: a rule
    /// "fetch_url(github.com)" allows that host, and a call to a subject nobody allowed is asked
    /// about even when read-only calls run without asking. Empty function: per tool only.
    std::function<QString(const QJsonValue &arguments)> approvalSubject = {};
    /// Its calls call other tools through ToolContext::toolCaller (run_script): it is left out
    /// of ToolCaller::tools(), and a nested call of it is refused, so scripts never nest.
    bool callsTools = false;
};

/// Where a tool call runs. Passed per call: a ToolProvider keeps no per-session state.
struct VALIS_HARNESS_EXPORT ToolContext
{
    QString sessionId;
    QString callId;            ///< The model's call id; the result must carry it.
    QString agentId;           ///< Whose /memories/ and skills these are ("default").
    QString workingDirectory;  ///< The workspace root the agent works in (absolute).
    /// Where file tools read and write: every path goes through it, so confinement holds.
    /// nullptr means the tool must not touch files.
    AgentFilesystem *filesystem = nullptr;
    /// Where the tool must run commands; nullptr means it must not run any.
    Sandbox *sandbox = nullptr;
    /// Whether commands of this session may reach the network.
    NetworkAccess network = NetworkAccess::Denied;
    /// Runs child agents (the `task` tool); nullptr where subagents are not allowed (inside a
    /// subagent at the depth limit, or in `valis-cli tool`).
    SubagentRunner *subagents = nullptr;
    /// Whether the model can see images (view_image answers with text otherwise).
    bool modelAcceptsImages = false;
    /// The agent's DetailStore (memory tools); nullptr where there is none.
    DetailStore *memory = nullptr;
    /// Above 0, the harness stores results over the capture threshold whole in the DetailStore
    /// and shows the model a MemoryRef instead, so a tool may return up to this many bytes
    /// whole rather than cutting its output to fit the context (exec).
    qint64 wholeResultMaxBytes = 0;
    /// The SessionStore file holding this session's whole record (search_history opens it on
    /// its own thread); empty where there is none.
    QString sessionStorePath;
    /// Answers model requests a tool makes for the session (MCP sampling) with the session's own
    /// provider and model; nullptr where there is none (valis-cli tool).
    ModelSampler *sampler = nullptr;
    /// The tools this session holds back from requests (ToolSpec::deferrable), which search_tools
    /// searches and call_tool reaches; empty when nothing is deferred.
    QList<ToolSpec> deferredTools = {};
    /// Calls the session's other tools on this call's behalf (run_script): each through the
    /// session's approvals, retries, sandbox and result capture, recorded as a child of this
    /// call. nullptr where nested calls are not offered.
    ToolCaller *toolCaller = nullptr;
    /// The session's background agents (spawn_agent, agent_status, wait_agents, cancel_agent);
    /// nullptr where they are not allowed (inside a background agent, in `valis-cli tool`).
    BackgroundAgents *backgroundAgents = nullptr;
    /// Stored prompts by key (llm_call's prompt_key); nullptr where there is no prompt store.
    PromptStore *prompts = nullptr;
};

/// A set of tools (session-scoped): their specs, and calls to them.
///
/// Owned by its ToolPlugin; valid between the plugin's initialize() and shutdown(). A provider
/// whose tools change at run time (an MCP server) is still one ToolProvider; the host asks
/// tools() again before each request.
class VALIS_HARNESS_EXPORT ToolProvider
{
public:
    virtual ~ToolProvider();

    /// A stable id ("filesystem", "mcp:github"), unique across plugins.
    virtual QString id() const = 0;
    virtual QList<ToolSpec> tools() const = 0;
    /// Starts a call of `toolName` (one of tools()) with the model's `arguments` and returns the
    /// invocation (parented to `parent`) that reports its result. Never null: unknown tools and
    /// invalid arguments finish with an error result.
    virtual ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments,
                                   const ToolContext &context, QObject *parent) = 0;
    /// Text this provider adds to the system prompt of a session with context `context` (the
    /// skills plugin lists skill names and descriptions). Asked once when the session opens,
    /// so the cached prompt prefix stays stable; empty by default.
    virtual QString systemPromptSection(const ToolContext &context) const;
};

} // namespace valis
