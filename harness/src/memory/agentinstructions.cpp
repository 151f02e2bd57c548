#include "valis/memory/agentinstructions.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <algorithm>
#include <numeric>

namespace valis {

// The section's text is read by the model (English, not tr()'d); the warnings are read by a
// person (translated).

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::AgentInstructions)
};

constexpr char FileName[] = "AGENTS.md";
constexpr char MemoriesFile[] = "/memories/AGENTS.md";
// Where NUL bytes are looked for: what `file` and git use to call a file binary.
constexpr qsizetype SniffBytes = 8000;

/// One AGENTS.md found, before the budget is shared out.
struct Candidate
{
    QString label;       ///< what the prompt and the warnings call it
    QString readPath;    ///< the path read_file takes, or "" when read_file cannot reach the file
    qint64 bytes = 0;    ///< the file's whole size
    QByteArray content;  ///< at most what the budget could ever show
};

QString clean(const QString &path)
{
    return QDir::cleanPath(QDir(path).absolutePath());
}

QString joined(const QString &folder, const QString &name)
{
    if (folder.endsWith(QLatin1Char('/')))
        return folder + name;
    return folder + QLatin1Char('/') + name;
}

bool isInside(const QString &path, const QString &folder)
{
    if (folder == QLatin1String("/"))
        return path.startsWith(QLatin1Char('/'));
    return path == folder || path.startsWith(folder + QLatin1Char('/'));
}

/// The nearest folder at or above `folder` holding .git (a folder, or a file in a worktree or
/// submodule), or "" when there is none.
QString repositoryRoot(const QString &folder)
{
    QString current = folder;
    for (;;) {
        if (QFileInfo::exists(current + QStringLiteral("/.git")))
            return current;
        const QString parent = QFileInfo(current).path();
        if (parent == current || parent.isEmpty())
            return {};
        current = parent;
    }
}

/// The folders whose AGENTS.md apply, outermost first: from `root` down to `workingFolder`.
QStringList chain(const QString &root, const QString &workingFolder)
{
    if (!isInside(workingFolder, root))
        return {workingFolder};
    QStringList folders{root};
    const QString rest = workingFolder.mid(root.size());
    QString current = root;
    for (const QString &name : rest.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        current = joined(current, name);
        folders.append(current);
    }
    return folders;
}

enum class Check { Text, Empty, Binary };

/// Whether the candidate's content (maybe cut mid-character at its end) is UTF-8 text. A UTF-8
/// BOM is dropped: it is not an instruction.
Check checkText(Candidate *candidate)
{
    QByteArray *bytes = &candidate->content;
    if (bytes->startsWith("\xef\xbb\xbf")) {
        bytes->remove(0, 3);
        candidate->bytes -= 3;
    }
    if (bytes->left(SniffBytes).contains('\0'))
        return Check::Binary;
    // Stateful: a character cut at the end stays pending instead of counting as an error.
    QStringDecoder decoder(QStringConverter::Utf8);
    const QString text = decoder.decode(*bytes);
    if (decoder.hasError())
        return Check::Binary;
    return text.trimmed().isEmpty() ? Check::Empty : Check::Text;
}

/// Each file's share of `budget`: files smaller than an even share keep their size, and what
/// they leave is shared among the rest, so one long file cannot crowd out the others.
QList<qint64> shares(const QList<Candidate> &candidates, qint64 budget)
{
    QList<qint64> allowance(candidates.size(), 0);
    QList<qsizetype> order(candidates.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&candidates](qsizetype a, qsizetype b) { return candidates.at(a).bytes < candidates.at(b).bytes; });
    qint64 left = budget;
    for (qsizetype i = 0; i < order.size(); ++i) {
        const qint64 even = left / (order.size() - i);
        const qint64 given = std::min(candidates.at(order.at(i)).bytes, even);
        allowance[order.at(i)] = given;
        left -= given;
    }
    return allowance;
}

QString plural(qint64 count, const QString &word)
{
    return QString::number(count) + QLatin1Char(' ') + word + (count == 1 ? QString() : QStringLiteral("s"));
}

} // namespace

