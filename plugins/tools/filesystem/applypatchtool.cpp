#include "applypatchtool.h"

#include "hunkapplier.h"
#include "textcontent.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "toolsupport.h"
#include "unifieddiff.h"
#include "valis/filesystem/agentfilesystem.h"

#include <map>

namespace valis::tools::files {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qint64 MaxPatchedFileBytes = 16 << 20;

/// One file the patch touches: as it is on disk, and as the patch leaves it (in memory).
struct FileState
{
    QString agentPath;
    bool existedBefore = false;
    TextDocument before;
    bool existsAfter = false;
    TextDocument after;
    QString change; ///< The summary line: "M src/a.cpp: 2 hunks, +3 -1"
};

class PatchPlan
{
public:
    explicit PatchPlan(const AgentFilesystem &fs) : m_fs(fs) {}

    /// The state of `path` (loaded on first use), or nullptr with a failure recorded.
    FileState *state(const QString &path)
    {
        const Result<AgentFilesystem::Location> location = m_fs.resolve(path);
        if (location.hasError()) {
            failures.append(location.error().message);
            return nullptr;
        }
        const QString key = location->agentPath;
        auto found = m_states.find(key);
        if (found != m_states.end())
            return &found->second;
        FileState file;
        file.agentPath = key;
        const Result<TextDocument> document = readTextDocument(m_fs, key, MaxPatchedFileBytes);
        if (document.ok()) {
            file.existedBefore = file.existsAfter = true;
            file.before = file.after = *document;
        } else if (document.error().code != QLatin1String("fs.not-found")) {
            failures.append(document.error().message);
            return nullptr;
        }
        m_order.append(key);
        return &m_states.emplace(key, file).first->second;
    }

    QList<FileState *> touched()
    {
        QList<FileState *> files;
        for (const QString &key : std::as_const(m_order))
            files.append(&m_states.at(key));
        return files;
    }

    QStringList failures;
    QStringList notes;

private:
    const AgentFilesystem &m_fs;
    std::map<QString, FileState> m_states;
    QStringList m_order;
};

QString hunkSummary(const QList<DiffHunk> &hunks, const HunkResult &result)
{
    return QStringLiteral("%1, +%2 -%3").arg(plural(hunks.size(), QStringLiteral("hunk")), QString::number(result.added),
                                             QString::number(result.removed));
}

void planFile(PatchPlan &plan, const FileDiff &diff)
{
    if (diff.isNew()) {
        FileState *target = plan.state(diff.newPath);
        if (!target)
            return;
        if (target->existsAfter) {
            plan.failures.append(QStringLiteral("%1 already exists, but the patch creates it (--- /dev/null). To change it, write a "
                                                "diff against its current content.")
                                     .arg(quoted(target->agentPath)));
            return;
        }
        const HunkResult result = applyHunks(TextLines::split(QString()), diff.hunks, quoted(target->agentPath));
        target->existsAfter = true;
        target->after = target->existedBefore ? target->before.withText(result.text.joined()) : TextDocument{result.text.joined()};
        target->change = QStringLiteral("A %1: %2").arg(target->agentPath, plural(result.text.lines.size(), QStringLiteral("line")));
        return;
    }

    FileState *source = plan.state(diff.oldPath);
    if (!source)
        return;
    if (!source->existsAfter) {
        plan.failures.append(QStringLiteral("%1 does not exist%2, so the patch cannot change it.")
                                 .arg(quoted(source->agentPath), source->existedBefore ? QStringLiteral(" any more (an earlier part of the patch removes it)")
                                                                                      : QString()));
        return;
    }
    const TextLines current = TextLines::split(source->after.text);
    const HunkResult result = applyHunks(current, diff.hunks, quoted(source->agentPath));
    if (!result.failures.isEmpty()) {
        plan.failures.append(result.failures);
        return;
    }
    plan.notes.append(result.notes);

    if (diff.isDeletion()) {
        if (!diff.hunks.isEmpty() && !result.text.lines.isEmpty()) {
            plan.failures.append(QStringLiteral("The patch deletes %1 (+++ /dev/null), but its hunks leave %2 of it; a deletion must "
                                                "remove the whole content.")
                                     .arg(quoted(source->agentPath), plural(result.text.lines.size(), QStringLiteral("line"))));
            return;
        }
        source->existsAfter = false;
        source->change = QStringLiteral("D %1").arg(source->agentPath);
        return;
    }
    if (diff.isRename()) {
        FileState *target = plan.state(diff.newPath);
        if (!target)
            return;
        if (target->existsAfter) {
            plan.failures.append(QStringLiteral("The patch renames %1 to %2, which already exists.")
                                     .arg(quoted(source->agentPath), quoted(target->agentPath)));
            return;
        }
        target->existsAfter = true;
        target->after = source->after.withText(result.text.joined());
        source->existsAfter = false;
        source->change = QStringLiteral("R %1 -> %2%3")
                             .arg(source->agentPath, target->agentPath,
                                  diff.hunks.isEmpty() ? QString() : QStringLiteral(": ") + hunkSummary(diff.hunks, result));
        return;
    }
    source->after = source->after.withText(result.text.joined());
    source->change = QStringLiteral("M %1: %2").arg(source->agentPath, hunkSummary(diff.hunks, result));
}

/// Writes the plan; on a failure puts back what was already written and says what happened.
std::optional<QString> commit(const AgentFilesystem &fs, const QList<FileState *> &files)
{
    struct Done
    {
        const FileState *file;
        bool wrote;
    };
    QList<Done> done;
    QString failure;
    // Writes first, removals last: a failed write then has removed nothing.
    for (const FileState *file : files) {
        if (!file->existsAfter || (file->existedBefore && file->after.encoded() == file->before.encoded()))
            continue;
        const Result<void> written = fs.write(file->agentPath, file->after.encoded());
        if (written.hasError()) {
            failure = written.error().message;
            break;
        }
        done.append({file, true});
    }
    if (failure.isEmpty()) {
        for (const FileState *file : files) {
            if (file->existsAfter || !file->existedBefore)
                continue;
            const Result<void> removed = fs.remove(file->agentPath);
            if (removed.hasError()) {
                failure = removed.error().message;
                break;
            }
            done.append({file, false});
        }
    }
    if (failure.isEmpty())
        return std::nullopt;

    QStringList restored;
    QStringList lost;
    for (qsizetype i = done.size() - 1; i >= 0; --i) {
        const FileState *file = done.at(i).file;
        const Result<void> undo = file->existedBefore ? fs.write(file->agentPath, file->before.encoded()) : fs.remove(file->agentPath);
        (undo.ok() ? restored : lost).append(file->agentPath);
    }
    QString message = QStringLiteral("The patch could not be written: %1").arg(failure);
    if (!restored.isEmpty())
        message += QStringLiteral("\nThe files already written were put back as they were: %1.").arg(restored.join(QStringLiteral(", ")));
    if (!lost.isEmpty())
        message += QStringLiteral("\nThese could NOT be put back and hold the patched content: %1.").arg(lost.join(QStringLiteral(", ")));
    return message;
}

} // namespace

