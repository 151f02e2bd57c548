#include "memorytoolprovider.h"

#include "memorytext.h"
#include "retrievememorytool.h"
#include "searchmemorytool.h"
#include "storememorytool.h"
#include "valis/filesystem/agentfilesystem.h"
#include "valis/memory/detailstore.h"

#include <QQueue>

#include <algorithm>

namespace valis::tools {

// The section is read by the model, which reads English best: not tr()'d.

namespace {

// The walk of a /memories/ folder kept on disk stops after this many entries: the section is a
// reminder of what exists, not an index.
constexpr int MaxVisitedEntries = 2000;

struct FileLine
{
    QString path;
    qint64 size = 0;
};

/// The /memories/ files of the session, by path, and whether the list is complete.
QList<FileLine> memoryFiles(const ToolContext &context, bool *complete, bool *available)
{
    QList<FileLine> files;
    *complete = true;
    *available = true;
    const QString memoriesRoot = QStringLiteral("/memories/");
    if (context.filesystem && context.filesystem->backend(memoriesRoot)) {
        // Whatever backs /memories/ (the DetailStore or a local folder), ask the file view.
        QQueue<QString> folders;
        folders.enqueue(memoriesRoot);
        int visited = 0;
        while (!folders.isEmpty()) {
            const QString folder = folders.dequeue();
            const Result<QList<FileEntry>> entries = context.filesystem->list(folder);
            if (entries.hasError())
                continue;
            for (const FileEntry &entry : *entries) {
                if (++visited > MaxVisitedEntries) {
                    *complete = false;
                    folders.clear();
                    break;
                }
                if (entry.isDirectory())
                    folders.enqueue(memoriesRoot + entry.path + QLatin1Char('/'));
                else if (entry.type == FileEntry::Type::File)
                    files.append({entry.path, entry.size});
            }
        }
    } else if (context.memory) {
        const Result<QList<MemoryRecord>> records = context.memory->listFiles(memory::agentOf(context.agentId));
        if (records.ok()) {
            for (const MemoryRecord &record : *records)
                files.append({record.path, record.sizeBytes});
        }
    } else {
        *available = false;
    }
    std::sort(files.begin(), files.end(), [](const FileLine &a, const FileLine &b) { return a.path < b.path; });
    return files;
}

} // namespace

MemoryToolProvider::MemoryToolProvider() : ThreadedToolProvider(QStringLiteral("memory"))
{
    add(std::make_unique<memory::StoreMemoryTool>());
    add(std::make_unique<memory::RetrieveMemoryTool>());
    add(std::make_unique<memory::SearchMemoryTool>());
}

QString MemoryToolProvider::systemPromptSection(const ToolContext &context) const
{
    bool complete = true;
    bool available = true;
    const QList<FileLine> files = memoryFiles(context, &complete, &available);

    QString out = QStringLiteral("# Memory\n\n");
    if (context.memory) {
        out += QStringLiteral(
            "Tool results too large for the context are stored whole in your memory and shown as a placeholder: "
            "`[MemoryRef: m-3f9a2c - npm install log, 5000 lines, exit 0]` means the full output is stored under the key "
            "m-3f9a2c, followed by a summary. Nothing is lost: expand it with retrieve_memory (the key, then offset and "
            "limit to page through it by lines, or unit \"bytes\"), reading only the part you need; search stored "
            "memories by their words with search_memory.\n\n");
    } else {
        out += QStringLiteral(
            "This session has no memory store, so store_memory, retrieve_memory and search_memory are unavailable.\n\n");
    }
    if (available) {
        out += QStringLiteral(
            "Memory first: before researching anything (reading code, searching the web, running commands to find out how "
            "something works), look in /memories/ (ls, read_file)%1: you may have learned it in an earlier session. When "
            "you learn something worth keeping (a fact about this project, a decision and its reason, a user preference, "
            "a command that works), save it before you move on: write or edit a file under /memories/, organised by topic "
            "(\"/memories/project/build.md\")%2. /memories/ persists across sessions; every other path belongs to this "
            "workspace or session. /memories/AGENTS.md holds your standing instructions and is loaded at the start of "
            "every session: keep it short and current.\n")
                   .arg(context.memory ? QStringLiteral(" and call search_memory") : QString(),
                        context.memory ? QStringLiteral(", or call store_memory for a single note") : QString());
        if (files.isEmpty() && complete) {
            out += QStringLiteral("\n/memories/ is empty so far.");
        } else {
            out += QStringLiteral("\nYour /memories/ files when this session started:\n");
            for (qsizetype i = 0; i < files.size() && i < MaxListedFiles; ++i)
                out += QStringLiteral("- /memories/%1 (%2)\n").arg(files.at(i).path, tools::sizeText(files.at(i).size));
            if (files.size() > MaxListedFiles || !complete) {
                out += QStringLiteral("- ... and %1 more (ls /memories/ lists them)\n")
                           .arg(complete ? QString::number(files.size() - MaxListedFiles) : QStringLiteral("others"));
            }
            out.chop(1);
        }
    } else if (context.memory) {
        out += QStringLiteral(
            "Memory first: before researching anything, call search_memory: you may have learned it in an earlier session. "
            "Save what you learn that is worth keeping (facts, decisions, user preferences) with store_memory.");
    } else {
        out.chop(2);
    }
    return out;
}

} // namespace valis::tools
