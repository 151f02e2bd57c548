// valis-cli memory export / import: records with their content as JSONL (memoryjson.h), so a
// person can move memory between stores (SQLite to PostgreSQL and back) or keep a backup.
#include "commands/memorycommand.h"

#include "memoryjson.h"

#include <QBuffer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <cstdio>

namespace valis::cli {

namespace {

const QString ImportMalformed = QStringLiteral("memory-import.malformed");

/// Every record `filter` selects, oldest first (list() pages newest first).
Result<QList<MemoryRecord>> allRecords(DetailStore &store, MemoryFilter filter)
{
    QList<MemoryRecord> records;
    filter.limit = 1000;
    filter.offset = 0;
    for (;;) {
        Result<QList<MemoryRecord>> page = store.list(filter);
        if (page.hasError())
            return page.error();
        records += page.value();
        if (page->size() < filter.limit)
            break;
        filter.offset += filter.limit;
    }
    std::reverse(records.begin(), records.end());
    // Paging by offset while another process writes may show a record twice.
    QSet<QString> seen;
    records.removeIf([&seen](const MemoryRecord &record) {
        if (seen.contains(record.key))
            return true;
        seen.insert(record.key);
        return false;
    });
    return records;
}

} // namespace

int runMemoryExport(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption store(QStringLiteral("store"),
                                   Text::tr("Export from this store instead of config/memory.json's: sqlite:PATH or a postgresql:// address."),
                                   QStringLiteral("STORE"));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("Only records of agent AGENT."), QStringLiteral("AGENT"));
    const QCommandLineOption type(QStringLiteral("type"), Text::tr("Only records of type TYPE."), QStringLiteral("TYPE"));
    const QCommandLineOption session(QStringLiteral("session"), Text::tr("Only records of session SESSION."), QStringLiteral("SESSION"));
    const QCommandLineOption all(QStringLiteral("all"), Text::tr("Include inactive records (removed ones, replaced file versions)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    Text::tr("Write to FILE (replaced only once the export is complete) instead of standard output."),
                                    QStringLiteral("FILE"));
    parser.addOptions({store, agent, type, session, all, output});
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Writes records with their content as JSONL, oldest first, after a header "
                                                  "line: one JSON object per record, content as the string \"content\" when "
                                                  "it is UTF-8, else as \"content_base64\". 'memory import' reads it back."),
                                         arguments);
        code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    DetailStore *detailStore = run.store();
    if (!detailStore)
        return 1;
    MemoryFilter filter;
    filter.agentId = parser.value(agent);
    filter.type = parser.value(type);
    filter.sessionId = parser.value(session);
    filter.includeInactive = parser.isSet(all);
    Result<QList<MemoryRecord>> records = allRecords(*detailStore, filter);
    if (records.hasError())
        return run.fail(records.error());

    const QString path = parser.value(output);
    QSaveFile file(path);
    if (!path.isEmpty() && !file.open(QIODevice::WriteOnly))
        return run.fail(Error(QStringLiteral("memory-export.io"), file.errorString(), path));
    qint64 bytes = 0;
    const auto write = [&](const QByteArray &line) {
        bytes += line.size();
        if (path.isEmpty())
            writeRaw(run.cli().out(), line);
        else
            file.write(line);
    };
    const QJsonObject header{{QStringLiteral("format"), QLatin1String(memoryjson::Format)},
                             {QStringLiteral("version"), memoryjson::FormatVersion},
                             {QStringLiteral("exported_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
                             {QStringLiteral("source"), detailStore->description()},
                             {QStringLiteral("records"), double(records->size())}};
    write(QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n');
    for (const MemoryRecord &listed : records.value()) {
        Result<MemoryRecord> record = detailStore->get(listed.key);
        if (record.hasError()) {
            if (!path.isEmpty())
                file.cancelWriting();
            return run.fail(record.error());
        }
        QJsonObject object = memoryjson::toJson(record.value());
        memoryjson::insertContent(object, record->content);
        write(QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n');
    }
    if (!path.isEmpty() && !file.commit())
        return run.fail(Error(QStringLiteral("memory-export.io"), file.errorString(), path));
    run.cli().err() << Text::tr("Exported %n record(s) from %1", nullptr, int(records->size())).arg(detailStore->description())
                    << (path.isEmpty() ? QString() : Text::tr(" to %1").arg(path)) << '.' << Qt::endl;
    return 0;
}

namespace {

/// One JSON object per line, the line number in errors.
Result<QJsonObject> objectOn(const QByteArray &bytes, const QString &where)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return Error(ImportMalformed, Text::tr("not valid JSON: %1").arg(error.errorString()), where);
    if (!document.isObject())
        return Error(ImportMalformed, Text::tr("each line must be one JSON object"), where);
    return document.object();
}


/// Stores `record` as it was: its type, summary, session and metadata, a /memories/ file at
/// its path, an inactive record inactive. Returns the key it got.
Result<QString> store(DetailStore &store, const MemoryRecord &record)
{
    QString key;
    if (!record.path.isEmpty()) {
        Result<MemoryRecord> written = store.writeFile(record.agentId, record.path, record.content, record.sessionId, record.summary);
        if (written.hasError())
            return written.error();
        key = written->key;
    } else {
        NewMemory memory;
        memory.agentId = record.agentId;
        memory.sessionId = record.sessionId;
        memory.type = record.type;
        memory.summary = record.summary;
        memory.content = record.content;
        memory.metadata = record.metadata;
        Result<MemoryRecord> put = store.put(memory);
        if (put.hasError())
            return put.error();
        key = put->key;
    }
    if (!record.active) {
        if (Result<void> done = store.deactivate(key); done.hasError())
            return done.error();
    }
    return key;
}

} // namespace

int runMemoryImport(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption storeOption(QStringLiteral("store"),
                                         Text::tr("Import into this store instead of config/memory.json's: sqlite:PATH or a postgresql:// address."),
                                         QStringLiteral("STORE"));
    parser.addOptions({storeOption});
    parser.addPositionalArgument(QStringLiteral("file"), Text::tr("A file written by 'valis-cli memory export' ('-': standard input)."),
                                 QStringLiteral("FILE"));
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Reads records written by 'memory export' into the store, in the file's order. The "
                                                  "whole file is checked before anything is written; records the store already "
                                                  "holds (same key and content) are skipped, so importing twice changes nothing."),
                                         arguments);
        code >= 0)
        return code;
    if (parser.positionalArguments().size() != 1)
        return run.usageError(Text::tr("name exactly one file"));
    const QString path = parser.positionalArguments().first();

    // A seekable input: the file itself, or standard input read into memory.
    QFile file(path);
    QBuffer buffer;
    QIODevice *input = &file;
    if (path == QLatin1String("-")) {
        QFile standardInput;
        if (!standardInput.open(stdin, QIODevice::ReadOnly))
            return run.fail(Error(QStringLiteral("memory-import.io"), standardInput.errorString(), path));
        buffer.setData(standardInput.readAll());
        input = &buffer;
    }
    if (!input->open(QIODevice::ReadOnly))
        return run.fail(Error(QStringLiteral("memory-import.io"), input->errorString(), path));

    // First pass: every line checked, nothing written.
    // The records stay in the file's order: an export lists them as they were stored, which is
    // what makes the newest version of a /memories/ file the active one again (creation times
    // written by several machines of a team need not agree with it).
    QList<qint64> recordOffsets;
    QList<int> recordLines;
    int lineNumber = 0;
    bool sawHeader = false;
    while (!input->atEnd()) {
        const qint64 offset = input->pos();
        QByteArray line = input->readLine();
        ++lineNumber;
        const QString where = path + QLatin1Char(':') + QString::number(lineNumber);
        if (line.trimmed().isEmpty())
            continue;
        Result<QJsonObject> object = objectOn(line, where);
        if (object.hasError())
            return run.fail(object.error());
        if (!sawHeader) {
            sawHeader = true;
            if (object->value(QLatin1String("format")).toString() != QLatin1String(memoryjson::Format))
                return run.fail(Error(ImportMalformed,
                                      Text::tr("not a memory export: the first line must be the header 'valis-cli memory "
                                               "export' writes"),
                                      where));
            const int version = object->value(QLatin1String("version")).toInt(-1);
            if (version != memoryjson::FormatVersion)
                return run.fail(Error(QStringLiteral("memory-import.future-version"),
                                      Text::tr("export format version %1; this Valis reads version %2")
                                          .arg(object->value(QLatin1String("version")).toVariant().toString())
                                          .arg(memoryjson::FormatVersion),
                                      where));
            continue;
        }
        Result<MemoryRecord> record = memoryjson::fromJson(object.value());
        if (record.hasError())
            return run.fail(Error(record.error().code, record.error().message, where));
        recordOffsets.append(offset);
        recordLines.append(lineNumber);
    }
    if (!sawHeader)
        return run.fail(Error(ImportMalformed, Text::tr("the file is empty"), path));

    DetailStore *detailStore = run.store();
    if (!detailStore)
        return 1;
    int imported = 0;
    int alreadyThere = 0;
    QTextStream &err = run.cli().err();
    // A MemoryRef in an old transcript names the old key: say when the new store chose another.
    const auto noteKey = [&err](const QString &where, const QString &oldKey, const QString &newKey) {
        if (!oldKey.isEmpty() && newKey != oldKey)
            err << Text::tr("%1: stored as %2 (the key %3 is taken in this store)").arg(where, newKey, oldKey) << '\n';
    };
    // Plain active records go in batches, one transaction each; files and inactive records,
    // whose order matters, one by one after the batch before them.
    constexpr int BatchSize = 500;
    QList<NewMemory> batch;
    QList<std::pair<QString, QString>> batchOrigins; // where, exported key
    const auto flush = [&]() -> Result<void> {
        if (batch.isEmpty())
            return success();
        Result<QList<MemoryRecord>> stored = detailStore->putMany(batch);
        if (stored.hasError())
            return Error(stored.error().code, stored.error().message, batchOrigins.first().first);
        for (qsizetype i = 0; i < stored->size() && i < batchOrigins.size(); ++i)
            noteKey(batchOrigins.at(i).first, batchOrigins.at(i).second, stored->at(i).key);
        imported += int(batch.size());
        batch.clear();
        batchOrigins.clear();
        return success();
    };
    const auto failed = [&](const Error &error) {
        err << Text::tr("Imported %n record(s) before the failure.", nullptr, imported) << Qt::endl;
        return run.fail(error);
    };
    for (qsizetype i = 0; i < recordOffsets.size(); ++i) {
        input->seek(recordOffsets.at(i));
        const QString where = path + QLatin1Char(':') + QString::number(recordLines.at(i));
        Result<QJsonObject> object = objectOn(input->readLine(), where);
        Result<MemoryRecord> record = object.ok() ? memoryjson::fromJson(object.value()) : Result<MemoryRecord>(object.error());
        if (record.hasError())
            return failed(Error(record.error().code, record.error().message, where));
        if (!record->key.isEmpty()) {
            const Result<MemoryRecord> existing = detailStore->find(record->key);
            if (existing.ok() && existing->sha256 == record->sha256 && existing->agentId == record->agentId
                && existing->path == record->path) {
                ++alreadyThere;
                continue;
            }
        }
        if (record->path.isEmpty() && record->active) {
            NewMemory memory;
            memory.agentId = record->agentId;
            memory.sessionId = record->sessionId;
            memory.type = record->type;
            memory.summary = record->summary;
            memory.content = record->content;
            memory.metadata = record->metadata;
            batch.append(memory);
            batchOrigins.append({where, record->key});
            if (batch.size() >= BatchSize) {
                if (Result<void> done = flush(); done.hasError())
                    return failed(done.error());
            }
            continue;
        }
        if (Result<void> done = flush(); done.hasError())
            return failed(done.error());
        Result<QString> key = store(*detailStore, record.value());
        if (key.hasError())
            return failed(Error(key.error().code, key.error().message, where));
        noteKey(where, record->key, key.value());
        ++imported;
    }
    if (Result<void> done = flush(); done.hasError())
        return failed(done.error());
    err << Text::tr("Imported %n record(s) into %1", nullptr, imported).arg(detailStore->description());
    if (alreadyThere > 0)
        err << "; " << Text::tr("%n already there", nullptr, alreadyThere);
    err << '.' << Qt::endl;
    return 0;
}

} // namespace valis::cli