ToolSpec ApplyPatchTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Apply a unified diff (as `diff -u` or `git diff` print it) to one or more files. Each file starts with "
        "\"--- a/path\" and \"+++ b/path\" lines; each hunk with \"@@ -old_start,old_count +new_start,new_count @@\", "
        "then lines starting with ' ' (context, unchanged), '-' (removed) or '+' (added). Give about 3 lines of "
        "context around each change. A new file uses \"--- /dev/null\", a deleted file \"+++ /dev/null\"; git's "
        "rename headers work too. Hunks may sit a few lines away from their header's line numbers; they are "
        "found by their context. All or nothing: if any hunk does not apply, no file is changed and you are "
        "shown the hunk, the lines it expected and the closest lines in the file.");
    spec.inputSchema = ToolSchema()
                           .string(QStringLiteral("patch"), QStringLiteral("The unified diff. Paths are relative to the workspace."))
                           .required({QStringLiteral("patch")})
                           .build();
    return spec;
}

ToolOutcome ApplyPatchTool::runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const
{
    const QString patch = arguments.requiredString(QStringLiteral("patch"));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());

    const Result<QList<FileDiff>> diffs = parseUnifiedDiff(patch);
    if (diffs.hasError())
        return ToolOutcome::error(QStringLiteral("The patch cannot be read, so nothing was changed: %1").arg(diffs.error().message));

    PatchPlan plan(fs);
    for (const FileDiff &diff : *diffs) {
        if (call.isCancelled())
            return ToolOutcome::error(QStringLiteral("apply_patch was cancelled before writing anything."));
        planFile(plan, diff);
    }
    if (!plan.failures.isEmpty()) {
        return ToolOutcome::error(QStringLiteral("The patch was not applied; no file was changed.\n\n%1")
                                      .arg(plan.failures.join(QStringLiteral("\n\n"))));
    }

    const QList<FileState *> files = plan.touched();
    if (const std::optional<QString> failure = commit(fs, files))
        return ToolOutcome::error(*failure);

    QStringList lines;
    for (const FileState *file : files) {
        if (!file->change.isEmpty())
            lines.append(QStringLiteral("  ") + file->change);
    }
    QString answer = QStringLiteral("Applied the patch to %1:\n%2").arg(plural(lines.size(), QStringLiteral("file")), lines.join(QLatin1Char('\n')));
    if (!plan.notes.isEmpty())
        answer += QLatin1Char('\n') + plan.notes.join(QLatin1Char('\n'));
    return ToolOutcome::text(answer);
}

} // namespace valis::tools::files
