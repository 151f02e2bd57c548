#include "valis/mcp/mcpclientconfig.h"

#include "mcpclientconfigedit.h"
#include "../tomlsubset.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

namespace valis {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("valis::McpClientConfig", text);
}

const QString ServersKey = QStringLiteral("mcpServers");
const QString CodexServersKey = QStringLiteral("mcp_servers");

/// The members Valis sets in a JSON entry, in the order people expect to read them.
QStringList entryKeyOrder()
{
    return {QStringLiteral("type"), QStringLiteral("command"), QStringLiteral("args")};
}

QJsonObject jsonEntry(McpClientKind kind, const McpServerLaunch &launch)
{
    QJsonObject entry{{QStringLiteral("command"), launch.program},
                      {QStringLiteral("args"), QJsonArray::fromStringList(launch.arguments)}};
    // What `claude mcp add` itself writes for a stdio server.
    if (kind == McpClientKind::ClaudeCode)
        entry.insert(QStringLiteral("type"), QStringLiteral("stdio"));
    return entry;
}

/// `word` as the person's shell on this platform reads it back as one argument.
QString shellWord(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./\\\\-]+$"));
    if (plain.match(word).hasMatch())
        return word;
#if defined(Q_OS_WIN)
    return QLatin1Char('"') + word + QLatin1Char('"');
#else
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
#endif
}

Result<QByteArray> readExisting(const QString &path, bool *existed)
{
    QFile file(path);
    *existed = file.exists();
    if (!*existed)
        return QByteArray();
    if (!file.open(QIODevice::ReadOnly))
        return Error(QStringLiteral("mcp-client.read"), tr("cannot read the file: %1").arg(file.errorString()), path);
    return file.readAll();
}

/// The file really written: the target of a symbolic link (a dotfile manager's), else `path`.
QString writtenPath(const QString &path)
{
    const QFileInfo info(path);
    return info.isSymLink() ? info.symLinkTarget() : path;
}

Result<QByteArray> planJson(McpClientKind kind, const QByteArray &before, const QString &path, const McpServerLaunch &launch)
{
    const QJsonObject entry = jsonEntry(kind, launch);
    if (before.trimmed().isEmpty()) {
        const QJsonObject file{{ServersKey, QJsonObject{{launch.name, entry}}}};
        return QByteArray(mcp::renderJson(file, mcp::JsonLayout{}, entryKeyOrder()) + '\n');
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(before, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype line = before.left(parseError.offset).count('\n') + 1;
        return Error(QStringLiteral("mcp-client.malformed"),
                     tr("not valid JSON (%1 at line %2); nothing was written, fix the file first")
                         .arg(parseError.errorString())
                         .arg(line),
                     path);
    }
    if (!document.isObject())
        return Error(QStringLiteral("mcp-client.malformed"), tr("not a JSON object; nothing was written, fix the file first"), path);
    Result<QByteArray> after = mcp::spliceJsonEntry(before, ServersKey, launch.name, entry, entryKeyOrder(), path);
    if (after.hasError())
        return after;
    // The splice must have changed that one entry and nothing else: read back, compare.
    QJsonObject expected = document.object();
    QJsonObject servers = expected.value(ServersKey).toObject();
    QJsonObject merged = servers.value(launch.name).toObject();
    for (auto it = entry.begin(); it != entry.end(); ++it)
        merged.insert(it.key(), it.value());
    servers.insert(launch.name, merged);
    expected.insert(ServersKey, servers);
    if (QJsonDocument::fromJson(*after).object() != expected)
        return Error(QStringLiteral("mcp-client.unsupported"),
                     tr("Valis could not add its entry without changing something else; add it by hand"), path);
    return after;
}

Result<QByteArray> planToml(const QByteArray &before, const QString &path, const McpServerLaunch &launch)
{
    Result<QJsonObject> parsed = mcp::parseTomlSubset(before, path);
    if (parsed.hasError()) {
        Error error = parsed.error();
        error.code = QStringLiteral("mcp-client.malformed");
        error.message = tr("%1; nothing was written, fix the file first").arg(error.message);
        return error;
    }
    Result<QByteArray> after = mcp::spliceTomlServer(before, CodexServersKey, launch.name, launch.program, launch.arguments, path);
    if (after.hasError())
        return after;
    QJsonObject expected = *parsed;
    QJsonObject servers = expected.value(CodexServersKey).toObject();
    QJsonObject table = servers.value(launch.name).toObject();
    table.insert(QStringLiteral("command"), launch.program);
    table.insert(QStringLiteral("args"), QJsonArray::fromStringList(launch.arguments));
    servers.insert(launch.name, table);
    expected.insert(CodexServersKey, servers);
    const Result<QJsonObject> reread = mcp::parseTomlSubset(*after, path);
    if (reread.hasError() || *reread != expected)
        return Error(QStringLiteral("mcp-client.unsupported"),
                     tr("Valis could not add its table without changing something else; add it by hand"), path);
    return after;
}

/// The lines of `bytes` with their line ends, so that a last line gaining one differs.
QList<QByteArray> splitLines(const QByteArray &bytes)
{
    QList<QByteArray> lines;
    qsizetype from = 0;
    while (from < bytes.size()) {
        const qsizetype newline = bytes.indexOf('\n', from);
        const qsizetype end = newline < 0 ? bytes.size() : newline + 1;
        lines << bytes.mid(from, end - from);
        from = end;
    }
    return lines;
}

/// One line of a diff: `mark`, the text, and git's note when the file ends without a newline.
void addDiffLine(QStringList *out, QChar mark, const QByteArray &line)
{
    QByteArray text = line;
    const bool ended = text.endsWith('\n');
    if (ended)
        text.chop(text.endsWith("\r\n") ? 2 : 1);
    *out << mark + QString::fromUtf8(text);
    if (!ended)
        *out << QStringLiteral("\\ No newline at end of file");
}

} // namespace