AgentInstructions loadAgentInstructions(AgentFilesystem *filesystem, const QString &workspace,
                                        const QString &workingDirectory, qint64 budgetBytes)
{
    AgentInstructions result;
    QList<Candidate> candidates;
    // More than the budget is never shown, so never read more (an AGENTS.md could be huge).
    const qint64 readLimit = budgetBytes > 0 ? budgetBytes + 3 : -1;

    if (filesystem && filesystem->backend(QStringLiteral("/memories/"))) {
        const QString path = QLatin1String(MemoriesFile);
        const Result<FileEntry> entry = filesystem->stat(path);
        if (entry.ok() && !entry->isDirectory()) {
            const Result<QByteArray> bytes = filesystem->read(path, 0, readLimit);
            if (bytes.ok()) {
                candidates.append({path, path, entry->size, *bytes});
            } else {
                result.warnings.append(Error(QStringLiteral("memory.agents-md-unreadable"),
                                             Text::tr("%1 cannot be read and is left out of the instructions: %2")
                                                 .arg(path, bytes.error().message),
                                             path));
            }
        } else if (entry.ok() || entry.error().code != QLatin1String("fs.not-found")) {
            result.warnings.append(Error(QStringLiteral("memory.agents-md-unreadable"),
                                         entry.ok() ? Text::tr("%1 is a folder, not a file; it is left out of the instructions.").arg(path)
                                                    : Text::tr("%1 cannot be read and is left out of the instructions: %2")
                                                          .arg(path, entry.error().message),
                                         path));
        }
    }

    const QString workspaceRoot = clean(workspace);
    const QString workingFolder = workingDirectory.isEmpty() ? workspaceRoot : clean(workingDirectory);
    QString root = repositoryRoot(workingFolder);
    if (root.isEmpty())
        root = workspaceRoot;
    for (const QString &folder : chain(root, workingFolder)) {
        const QString path = joined(folder, QLatin1String(FileName));
        const QFileInfo info(path);
        if (!info.exists())
            continue;
        if (info.isDir()) {
            result.warnings.append(Error(QStringLiteral("memory.agents-md-unreadable"),
                                         Text::tr("%1 is a folder, not a file; it is left out of the instructions.").arg(path), path));
            continue;
        }
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            result.warnings.append(Error(QStringLiteral("memory.agents-md-unreadable"),
                                         Text::tr("%1 cannot be read and is left out of the instructions: %2").arg(path, file.errorString()),
                                         path));
            continue;
        }
        const QByteArray bytes = readLimit < 0 ? file.readAll() : file.read(readLimit);
        if (file.error() != QFileDevice::NoError) {
            result.warnings.append(Error(QStringLiteral("memory.agents-md-unreadable"),
                                         Text::tr("%1 cannot be read and is left out of the instructions: %2").arg(path, file.errorString()),
                                         path));
            continue;
        }
        const QString readPath = isInside(path, workspaceRoot) ? QDir(workspaceRoot).relativeFilePath(path) : QString();
        candidates.append({path, readPath, info.size(), bytes});
    }

    // Leave out what cannot go into a prompt, saying so.
    for (qsizetype i = 0; i < candidates.size();) {
        Candidate &candidate = candidates[i];
        const Check check = checkText(&candidate);
        if (check == Check::Binary) {
            result.warnings.append(Error(QStringLiteral("memory.agents-md-binary"),
                                         Text::tr("%1 is not UTF-8 text (it looks binary); it is left out of the instructions.")
                                             .arg(candidate.label),
                                         candidate.label));
        }
        if (check != Check::Text) {
            candidates.removeAt(i);
            continue;
        }
        ++i;
    }
    if (candidates.isEmpty())
        return result;

    qint64 total = 0;
    for (const Candidate &candidate : std::as_const(candidates))
        total += candidate.bytes;
    const bool overBudget = budgetBytes > 0 && total > budgetBytes;
    const QList<qint64> allowance = overBudget ? shares(candidates, budgetBytes) : QList<qint64>();

    QString text = QStringLiteral(
        "# Instructions from AGENTS.md files\n\n"
        "Follow these standing instructions. /memories/AGENTS.md is your own, kept across sessions: update it when "
        "you learn something that should hold for every future session. The workspace's AGENTS.md files go from the "
        "repository root down to the working folder; when they disagree, the one closer to the working folder wins, "
        "and the user's requests in this conversation win over all of them.\n");
    QStringList cutFiles;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const Candidate &candidate = candidates.at(i);
        QByteArray shown = candidate.content;
        bool cut = false;
        if (overBudget && allowance.at(i) < candidate.bytes) {
            cut = true;
            // At a line boundary, so no instruction is shown half.
            const qsizetype end = shown.lastIndexOf('\n', allowance.at(i) - 1);
            shown.truncate(end < 0 ? 0 : end + 1);
        } else if (qint64(shown.size()) > candidate.bytes) {
            shown.truncate(candidate.bytes); // the file shrank while it was read
        }
        text += QStringLiteral("\n## ") + candidate.label + QStringLiteral("\n\n") + QString::fromUtf8(shown);
        if (!text.endsWith(QLatin1Char('\n')))
            text += QLatin1Char('\n');
        if (cut) {
            const qint64 lines = shown.count('\n');
            const QString next = QString::number(lines + 1);
            const QString hint = candidate.readPath.isEmpty()
                ? QStringLiteral("exec: `tail -n +%1 '%2'` (the file is outside the workspace, so read_file cannot reach it)").arg(next, candidate.label)
                : QStringLiteral("read_file with path \"%1\" and offset %2").arg(candidate.readPath, next);
            text += QStringLiteral(
                        "[%1 is cut here: the AGENTS.md files share a budget of %2 bytes, which leaves room for its first %3 "
                        "(%4 of %5 bytes). Read the rest with %6.]\n")
                        .arg(candidate.label, QString::number(budgetBytes), plural(lines, QStringLiteral("line")),
                             QString::number(shown.size()), QString::number(candidate.bytes), hint);
            cutFiles.append(Text::tr("%1 (%2 of %3 bytes shown)")
                                .arg(candidate.label, QString::number(shown.size()), QString::number(candidate.bytes)));
        }
        result.sources.append({candidate.label, candidate.bytes, qint64(shown.size())});
    }
    if (!cutFiles.isEmpty()) {
        result.warnings.append(Error(QStringLiteral("memory.agents-md-over-budget"),
                                     Text::tr("The AGENTS.md files hold %1 bytes, over their budget of %2 bytes, so they were cut: %3. "
                                              "The prompt says where each cut is and how to read the rest; raise "
                                              "agentsMdBudgetBytes in memory.json or shorten the files to load them whole.")
                                         .arg(QString::number(total), QString::number(budgetBytes), cutFiles.join(QStringLiteral("; ")))));
    }
    result.text = text;
    return result;
}

} // namespace valis
