#pragma once

#include "valis/harness_export.h"
#include "valis/mcp/valismemoryserver.h"

#include <memory>
#include <optional>

namespace valis {

class PromptStore;

/// The prompt store as MCP prompts (valis-cli mcp serve): each stored prompt by its key, its
/// variables (includes followed) as required arguments; prompts/get renders the newest version
/// with the arguments as one user message. changedSinceLastAsked() compares
/// PromptStore::revision(), so another process's `valis-cli prompts set` is seen at the next poll.
class VALIS_HARNESS_EXPORT PromptStoreMcpSource : public McpPromptSource
{
public:
    explicit PromptStoreMcpSource(std::shared_ptr<PromptStore> store);
    ~PromptStoreMcpSource() override;

    QJsonArray prompts() const override;
    Result<QJsonObject> getPrompt(const QString &name, const QJsonObject &arguments) const override;
    bool changedSinceLastAsked() override;

private:
    std::shared_ptr<PromptStore> m_store;
    std::optional<qint64> m_revision;
};

} // namespace valis
