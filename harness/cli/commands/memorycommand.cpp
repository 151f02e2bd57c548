// valis-cli memory: the DetailStore from the command line (list, show, search, rm, stats; export
// and import are in memorytransfer.cpp), over the store config/memory.json chooses or --store.
#include "commands/memorycommand.h"

#include "commands.h"
#include "memoryjson.h"
#include "memorystore.h"

#include "valis/agent/toolsettings.h"

#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>

#include <cstdio>
#if defined(Q_OS_WIN)
#include <fcntl.h>
#include <io.h>
#endif

namespace valis::cli {

MemoryRun::MemoryRun(CliContext &context, QString storeOverride, QString subcommand)
    : m_context(context)
    , m_storeOverride(std::move(storeOverride))
    , m_command(QStringLiteral("memory ") + subcommand)
{
}

DetailStore *MemoryRun::store()
{
    if (m_store || m_failed)
        return m_store.get();
    Result<MemorySettings> settings = memorySettings(m_context.locations(), m_storeOverride);
    Result<std::shared_ptr<DetailStore>> opened = settings.ok() ? openMemoryStore(settings.value(), m_context.locations())
                                                                : Result<std::shared_ptr<DetailStore>>(settings.error());
    if (opened.hasError()) {
        m_failed = true;
        fail(opened.error());
        return nullptr;
    }
    m_store = std::move(opened).value();
    return m_store.get();
}

Result<QString> MemoryRun::defaultAgent() const
{
    Result<ToolSettings> tools = ToolSettings::load(m_context.locations().toolSettingsPath());
    if (tools.hasError())
        return tools.error();
    return tools->agentId();
}

void writeRaw(QTextStream &out, const QByteArray &bytes)
{
    out.flush();
#if defined(Q_OS_WIN)
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

namespace {

const QString memoriesPrefix = QStringLiteral("/memories/");

struct Subcommand
{
    const char *name;
    const char *summary;
    int (*run)(MemoryRun &run, const QStringList &arguments);
};

/// What a KEY argument names: a record key, or a /memories/ file of an agent.
struct Target
{
    QString key;
    QString path; ///< under /memories/, without the prefix
};

/// Accepts a key, a pasted "[MemoryRef: m-3f9a2c - ...]" placeholder, or a /memories/ path.
Target targetOf(const QString &argument)
{
    const QString text = argument.trimmed();
    if (text.startsWith(memoriesPrefix))
        return Target{{}, text.mid(memoriesPrefix.size())};
    static const QRegularExpression reference(QStringLiteral("MemoryRef:\\s*([^\\s\\]]+)"));
    const QRegularExpressionMatch match = reference.match(text);
    return Target{match.hasMatch() ? match.captured(1) : text, {}};
}

/// The store's error, with similar keys named when it did not name them itself.
Error withSimilarKeys(DetailStore &store, const QString &key, Error error)
{
    if (error.code != QLatin1String("memory.unknown-key"))
        return error;
    const QStringList similar = store.similarKeys(key);
    bool named = false;
    for (const QString &candidate : similar)
        named = named || error.message.contains(candidate);
    if (!similar.isEmpty() && !named)
        error.message += QLatin1Char(' ') + Text::tr("Similar keys: %1.").arg(similar.join(QStringLiteral(", ")));
    return error;
}

QString oneLine(QString text, int width)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return width > 0 && text.size() > width ? text.left(width - 1) + QChar(0x2026) : text;
}

QString shownSize(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString shownTime(const QDateTime &time)
{
    return time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

/// The options several subcommands share.
struct CommonOptions
{
    QCommandLineOption store{QStringLiteral("store"),
                             Text::tr("Use this store for one run instead of config/memory.json's: sqlite:PATH or "
                                      "postgresql://USER@HOST:PORT/DATABASE."),
                             QStringLiteral("STORE")};
    QCommandLineOption agent{QStringLiteral("agent"), Text::tr("Only records of agent AGENT."), QStringLiteral("AGENT")};
    QCommandLineOption type{QStringLiteral("type"),
                            Text::tr("Only records of type TYPE (command_output, tool_result, file_content, "
                                     "user_preference, note, memory_file, ...)."),
                            QStringLiteral("TYPE")};
    QCommandLineOption session{QStringLiteral("session"), Text::tr("Only records of session SESSION."), QStringLiteral("SESSION")};
    QCommandLineOption all{QStringLiteral("all"),
                           Text::tr("Include inactive records (removed ones and replaced versions of /memories/ files).")};
    QCommandLineOption json{QStringLiteral("json"), Text::tr("One JSON object per record.")};
};

Result<int> positiveNumber(const CliParser &parser, const QCommandLineOption &option, int fallback)
{
    if (!parser.isSet(option))
        return fallback;
    bool ok = false;
    const int value = parser.value(option).toInt(&ok);
    if (!ok || value < 1)
        return Error(QStringLiteral("usage"), Text::tr("--%1 needs a number of at least 1").arg(option.names().constLast()));
    return value;
}

MemoryFilter filterOf(const CliParser &parser, const CommonOptions &options)
{
    MemoryFilter filter;
    filter.agentId = parser.value(options.agent);
    filter.type = parser.value(options.type);
    filter.sessionId = parser.value(options.session);
    filter.includeInactive = parser.isSet(options.all);
    return filter;
}

void printRecordLine(QTextStream &out, const MemoryRecord &record, qsizetype keyWidth)
{
    QString summary = record.path.isEmpty() ? record.summary : memoriesPrefix + record.path + QStringLiteral(": ") + record.summary;
    if (!record.active)
        summary = Text::tr("(inactive) %1").arg(summary);
    out << record.key.leftJustified(keyWidth) << "  " << shownTime(record.createdAt).leftJustified(16) << "  "
        << record.type.leftJustified(15) << ' ' << oneLine(record.agentId, 12).leftJustified(12) << ' '
        << shownSize(record.sizeBytes).rightJustified(9) << ' ' << QString::number(record.lineCount).rightJustified(7) << "  "
        << oneLine(summary, 80) << '\n';
}

void printHeaderLine(QTextStream &out, qsizetype keyWidth)
{
    out << Text::tr("KEY").leftJustified(keyWidth) << "  " << Text::tr("CREATED").leftJustified(16) << "  "
        << Text::tr("TYPE").leftJustified(15) << ' ' << Text::tr("AGENT").leftJustified(12) << ' '
        << Text::tr("SIZE").rightJustified(9) << ' ' << Text::tr("LINES").rightJustified(7) << "  " << Text::tr("SUMMARY") << '\n';
}

int runList(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const CommonOptions common;
    const QCommandLineOption files(QStringLiteral("files"), Text::tr("Only /memories/ files (type memory_file)."));
    const QCommandLineOption limit(QStringLiteral("limit"), Text::tr("Show at most N records, newest first (default 50)."),
                                   QStringLiteral("N"));
    parser.addOptions({common.store, common.agent, common.type, common.session, files, common.all, limit, common.json});
    if (const int code = run.cli().parse(parser, run.command(), Text::tr("Lists the memory's records, newest first."), arguments);
        code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    MemoryFilter filter = filterOf(parser, common);
    if (parser.isSet(files)) {
        if (!filter.type.isEmpty() && filter.type != QLatin1String(MemoryType::MemoryFile))
            return run.usageError(Text::tr("--files lists memory_file records; leave out --type"));
        filter.type = QLatin1String(MemoryType::MemoryFile);
    }
    const Result<int> howMany = positiveNumber(parser, limit, 50);
    if (howMany.hasError())
        return run.usageError(howMany.error().message);
    // One more than shown, to say whether there are more.
    filter.limit = howMany.value() + 1;
    DetailStore *store = run.store();
    if (!store)
        return 1;
    Result<QList<MemoryRecord>> records = store->list(filter);
    if (records.hasError())
        return run.fail(records.error());
    const bool more = records->size() > howMany.value();
    if (more)
        records->resize(howMany.value());
    QTextStream &out = run.cli().out();
    if (parser.isSet(common.json)) {
        for (const MemoryRecord &record : records.value())
            out << QJsonDocument(memoryjson::toJson(record)).toJson(QJsonDocument::Compact) << '\n';
    } else if (records->isEmpty()) {
        run.cli().err() << Text::tr("No records.") << Qt::endl;
    } else {
        qsizetype keyWidth = 3;
        for (const MemoryRecord &record : records.value())
            keyWidth = qMax(keyWidth, record.key.size());
        printHeaderLine(out, keyWidth);
        for (const MemoryRecord &record : records.value())
            printRecordLine(out, record, keyWidth);
    }
    out.flush();
    if (more)
        run.cli().err() << Text::tr("There are more records; --limit N shows more.") << Qt::endl;
    return 0;
}

/// Finds what `target` names: the record (with content for a /memories/ file).
Result<MemoryRecord> resolve(MemoryRun &run, DetailStore &store, const Target &target, const QString &agent)
{
    if (target.path.isEmpty()) {
        Result<MemoryRecord> record = store.find(target.key);
        if (record.hasError())
            return withSimilarKeys(store, target.key, record.error());
        return record;
    }
    QString owner = agent;
    if (owner.isEmpty()) {
        Result<QString> configured = run.defaultAgent();
        if (configured.hasError())
            return configured.error();
        owner = configured.value();
    }
    return store.readFile(owner, target.path);
}

void printShowHeader(QTextStream &err, const MemoryRecord &record, const std::optional<MemoryPage> &page)
{
    QStringList first = {record.key, record.type, Text::tr("agent %1").arg(record.agentId)};
    if (!record.sessionId.isEmpty())
        first.append(Text::tr("session %1").arg(record.sessionId));
    first.append(record.createdAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    if (!record.active)
        first.append(Text::tr("inactive"));
    err << first.join(QStringLiteral(" · ")) << '\n';
    if (!record.path.isEmpty())
        err << memoriesPrefix << record.path << '\n';
    if (!record.summary.isEmpty())
        err << record.summary << '\n';
    err << Text::tr("%n line(s)", nullptr, int(qMin<qint64>(record.lineCount, INT_MAX))) << " · " << shownSize(record.sizeBytes)
        << " · sha256 " << record.sha256 << '\n';
    if (!record.metadata.isEmpty())
        err << Text::tr("metadata: %1").arg(QString::fromUtf8(QJsonDocument(record.metadata).toJson(QJsonDocument::Compact))) << '\n';
    if (page) {
        const bool lines = page->unit == MemoryPageRequest::Unit::Lines;
        const qint64 last = lines ? page->first + page->count - 1 : page->first + page->count;
        QString where = lines ? Text::tr("lines %1-%2 of %3").arg(page->first).arg(last).arg(page->total)
                              : Text::tr("bytes %1-%2 of %3").arg(page->first).arg(last).arg(page->total);
        if (page->remaining > 0) {
            where += QStringLiteral("; ")
                     + (lines ? Text::tr("%1 more (--offset %2)").arg(page->remaining).arg(last + 1)
                              : Text::tr("%1 more (--bytes %2:%3)").arg(page->remaining).arg(last).arg(page->remaining));
        }
        err << where << '\n';
    }
    err << "---" << Qt::endl;
}

int runShowRecord(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const CommonOptions common;
    const QCommandLineOption offset(QStringLiteral("offset"), Text::tr("Start at line N (from 1)."), QStringLiteral("N"));
    const QCommandLineOption limit(QStringLiteral("limit"), Text::tr("Print at most N lines."), QStringLiteral("N"));
    const QCommandLineOption bytes(QStringLiteral("bytes"), Text::tr("Print LENGTH bytes from byte OFFSET (from 0)."),
                                   QStringLiteral("OFFSET:LENGTH"));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("The agent whose /memories/ file to show (default: config/tools.json's)."),
                                   QStringLiteral("AGENT"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print the record, the page and the content as one JSON object."));
    parser.addOptions({common.store, offset, limit, bytes, agent, json});
    parser.addPositionalArgument(QStringLiteral("key"), Text::tr("A key (m-3f9a2c), a [MemoryRef: ...] or a /memories/ path."),
                                 QStringLiteral("KEY"));
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Prints a record's content to standard output exactly as stored; what it "
                                                  "is (key, type, summary, size, metadata) goes to standard error."),
                                         arguments);
        code >= 0)
        return code;
    if (parser.positionalArguments().size() != 1)
        return run.usageError(Text::tr("name exactly one key"));
    const bool byLines = parser.isSet(offset) || parser.isSet(limit);
    if (byLines && parser.isSet(bytes))
        return run.usageError(Text::tr("use either --offset/--limit (lines) or --bytes, not both"));
    std::optional<MemoryPageRequest> request;
    if (byLines) {
        request.emplace();
        request->unit = MemoryPageRequest::Unit::Lines;
        bool ok = true;
        request->offset = parser.isSet(offset) ? parser.value(offset).toLongLong(&ok) : 1;
        bool limitOk = true;
        // Without --limit, to the end.
        request->limit = parser.isSet(limit) ? parser.value(limit).toLongLong(&limitOk) : (qint64(1) << 50);
        if (!ok || !limitOk || request->offset < 1 || request->limit < 1)
            return run.usageError(Text::tr("--offset and --limit need numbers of at least 1"));
    } else if (parser.isSet(bytes)) {
        static const QRegularExpression range(QStringLiteral("^(\\d+):(\\d+)$"));
        const QRegularExpressionMatch match = range.match(parser.value(bytes));
        bool ok = match.hasMatch();
        request.emplace();
        request->unit = MemoryPageRequest::Unit::Bytes;
        request->offset = match.captured(1).toLongLong(&ok);
        bool lengthOk = false;
        request->limit = match.captured(2).toLongLong(&lengthOk);
        if (!match.hasMatch() || !ok || !lengthOk || request->limit < 1)
            return run.usageError(Text::tr("--bytes needs OFFSET:LENGTH, as in --bytes 0:4096"));
    }
    DetailStore *store = run.store();
    if (!store)
        return 1;
    const Target target = targetOf(parser.positionalArguments().first());
    Result<MemoryRecord> record = resolve(run, *store, target, parser.value(agent));
    if (record.hasError())
        return run.fail(record.error());
    std::optional<MemoryPage> page;
    QByteArray content;
    if (request) {
        Result<MemoryPage> read = store->read(record->key, *request);
        if (read.hasError())
            return run.fail(read.error());
        page = read.value();
        content = page->text;
    } else if (target.path.isEmpty()) {
        Result<MemoryRecord> whole = store->get(record->key);
        if (whole.hasError())
            return run.fail(whole.error());
        content = whole->content;
    } else {
        content = record->content;
    }
    if (parser.isSet(json)) {
        QJsonObject object = memoryjson::toJson(record.value());
        if (page) {
            object.insert(QStringLiteral("page"),
                          QJsonObject{{QStringLiteral("unit"), page->unit == MemoryPageRequest::Unit::Lines ? QStringLiteral("lines")
                                                                                                          : QStringLiteral("bytes")},
                                      {QStringLiteral("first"), double(page->first)},
                                      {QStringLiteral("count"), double(page->count)},
                                      {QStringLiteral("total"), double(page->total)},
                                      {QStringLiteral("remaining"), double(page->remaining)}});
        }
        memoryjson::insertContent(object, content);
        run.cli().out() << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
        run.cli().out().flush();
        return 0;
    }
    printShowHeader(run.cli().err(), record.value(), page);
    writeRaw(run.cli().out(), content);
    return 0;
}

int runSearch(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const CommonOptions common;
    const QCommandLineOption limit(QStringLiteral("limit"), Text::tr("Show at most N hits (default 20)."), QStringLiteral("N"));
    parser.addOptions({common.store, common.agent, common.type, common.session, common.all, limit, common.json});
    parser.addPositionalArgument(QStringLiteral("query"),
                                 Text::tr("Words that must all occur (the last one as a prefix); \"quotes\" make a phrase."),
                                 QStringLiteral("QUERY..."));
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Searches summaries, contents and /memories/ paths, best match first."), arguments);
        code >= 0)
        return code;
    const QString query = parser.positionalArguments().join(QLatin1Char(' ')).trimmed();
    if (query.isEmpty())
        return run.usageError(Text::tr("give the words to search for"));
    MemoryFilter filter = filterOf(parser, common);
    const Result<int> howMany = positiveNumber(parser, limit, 20);
    if (howMany.hasError())
        return run.usageError(howMany.error().message);
    filter.limit = howMany.value();
    DetailStore *store = run.store();
    if (!store)
        return 1;
    Result<QList<MemoryHit>> hits = store->search(query, filter);
    if (hits.hasError())
        return run.fail(hits.error());
    QTextStream &out = run.cli().out();
    if (parser.isSet(common.json)) {
        for (const MemoryHit &hit : hits.value()) {
            QJsonObject object = memoryjson::toJson(hit.record);
            object.insert(QStringLiteral("score"), hit.score);
            object.insert(QStringLiteral("snippet"), hit.snippet);
            out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
        }
    } else if (hits->isEmpty()) {
        run.cli().err() << Text::tr("No record matches.") << Qt::endl;
    } else {
        qsizetype keyWidth = 3;
        for (const MemoryHit &hit : hits.value())
            keyWidth = qMax(keyWidth, hit.record.key.size());
        printHeaderLine(out, keyWidth);
        for (const MemoryHit &hit : hits.value()) {
            printRecordLine(out, hit.record, keyWidth);
            if (!hit.snippet.isEmpty())
                out << QString(keyWidth + 2, QLatin1Char(' ')) << oneLine(hit.snippet, 120) << '\n';
        }
    }
    out.flush();
    return 0;
}

/// Purges every version of /memories/`path` of `agent`.
Result<int> purgeFile(DetailStore &store, const QString &agent, const QString &path)
{
    MemoryFilter filter;
    filter.agentId = agent;
    filter.type = QLatin1String(MemoryType::MemoryFile);
    filter.pathPrefix = path;
    filter.includeInactive = true;
    filter.limit = 1000;
    int purged = 0;
    for (;;) {
        Result<QList<MemoryRecord>> versions = store.list(filter);
        if (versions.hasError())
            return versions.error();
        int here = 0;
        for (const MemoryRecord &version : versions.value()) {
            if (version.path != path)
                continue;
            if (Result<void> done = store.purge(version.key); done.hasError())
                return done.error();
            ++here;
        }
        purged += here;
        // Purging moves later records up: list again from the start until a page has none.
        if (here == 0 || versions->size() < filter.limit)
            break;
    }
    if (purged == 0)
        return Error(QStringLiteral("memory.not-found"), Text::tr("agent %1 has no /memories/%2").arg(agent, path));
    return purged;
}

int runRemove(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const CommonOptions common;
    const QCommandLineOption purge(QStringLiteral("purge"), Text::tr("Delete for good (content included) instead of deactivating."));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("The agent whose /memories/ files to remove (default: config/tools.json's)."),
                                   QStringLiteral("AGENT"));
    parser.addOptions({common.store, purge, agent});
    parser.addPositionalArgument(QStringLiteral("keys"), Text::tr("Keys, [MemoryRef: ...] placeholders or /memories/ paths."),
                                 QStringLiteral("KEY..."));
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Deactivates records: they leave list and search but stay readable with "
                                                  "'memory show' (a MemoryRef in an old session still opens). --purge deletes "
                                                  "them for good."),
                                         arguments);
        code >= 0)
        return code;
    if (parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("name the keys to remove"));
    DetailStore *store = run.store();
    if (!store)
        return 1;
    const bool forGood = parser.isSet(purge);
    QTextStream &out = run.cli().out();
    int failures = 0;
    for (const QString &argument : parser.positionalArguments()) {
        const Target target = targetOf(argument);
        if (!target.path.isEmpty()) {
            QString owner = parser.value(agent);
            if (owner.isEmpty()) {
                Result<QString> configured = run.defaultAgent();
                if (configured.hasError()) {
                    failures += run.fail(configured.error());
                    continue;
                }
                owner = configured.value();
            }
            if (forGood) {
                Result<int> purged = purgeFile(*store, owner, target.path);
                if (purged.hasError()) {
                    failures += run.fail(purged.error());
                    continue;
                }
                out << Text::tr("Purged /memories/%1 of agent %2 (%n version(s)).", nullptr, purged.value()).arg(target.path, owner) << '\n';
            } else {
                if (Result<void> removed = store->removeFile(owner, target.path); removed.hasError()) {
                    failures += run.fail(removed.error());
                    continue;
                }
                out << Text::tr("Removed /memories/%1 of agent %2.").arg(target.path, owner) << '\n';
            }
            continue;
        }
        Result<MemoryRecord> record = store->find(target.key);
        if (record.hasError()) {
            failures += run.fail(withSimilarKeys(*store, target.key, record.error()));
            continue;
        }
        if (forGood) {
            if (Result<void> done = store->purge(record->key); done.hasError()) {
                failures += run.fail(done.error());
                continue;
            }
            out << Text::tr("Purged %1.").arg(record->key) << '\n';
        } else if (!record->active) {
            out << Text::tr("%1 was already inactive (--purge deletes it).").arg(record->key) << '\n';
        } else {
            if (Result<void> done = store->deactivate(record->key); done.hasError()) {
                failures += run.fail(done.error());
                continue;
            }
            out << Text::tr("Deactivated %1 (--purge deletes it).").arg(record->key) << '\n';
        }
    }
    out.flush();
    return failures > 0 ? 1 : 0;
}

