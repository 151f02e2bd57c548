#include "import/claudecodeimporter.h"

#include "import/claudecodefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ClaudeCodeImporter)
};

// How many complete lines of the head recognises() looks at.
constexpr int kRecogniseLines = 20;

/// True when a line object is one only Claude Code writes: a conversation or progress line with
/// its uuid and sessionId, or a summary line with its leafUuid.
bool isClaudeCodeLine(const QJsonObject &line)
{
    const QString type = line.value(QLatin1String("type")).toString();
    if (type == QLatin1String("summary"))
        return line.value(QLatin1String("leafUuid")).isString();
    static const QLatin1String conversationTypes[] = {
        QLatin1String("user"), QLatin1String("assistant"), QLatin1String("system"), QLatin1String("progress"),
    };
    const bool conversation = std::any_of(std::begin(conversationTypes), std::end(conversationTypes),
                                          [&type](QLatin1String known) { return type == known; });
    return conversation && line.value(QLatin1String("uuid")).isString()
        && line.value(QLatin1String("sessionId")).isString();
}

/// "left out 1332 progress lines", one note per kind, prefixed with the file for subagents.
void addLeftOutNotes(const claudecode::SessionFile &file, const QString &prefix, QStringList *notes)
{
    for (auto it = file.leftOut.cbegin(); it != file.leftOut.cend(); ++it) {
        const QString note = it.value() == 1 ? Text::tr("left out 1 %1 line").arg(it.key())
                                             : Text::tr("left out %1 %2 lines").arg(it.value()).arg(it.key());
        notes->append(prefix + note);
    }
}

QString messageWithToolCall(const ImportedSession &session, const QString &callId)
{
    for (const Message &message : session.messages) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall && part.callId == callId)
                return message.id;
        }
    }
    return {};
}

/// The subagent transcripts Claude Code keeps beside a session: <uuid>/subagents/agent-*.jsonl.
QStringList subagentFiles(const QString &sessionPath)
{
    const QFileInfo info(sessionPath);
    const QDir dir(info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral("/subagents")));
    if (!dir.exists())
        return {};
    QStringList files;
    const QStringList names = dir.entryList({QStringLiteral("agent-*.jsonl")}, QDir::Files, QDir::Name);
    for (const QString &name : names)
        files << dir.filePath(name);
    return files;
}

/// Links a subagent session to the session, message and Task tool call it came from.
void linkToParent(claudecode::SessionFile *child, const claudecode::SessionFile &parent, QStringList *notes)
{
    SessionInfo &info = child->session.info;
    info.parentSessionId = parent.session.info.id;
    const QString fileName = QFileInfo(child->path).fileName();
    const QString callId = parent.taskByAgentId.value(child->agentId);
    if (!callId.isEmpty()) {
        info.parentToolCallId = callId;
        info.parentMessageId = messageWithToolCall(parent.session, callId);
        return;
    }
    if (info.metadata.value(QLatin1String("compactionHelper")).toBool()) {
        // The compaction helper continues the parent's conversation from where it was compacted.
        const QString first = child->session.messages.isEmpty()
            ? QString()
            : child->session.messages.first().metadata.value(QLatin1String("externalParentUuid")).toString();
        info.parentMessageId = parent.messageIdFor(first);
        return;
    }
    notes->append(Text::tr("%1: no Task tool call in the parent session names agent %2").arg(fileName, child->agentId));
}

} // namespace

QString ClaudeCodeImporter::format() const
{
    return QStringLiteral("claude-code");
}

QString ClaudeCodeImporter::displayName() const
{
    return Text::tr("Claude Code session");
}

bool ClaudeCodeImporter::recognises(const QString &path, QByteArrayView head) const
{
    if (!path.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive))
        return false;
    qsizetype start = 0;
    for (int count = 0; count < kRecogniseLines && start < head.size(); ++count) {
        qsizetype end = head.indexOf('\n', start);
        if (end < 0)
            end = head.size(); // the last line may be cut off; it then fails to parse below
        const QByteArray line = head.sliced(start, end - start).toByteArray().trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(line);
        if (!document.isObject())
            return false;
        if (isClaudeCodeLine(document.object()))
            return true;
    }
    return false;
}

Result<ImportedTranscript> ClaudeCodeImporter::read(const QString &path) const
{
    Result<claudecode::SessionFile> main = claudecode::readSessionFile(path);
    if (!main.ok())
        return main.error();

    ImportedTranscript transcript;
    transcript.format = format();
    transcript.sourcePath = QFileInfo(path).absoluteFilePath();
    addLeftOutNotes(main.value(), QString(), &transcript.notes);

    QList<claudecode::SessionFile> children;
    QSet<QString> agentsWithFiles;
    const QStringList files = subagentFiles(path);
    for (const QString &file : files) {
        Result<claudecode::SessionFile> child = claudecode::readSessionFile(file);
        if (!child.ok())
            return child.error(); // its location names the subagent file and line
        const QString prefix = QStringLiteral("subagents/") + QFileInfo(file).fileName() + QStringLiteral(": ");
        addLeftOutNotes(child.value(), prefix, &transcript.notes);
        linkToParent(&child.value(), main.value(), &transcript.notes);
        agentsWithFiles.insert(child->agentId);
        children.append(std::move(child.value()));
    }
    // Claude Code may not have kept an agent's own transcript; its progress lines were all there was.
    QStringList agents = main->taskByAgentId.keys();
    agents.sort();
    for (const QString &agent : std::as_const(agents)) {
        if (!agentsWithFiles.contains(agent)) {
            transcript.notes.append(Text::tr("agent %1 (Task call %2) has no subagent transcript file; only its "
                                             "progress lines mention it")
                                        .arg(agent, main->taskByAgentId.value(agent)));
        }
    }

    transcript.sessions.append(std::move(main->session));
    for (claudecode::SessionFile &child : children)
        transcript.sessions.append(std::move(child.session));
    return transcript;
}

} // namespace valis