McpServerLaunch McpServerLaunch::forCli(const QString &cliPath, Access access)
{
    McpServerLaunch launch;
    launch.program = QDir::toNativeSeparators(QFileInfo(cliPath).absoluteFilePath());
    launch.arguments = QStringList{QStringLiteral("mcp"), QStringLiteral("serve")};
    if (access == Access::ReadOnly)
        launch.arguments << QStringLiteral("--read-only");
    return launch;
}

QString McpClientConfigChange::diff() const
{
    if (!changes())
        return QString();
    const QList<QByteArray> a = splitLines(before);
    const QList<QByteArray> b = splitLines(after);
    // The change is one splice, so the lines that differ are those between the common head
    // and the common tail.
    qsizetype head = 0;
    while (head < a.size() && head < b.size() && a.at(head) == b.at(head))
        ++head;
    qsizetype tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a.at(a.size() - 1 - tail) == b.at(b.size() - 1 - tail))
        ++tail;
    const qsizetype context = 3;
    const qsizetype from = qMax<qsizetype>(0, head - context);
    const qsizetype aEnd = qMin(a.size(), a.size() - tail + context);
    const qsizetype bEnd = qMin(b.size(), b.size() - tail + context);
    const QString name = QDir::toNativeSeparators(path);
    QStringList out;
    out << (existed ? QStringLiteral("--- ") + name : QStringLiteral("--- /dev/null")) << QStringLiteral("+++ ") + name;
    auto range = [](qsizetype start, qsizetype count) {
        return QStringLiteral("%1,%2").arg(count == 0 ? start : start + 1).arg(count);
    };
    out << QStringLiteral("@@ -%1 +%2 @@").arg(range(from, aEnd - from), range(from, bEnd - from));
    for (qsizetype i = from; i < head; ++i)
        addDiffLine(&out, QLatin1Char(' '), a.at(i));
    for (qsizetype i = head; i < a.size() - tail; ++i)
        addDiffLine(&out, QLatin1Char('-'), a.at(i));
    for (qsizetype i = head; i < b.size() - tail; ++i)
        addDiffLine(&out, QLatin1Char('+'), b.at(i));
    for (qsizetype i = a.size() - tail; i < aEnd; ++i)
        addDiffLine(&out, QLatin1Char(' '), a.at(i));
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString McpClientConfig::displayName(McpClientKind kind)
{
    switch (kind) {
    case McpClientKind::ClaudeCode: return tr("Claude Code");
    case McpClientKind::Codex: return tr("Codex");
    case McpClientKind::ClaudeDesktop: return tr("Claude Desktop");
    }
    return QString();
}