int runStats(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const CommonOptions common;
    parser.addOptions({common.store, common.agent, common.json});
    if (const int code = run.cli().parse(parser, run.command(), Text::tr("Says which store is used and how much it holds."), arguments);
        code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    DetailStore *store = run.store();
    if (!store)
        return 1;
    Result<MemoryStats> stats = store->stats(parser.value(common.agent));
    if (stats.hasError())
        return run.fail(stats.error());
    QTextStream &out = run.cli().out();
    if (parser.isSet(common.json)) {
        QJsonObject object{{QStringLiteral("store"), store->description()},
                           {QStringLiteral("records"), double(stats->records)},
                           {QStringLiteral("inactive_records"), double(stats->inactiveRecords)},
                           {QStringLiteral("content_bytes"), double(stats->contentBytes)},
                           {QStringLiteral("records_to_index"), double(stats->recordsToIndex)}};
        if (stats->indexingStopped)
            object.insert(QStringLiteral("indexing_stopped"), stats->indexingStopped->toString());
        out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
    } else {
        out << store->description() << '\n'
            << Text::tr("%1 records (%2), %3 inactive")
                   .arg(stats->records)
                   .arg(shownSize(stats->contentBytes))
                   .arg(stats->inactiveRecords)
            << '\n';
        if (stats->indexingStopped) {
            out << Text::tr("indexing for prefix search stopped with about %1 records to go: %2")
                       .arg(stats->recordsToIndex)
                       .arg(stats->indexingStopped->toString())
                << '\n';
        } else if (stats->recordsToIndex > 0) {
            out << Text::tr("indexing for prefix search: about %1 older records to go").arg(stats->recordsToIndex) << '\n';
        }
    }
    out.flush();
    return 0;
}

const QList<Subcommand> &subcommands()
{
    static const QList<Subcommand> list = {
        {"list", QT_TRANSLATE_NOOP("valis::cli", "List records, newest first"), runList},
        {"show", QT_TRANSLATE_NOOP("valis::cli", "Print a record's content exactly, whole or a page of it"), runShowRecord},
        {"search", QT_TRANSLATE_NOOP("valis::cli", "Search summaries, contents and /memories/ paths, ranked"), runSearch},
        {"rm", QT_TRANSLATE_NOOP("valis::cli", "Deactivate records or /memories/ files (--purge: delete for good)"), runRemove},
        {"export", QT_TRANSLATE_NOOP("valis::cli", "Write records with their content as JSONL"), runMemoryExport},
        {"import", QT_TRANSLATE_NOOP("valis::cli", "Read records from an export (from SQLite to PostgreSQL and back)"),
         runMemoryImport},
        {"stats", QT_TRANSLATE_NOOP("valis::cli", "Which store is used and how much it holds"), runStats},
        {"process", QT_TRANSLATE_NOOP("valis::cli", "Extract lessons, references and topics from sessions, consolidate them"),
         runMemoryProcess},
        {"recommendations", QT_TRANSLATE_NOOP("valis::cli", "List, accept or reject what memory processing proposes"),
         runMemoryRecommendations},
        {"embed", QT_TRANSLATE_NOOP("valis::cli", "Embed records and messages for vector recall (--status: how far it is)"),
         runMemoryEmbed},
    };
    return list;
}

void printMemoryUsage(QTextStream &stream)
{
    stream << Text::tr("Usage: valis-cli memory [--store STORE] <subcommand> [options]") << "\n\n"
           << Text::tr("The memory's DetailStore: what tools captured, what the agent stored, its /memories/ files.") << "\n\n"
           << Text::tr("Subcommands:") << '\n';
    for (const Subcommand &subcommand : subcommands())
        stream << "  " << QString::fromLatin1(subcommand.name).leftJustified(15) << ' ' << Text::tr(subcommand.summary) << '\n';
    stream << '\n'
           << Text::tr("Options:") << '\n'
           << "  --store sqlite:PATH | postgresql://USER@HOST:PORT/DATABASE\n"
           << "      " << Text::tr("Use this store for one run instead of the one config/memory.json names.") << '\n'
           << Text::tr("'valis-cli memory <subcommand> --help' shows a subcommand's options.") << '\n';
    stream.flush();
}

/// Takes --store out of `arguments` (before any "--"), wherever it is.
Result<QString> takeStoreOption(QStringList *arguments)
{
    QString store;
    for (qsizetype i = 0; i < arguments->size();) {
        const QString argument = arguments->at(i);
        if (argument == QLatin1String("--"))
            break;
        if (argument == QLatin1String("--store")) {
            if (i + 1 >= arguments->size())
                return Error(QStringLiteral("usage"), Text::tr("--store needs sqlite:PATH or a postgresql:// address"));
            store = arguments->at(i + 1);
            arguments->remove(i, 2);
            continue;
        }
        if (argument.startsWith(QLatin1String("--store="))) {
            store = argument.mid(8);
            arguments->remove(i);
            continue;
        }
        ++i;
    }
    return store;
}

} // namespace

