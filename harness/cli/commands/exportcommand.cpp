#include "clicontext.h"
#include "commands.h"

#include "valis/export/jsonlexport.h"

#include <QFile>
#include <QSaveFile>

namespace valis::cli {

namespace {

/// The session and, with `children`, every session started from it, depth first.
Result<QStringList> withChildren(SessionStore &store, const QString &sessionId, bool children)
{
    QStringList ids{sessionId};
    if (!children)
        return ids;
    SessionFilter filter;
    filter.parentSessionId = sessionId;
    filter.includeArchived = true;
    Result<QList<SessionInfo>> found = store.sessions(filter);
    if (!found.ok())
        return found.error();
    for (const SessionInfo &child : found.value()) {
        Result<QStringList> below = withChildren(store, child.id, true);
        if (!below.ok())
            return below;
        ids << below.value();
    }
    return ids;
}

} // namespace

int runExport(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("export");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("sessions"), Text::tr("Ids of the sessions to export."), QStringLiteral("SESSION..."));
    const QCommandLineOption format(QStringLiteral("format"), Text::tr("jsonl (lossless, re-importable; default) or markdown."),
                                    QStringLiteral("jsonl|markdown"), QStringLiteral("jsonl"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    Text::tr("Write to FILE (replaced atomically) instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption children(QStringLiteral("children"), Text::tr("Also export the sessions these started (subagents)."));
    parser.addOptions({format, output, children});
    if (const int code = context.parse(parser, command, Text::tr("Exports sessions from the session store."), arguments); code >= 0)
        return code;
    const QString kind = parser.value(format);
    if (kind != QLatin1String("jsonl") && kind != QLatin1String("markdown"))
        return context.usageError(command, Text::tr("unknown format \"%1\": use jsonl or markdown").arg(kind));
    if (parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("name at least one session (see 'valis-cli sessions')"));
    SessionStore *store = context.store();
    if (!store)
        return 1;

    QStringList ids;
    for (const QString &id : parser.positionalArguments()) {
        Result<QStringList> expanded = withChildren(*store, id, parser.isSet(children));
        if (!expanded.ok())
            return context.fail(command, expanded.error());
        ids << expanded.value();
    }
    for (const QString &id : std::as_const(ids)) {
        if (const Result<SessionInfo> info = store->session(id); !info.ok())
            return context.fail(command, info.error());
    }

    context.out().flush();
    std::unique_ptr<QIODevice> device;
    if (parser.isSet(output)) {
        auto file = std::make_unique<QSaveFile>(parser.value(output));
        if (!file->open(QIODevice::WriteOnly))
            return context.fail(command, Error(QStringLiteral("export.write-failed"), file->errorString(), parser.value(output)));
        device = std::move(file);
    } else {
        auto file = std::make_unique<QFile>();
        if (!file->open(stdout, QIODevice::WriteOnly))
            return context.fail(command, Error(QStringLiteral("export.write-failed"), file->errorString()));
        device = std::move(file);
    }
    Result<void> written = success();
    if (kind == QLatin1String("jsonl")) {
        written = JsonlExport::write(*store, ids, *device);
    } else {
        for (const QString &id : std::as_const(ids)) {
            if (written.ok())
                written = MarkdownExport::write(*store, id, *device);
        }
    }
    if (!written.ok())
        return context.fail(command, written.error()); // a QSaveFile is discarded, the old file kept
    if (auto *save = qobject_cast<QSaveFile *>(device.get()); save && !save->commit())
        return context.fail(command, Error(QStringLiteral("export.write-failed"), save->errorString(), parser.value(output)));
    return 0;
}

} // namespace valis::cli