QString McpClientConfig::defaultPath(McpClientKind kind, const QString &home)
{
    switch (kind) {
    case McpClientKind::ClaudeCode: {
        const QString folder = qEnvironmentVariable("CLAUDE_CONFIG_DIR");
        return (folder.isEmpty() ? home : folder) + QStringLiteral("/.claude.json");
    }
    case McpClientKind::Codex: {
        const QString folder = qEnvironmentVariable("CODEX_HOME");
        return (folder.isEmpty() ? home + QStringLiteral("/.codex") : folder) + QStringLiteral("/config.toml");
    }
    case McpClientKind::ClaudeDesktop: {
#if defined(Q_OS_MACOS)
        const QString config = home + QStringLiteral("/Library/Application Support");
#elif defined(Q_OS_WIN)
        QString config = qEnvironmentVariable("APPDATA");
        if (config.isEmpty())
            config = home + QStringLiteral("/AppData/Roaming");
#else
        QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
        if (config.isEmpty())
            config = home + QStringLiteral("/.config");
#endif
        return config + QStringLiteral("/Claude/claude_desktop_config.json");
    }
    }
    return QString();
}

QString McpClientConfig::snippet(McpClientKind kind, const McpServerLaunch &launch)
{
    switch (kind) {
    case McpClientKind::ClaudeCode: {
        QStringList words{QStringLiteral("claude"), QStringLiteral("mcp"), QStringLiteral("add"), QStringLiteral("--scope"),
                          QStringLiteral("user"), shellWord(launch.name), QStringLiteral("--"), shellWord(launch.program)};
        for (const QString &argument : launch.arguments)
            words << shellWord(argument);
        return words.join(QLatin1Char(' '));
    }
    case McpClientKind::Codex:
        return QString::fromUtf8(*mcp::spliceTomlServer(QByteArray(), CodexServersKey, launch.name, launch.program,
                                                        launch.arguments, QString()));
    case McpClientKind::ClaudeDesktop: {
        const QJsonObject file{{ServersKey, QJsonObject{{launch.name, jsonEntry(kind, launch)}}}};
        return QString::fromUtf8(mcp::renderJson(file, mcp::JsonLayout{}, entryKeyOrder())) + QLatin1Char('\n');
    }
    }
    return QString();
}

Result<McpClientConfigChange> McpClientConfig::plan(McpClientKind kind, const QString &path, const McpServerLaunch &launch)
{
    McpClientConfigChange change;
    change.kind = kind;
    change.path = path;
    Result<QByteArray> before = readExisting(path, &change.existed);
    if (before.hasError())
        return before.error();
    change.before = *before;
    Result<QByteArray> after = kind == McpClientKind::Codex ? planToml(change.before, path, launch)
                                                            : planJson(kind, change.before, path, launch);
    if (after.hasError())
        return after.error();
    change.after = *after;
    return change;
}

QString McpClientConfig::backupPath(const QString &path)
{
    return writtenPath(path) + QStringLiteral(".valis-backup");
}

Result<void> McpClientConfig::write(const McpClientConfigChange &change)
{
    const QString target = writtenPath(change.path);
    bool existsNow = false;
    Result<QByteArray> current = readExisting(target, &existsNow);
    if (current.hasError())
        return current.error();
    if (existsNow != change.existed || *current != change.before)
        return Error(QStringLiteral("mcp-client.changed"),
                     tr("the file changed since it was shown; nothing was written, look at the change again"), change.path);
    if (!change.changes())
        return success();

    const QFileDevice::Permissions permissions = QFile::permissions(target);
    if (change.existed) {
        QSaveFile backup(backupPath(change.path));
        if (!backup.open(QIODevice::WriteOnly) || backup.write(change.before) != change.before.size() || !backup.commit())
            return Error(QStringLiteral("mcp-client.backup"),
                         tr("cannot keep a copy of the file (%1); nothing was written").arg(backup.errorString()),
                         backupPath(change.path));
        // The copy may hold what the original holds (tokens): no wider access than it.
        QFile::setPermissions(backupPath(change.path), permissions);
    } else if (!QDir().mkpath(QFileInfo(target).absolutePath())) {
        return Error(QStringLiteral("mcp-client.write"), tr("cannot create the folder"), QFileInfo(target).absolutePath());
    }
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly) || file.write(change.after) != change.after.size() || !file.commit())
        return Error(QStringLiteral("mcp-client.write"), tr("cannot write the file: %1").arg(file.errorString()), change.path);
    if (change.existed)
        QFile::setPermissions(target, permissions);
    return success();
}

} // namespace valis