int runMemory(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("memory");
    if (context.describing()) {
        for (const Subcommand &subcommand : subcommands()) {
            const QString name = QString::fromLatin1(subcommand.name);
            context.describeSubcommand(command, name, Text::tr(subcommand.summary));
            MemoryRun run(context, QString(), name);
            subcommand.run(run, {run.command()});
        }
        return 0;
    }
    QStringList rest = arguments.mid(1);
    Result<QString> store = takeStoreOption(&rest);
    if (store.hasError())
        return context.usageError(command, store.error().message);
    if (rest.isEmpty()) {
        printMemoryUsage(context.err());
        return 2;
    }
    if (rest.first() == QLatin1String("--help") || rest.first() == QLatin1String("-h") || rest.first() == QLatin1String("help")) {
        printMemoryUsage(context.out());
        return 0;
    }
    for (const Subcommand &subcommand : subcommands()) {
        if (rest.first() != QLatin1String(subcommand.name))
            continue;
        MemoryRun run(context, store.value(), rest.first());
        return subcommand.run(run, QStringList{run.command()} + rest.mid(1));
    }
    QStringList names;
    for (const Subcommand &subcommand : subcommands())
        names.append(QString::fromLatin1(subcommand.name));
    return context.usageError(command, Text::tr("unknown subcommand \"%1\"; use %2")
                                           .arg(rest.first(), names.join(QStringLiteral(", "))));
}

} // namespace valis::cli
