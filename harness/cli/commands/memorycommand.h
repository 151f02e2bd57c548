#pragma once

// Shared by the `valis-cli memory` subcommands (memorycommand.cpp, memorytransfer.cpp).
#include "clicontext.h"

#include "valis/memory/detailstore.h"

#include <memory>

namespace valis::cli {

/// One run of `valis-cli memory <subcommand>`: the store is opened on first use, after the
/// subcommand's options were read (so --help and usage errors never touch a database).
class MemoryRun
{
public:
    MemoryRun(CliContext &context, QString storeOverride, QString subcommand);

    CliContext &cli() { return m_context; }
    /// "memory list": how messages name the command.
    QString command() const { return m_command; }
    /// The DetailStore, or nullptr after printing why it could not be opened.
    DetailStore *store();
    /// The same store, shared (for a job that outlives a call); null when it cannot be opened.
    std::shared_ptr<DetailStore> sharedStore()
    {
        store();
        return m_store;
    }
    /// The agent /memories/ paths belong to when --agent is not given: config/tools.json's.
    Result<QString> defaultAgent() const;

    int fail(const Error &error) { return m_context.fail(m_command, error); }
    int usageError(const QString &message) { return m_context.usageError(m_command, message); }

private:
    CliContext &m_context;
    QString m_storeOverride;
    QString m_command;
    std::shared_ptr<DetailStore> m_store;
    bool m_failed = false;
};

int runMemoryExport(MemoryRun &run, const QStringList &arguments);
int runMemoryImport(MemoryRun &run, const QStringList &arguments);
int runMemoryProcess(MemoryRun &run, const QStringList &arguments);
int runMemoryRecommendations(MemoryRun &run, const QStringList &arguments);
int runMemoryEmbed(MemoryRun &run, const QStringList &arguments);

/// Writes `bytes` to standard output as they are (no text conversion), after what `out` holds.
void writeRaw(QTextStream &out, const QByteArray &bytes);

} // namespace valis::cli
