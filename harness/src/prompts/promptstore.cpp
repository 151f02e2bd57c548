#include "valis/prompts/promptstore.h"

#include "memory/sqliteconnections.h"
#include "prompts/prompttemplate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

#include <functional>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PromptStore)
};

constexpr int schemaVersion = 1;

// Append-only by construction: the triggers refuse UPDATE and DELETE, so no bug (or other
// program) can rewrite a version that a record or an llm_call already named.
const char *const schemaStatements[] = {
    "CREATE TABLE IF NOT EXISTS prompt_versions ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " key TEXT NOT NULL,"
    " version INTEGER NOT NULL,"
    " text TEXT NOT NULL,"
    " description TEXT NOT NULL DEFAULT '',"
    " created_at TEXT NOT NULL,"
    " removed INTEGER NOT NULL DEFAULT 0,"
    " UNIQUE (key, version))",
    "CREATE TRIGGER IF NOT EXISTS prompt_versions_no_update BEFORE UPDATE ON prompt_versions"
    " BEGIN SELECT RAISE(ABORT, 'prompt versions are append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS prompt_versions_no_delete BEFORE DELETE ON prompt_versions"
    " BEGIN SELECT RAISE(ABORT, 'prompt versions are append-only'); END",
};

const char versionColumns[] = "key, version, text, description, created_at, removed";

Error ioError(const QSqlQuery &query, const QString &path)
{
    return Error(QStringLiteral("prompt.io"), Text::tr("the prompt store failed: %1").arg(query.lastError().databaseText().isEmpty() ? query.lastError().text() : query.lastError().databaseText()), path);
}

PromptVersion versionFrom(const QSqlQuery &query)
{
    PromptVersion version;
    version.key = query.value(0).toString();
    version.version = query.value(1).toInt();
    version.text = query.value(2).toString();
    version.description = query.value(3).toString();
    version.createdAt = QDateTime::fromString(query.value(4).toString(), Qt::ISODateWithMs);
    version.createdAt.setTimeSpec(Qt::UTC);
    version.removed = query.value(5).toInt() != 0;
    return version;
}

QString valueText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble()) {
        const double number = value.toDouble();
        if (number == double(qint64(number)))
            return QString::number(qint64(number));
        return QString::number(number, 'g', 17);
    }
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

} // namespace

struct PromptStore::Private
{
    QString path;
    std::unique_ptr<memory::SqliteConnections> connections;

    Result<QSqlDatabase> db() const
    {
        Result<QSqlDatabase> opened = connections->forCurrentThread();
        if (opened.ok())
            return opened;
        return Error(QStringLiteral("prompt.unavailable"),
                     Text::tr("cannot open the prompt store: %1").arg(opened.error().message), path);
    }

    Result<void> exec(QSqlDatabase &database, const QString &statement) const
    {
        QSqlQuery query(database);
        if (!query.exec(statement))
            return ioError(query, path);
        return success();
    }

    /// The newest row of `key`, tombstone or not; an empty key when there is none.
    Result<PromptVersion> newest(QSqlDatabase &database, const QString &key) const
    {
        QSqlQuery query(database);
        query.prepare(QStringLiteral("SELECT %1 FROM prompt_versions WHERE key = ? ORDER BY version DESC LIMIT 1")
                          .arg(QLatin1String(versionColumns)));
        query.addBindValue(key);
        if (!query.exec())
            return ioError(query, path);
        return query.next() ? versionFrom(query) : PromptVersion();
    }

    /// Version `version` of `key` (0: the newest, which must not be a tombstone).
    Result<PromptVersion> lookup(QSqlDatabase &database, const QString &key, int version) const
    {
        if (version <= 0) {
            Result<PromptVersion> found = newest(database, key);
            if (!found.ok())
                return found.error();
            if (found->key.isEmpty())
                return Error(QStringLiteral("prompt.unknown"), Text::tr("there is no prompt \"%1\"").arg(key));
            if (found->removed) {
                return Error(QStringLiteral("prompt.unknown"),
                             Text::tr("the prompt \"%1\" was removed (version %2)").arg(key).arg(found->version));
            }
            return found;
        }
        QSqlQuery query(database);
        query.prepare(QStringLiteral("SELECT %1 FROM prompt_versions WHERE key = ? AND version = ?")
                          .arg(QLatin1String(versionColumns)));
        query.addBindValue(key);
        query.addBindValue(version);
        if (!query.exec())
            return ioError(query, path);
        if (query.next())
            return versionFrom(query);
        Result<PromptVersion> any = newest(database, key);
        if (!any.ok())
            return any.error();
        if (any->key.isEmpty())
            return Error(QStringLiteral("prompt.unknown"), Text::tr("there is no prompt \"%1\"").arg(key));
        return Error(QStringLiteral("prompt.unknown-version"),
                     Text::tr("the prompt \"%1\" has no version %2 (the newest is %3)").arg(key).arg(version).arg(any->version));
    }

    /// Runs `work` inside BEGIN IMMEDIATE ... COMMIT: the write lock is taken first, so a writer
    /// never has to upgrade a read transaction, which SQLite refuses without waiting.
    template<typename Work>
    auto writeTransaction(QSqlDatabase &database, Work &&work) const -> decltype(work())
    {
        const Result<void> begun = exec(database, QStringLiteral("BEGIN IMMEDIATE"));
        if (!begun.ok())
            return begun.error();
        auto result = work();
        if (!result.ok()) {
            (void)exec(database, QStringLiteral("ROLLBACK"));
            return result;
        }
        const Result<void> committed = exec(database, QStringLiteral("COMMIT"));
        if (!committed.ok()) {
            (void)exec(database, QStringLiteral("ROLLBACK"));
            return committed.error();
        }
        return result;
    }

    struct Expansion
    {
        QSqlDatabase *database = nullptr;
        const QJsonObject *values = nullptr; ///< null: collect variable names only
        QStringList stack;     ///< the keys being expanded, outermost first
        QStringList variables; ///< collected, in order of first use
    };

    /// `text` (of the prompt stack.last()) with includes expanded and, when values are given,
    /// variables filled in.
    Result<QString> expand(Expansion &state, const QString &text) const
    {
        QString out;
        for (const prompts::TemplatePiece &piece : prompts::parseTemplate(text)) {
            switch (piece.kind) {
            case prompts::TemplatePiece::Kind::Text:
                out += piece.value;
                break;
            case prompts::TemplatePiece::Kind::Variable: {
                if (!state.variables.contains(piece.value))
                    state.variables.append(piece.value);
                if (!state.values)
                    break;
                const QJsonValue value = state.values->value(piece.value);
                if (value.isUndefined() || value.isNull()) {
                    return Error(QStringLiteral("prompt.missing-variable"),
                                 Text::tr("the prompt \"%1\" needs a value for {{%2}}").arg(state.stack.constLast(), piece.value));
                }
                out += valueText(value);
                break;
            }
            case prompts::TemplatePiece::Kind::Include: {
                if (state.stack.contains(piece.value)) {
                    return Error(QStringLiteral("prompt.include-cycle"),
                                 Text::tr("the prompt includes itself: %1")
                                     .arg((state.stack + QStringList{piece.value}).join(QStringLiteral(" > "))));
                }
                if (state.stack.size() >= PromptStore::maxIncludeDepth) {
                    return Error(QStringLiteral("prompt.include-depth"),
                                 Text::tr("includes nest deeper than %1 prompts: %2")
                                     .arg(PromptStore::maxIncludeDepth)
                                     .arg(state.stack.join(QStringLiteral(" > "))));
                }
                Result<PromptVersion> found = lookup(*state.database, piece.value, 0);
                if (!found.ok()) {
                    Error error = found.error();
                    error.message = Text::tr("the prompt \"%1\" includes \"%2\": %3")
                                        .arg(state.stack.constLast(), piece.value, error.message);
                    return error;
                }
                const QString included = found->text;
                state.stack.append(piece.value);
                Result<QString> expanded = expand(state, included);
                state.stack.removeLast();
                if (!expanded.ok())
                    return expanded;
                out += expanded.value();
                break;
            }
            }
        }
        return out;
    }

    /// Whether storing `text` under `key` would make an include loop (unknown keys are fine:
    /// they may be set later, and render() names them then).
    Result<void> checkCycles(QSqlDatabase &database, const QString &key, const QString &text) const
    {
        QStringList stack{key};
        // Walk the include graph rather than expand(): an include of a key not set yet must
        // not fail set().
        std::function<Result<void>(const QString &)> walk = [&](const QString &body) -> Result<void> {
            for (const QString &included : prompts::templateIncludes(body)) {
                if (stack.contains(included)) {
                    return Error(QStringLiteral("prompt.include-cycle"),
                                 Text::tr("the prompt would include itself: %1")
                                     .arg((stack + QStringList{included}).join(QStringLiteral(" > "))));
                }
                if (stack.size() >= PromptStore::maxIncludeDepth)
                    continue; // render() reports the depth; this only looks for loops
                QString includedText;
                if (included == key) {
                    includedText = text;
                } else {
                    Result<PromptVersion> found = lookup(database, included, 0);
                    if (!found.ok()) {
                        if (found.error().code == QLatin1String("prompt.unknown"))
                            continue;
                        return found.error();
                    }
                    includedText = found->text;
                }
                stack.append(included);
                const Result<void> inner = walk(includedText);
                stack.removeLast();
                if (!inner.ok())
                    return inner;
            }
            return success();
        };
        return walk(text);
    }
};

PromptStore::PromptStore() : d(std::make_unique<Private>()) {}
PromptStore::~PromptStore() = default;

Result<std::unique_ptr<PromptStore>> PromptStore::open(const QString &path)
{
    if (path.isEmpty())
        return Error(QStringLiteral("prompt.unavailable"), Text::tr("no file was given for the prompt store"));
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!QDir().mkpath(QFileInfo(absolute).absolutePath())) {
        return Error(QStringLiteral("prompt.unavailable"), Text::tr("cannot create the folder of the prompt store"),
                     QFileInfo(absolute).absolutePath());
    }
    std::unique_ptr<PromptStore> store(new PromptStore());
    store->d->path = absolute;
    store->d->connections = std::make_unique<memory::SqliteConnections>(absolute);
    Result<QSqlDatabase> opened = store->d->db();
    if (!opened.ok())
        return opened.error();
    QSqlDatabase database = opened.value();

    // Switching to WAL takes a lock the busy handler does not wait for, so a second process
    // opening a new file at the same moment retries for a while.
    QString mode;
    for (int attempt = 0; attempt < 200 && mode != QLatin1String("wal"); ++attempt) {
        if (attempt > 0)
            QThread::msleep(50);
        QSqlQuery query(database);
        if (query.exec(QStringLiteral("PRAGMA journal_mode=WAL")) && query.next())
            mode = query.value(0).toString();
    }
    if (mode != QLatin1String("wal")) {
        return Error(QStringLiteral("prompt.unavailable"), Text::tr("cannot switch the prompt store to write-ahead logging"),
                     absolute);
    }

    QSqlQuery versionQuery(database);
    if (!versionQuery.exec(QStringLiteral("PRAGMA user_version")) || !versionQuery.next())
        return ioError(versionQuery, absolute);
    const int found = versionQuery.value(0).toInt();
    versionQuery.finish();
    if (found > schemaVersion) {
        return Error(QStringLiteral("prompt.future-schema"),
                     Text::tr("the prompt store was written by a newer Valis (schema %1; this one knows %2) and is left as it is")
                         .arg(found)
                         .arg(schemaVersion),
                     absolute);
    }
    if (found < schemaVersion) {
        Result<void> begun = store->d->exec(database, QStringLiteral("BEGIN IMMEDIATE"));
        if (!begun.ok())
            return begun.error();
        for (const char *statement : schemaStatements) {
            const Result<void> made = store->d->exec(database, QString::fromLatin1(statement));
            if (!made.ok()) {
                (void)store->d->exec(database, QStringLiteral("ROLLBACK"));
                return made.error();
            }
        }
        const Result<void> stamped = store->d->exec(database, QStringLiteral("PRAGMA user_version = %1").arg(schemaVersion));
        const Result<void> committed = stamped.ok() ? store->d->exec(database, QStringLiteral("COMMIT")) : stamped;
        if (!committed.ok()) {
            (void)store->d->exec(database, QStringLiteral("ROLLBACK"));
            return committed.error();
        }
    }
    return store;
}

QString PromptStore::path() const
{
    return d->path;
}

Result<QList<PromptVersion>> PromptStore::list() const
{
    Result<QSqlDatabase> database = d->db();
    if (!database.ok())
        return database.error();
    QSqlQuery query(database.value());
    const QString columns = QLatin1String(versionColumns);
    query.prepare(QStringLiteral("SELECT %1 FROM prompt_versions AS p WHERE version = "
                                 "(SELECT max(version) FROM prompt_versions WHERE key = p.key) AND removed = 0 ORDER BY key")
                      .arg(columns));
    if (!query.exec())
        return ioError(query, d->path);
    QList<PromptVersion> versions;
    while (query.next())
        versions.append(versionFrom(query));
    return versions;
}

Result<PromptVersion> PromptStore::get(const QString &key, int version) const
{
    Result<QSqlDatabase> database = d->db();
    if (!database.ok())
        return database.error();
    return d->lookup(database.value(), key, version);
}

Result<QList<PromptVersion>> PromptStore::history(const QString &key) const
{
    Result<QSqlDatabase> database = d->db();
    if (!database.ok())
        return database.error();
    QSqlQuery query(database.value());
    query.prepare(QStringLiteral("SELECT %1 FROM prompt_versions WHERE key = ? ORDER BY version").arg(QLatin1String(versionColumns)));
    query.addBindValue(key);
    if (!query.exec())
        return ioError(query, d->path);
    QList<PromptVersion> versions;
    while (query.next())
        versions.append(versionFrom(query));
    if (versions.isEmpty())
        return Error(QStringLiteral("prompt.unknown"), Text::tr("there is no prompt \"%1\"").arg(key));
    return versions;
}

static Result<PromptVersion> appendVersion(QSqlDatabase &database, const QString &path, const PromptVersion &version)
{
    QSqlQuery insert(database);
    insert.prepare(QStringLiteral("INSERT INTO prompt_versions (%1) VALUES (?, ?, ?, ?, ?, ?)").arg(QLatin1String(versionColumns)));
    insert.addBindValue(version.key);
    insert.addBindValue(version.version);
    // A null QString binds as NULL; the columns are NOT NULL.
    const auto notNull = [](const QString &text) { return text.isNull() ? QStringLiteral("") : text; };
    insert.addBindValue(notNull(version.text));
    insert.addBindValue(notNull(version.description));
    insert.addBindValue(version.createdAt.toString(Qt::ISODateWithMs));
    insert.addBindValue(version.removed ? 1 : 0);
    if (!insert.exec())
        return ioError(insert, path);
    return version;
}

Result<PromptVersion> PromptStore::set(const QString &key, const QString &text, const QString &description)
{
    if (!prompts::isValidPromptKey(key)) {
        return Error(QStringLiteral("prompt.invalid-key"),
                     Text::tr("\"%1\" is not a prompt key: use lower-case letters, digits, '-', '_' and '/' (at most 128)").arg(key));
    }
    if (text.trimmed().isEmpty())
        return Error(QStringLiteral("prompt.invalid-text"), Text::tr("the prompt \"%1\" has no text").arg(key));
    Result<QSqlDatabase> opened = d->db();
    if (!opened.ok())
        return opened.error();
    QSqlDatabase database = opened.value();
    const QString oneLine = description.simplified();
    // Checked inside the write transaction, so two processes setting at once number their
    // versions one after the other and check cycles against what the other wrote.
    return d->writeTransaction(database, [&]() -> Result<PromptVersion> {
        Result<PromptVersion> newest = d->newest(database, key);
        if (!newest.ok())
            return newest.error();
        const bool live = !newest->key.isEmpty() && !newest->removed;
        // An empty description keeps the previous one: `prompts set KEY` with a new text should
        // not lose what the list shows.
        const QString kept = oneLine.isEmpty() && live ? newest->description : oneLine;
        if (live && newest->text == text && newest->description == kept)
            return newest;
        const Result<void> cycles = d->checkCycles(database, key, text);
        if (!cycles.ok())
            return cycles.error();
        PromptVersion version;
        version.key = key;
        version.version = newest->version + 1;
        version.text = text;
        version.description = kept;
        version.createdAt = QDateTime::currentDateTimeUtc();
        return appendVersion(database, d->path, version);
    });
}

Result<void> PromptStore::remove(const QString &key)
{
    Result<QSqlDatabase> opened = d->db();
    if (!opened.ok())
        return opened.error();
    QSqlDatabase database = opened.value();
    const Result<PromptVersion> written = d->writeTransaction(database, [&]() -> Result<PromptVersion> {
        Result<PromptVersion> newest = d->lookup(database, key, 0);
        if (!newest.ok())
            return newest.error();
        PromptVersion tombstone;
        tombstone.key = key;
        tombstone.version = newest->version + 1;
        tombstone.description = newest->description;
        tombstone.createdAt = QDateTime::currentDateTimeUtc();
        tombstone.removed = true;
        return appendVersion(database, d->path, tombstone);
    });
    if (!written.ok())
        return written.error();
    return success();
}

Result<QString> PromptStore::render(const QString &key, const QJsonObject &variables, int version) const
{
    Result<QSqlDatabase> opened = d->db();
    if (!opened.ok())
        return opened.error();
    QSqlDatabase database = opened.value();
    Result<PromptVersion> found = d->lookup(database, key, version);
    if (!found.ok())
        return found.error();
    if (found->removed) {
        return Error(QStringLiteral("prompt.unknown"),
                     Text::tr("version %1 of the prompt \"%2\" is its removal").arg(found->version).arg(key));
    }
    Private::Expansion state;
    state.database = &database;
    state.values = &variables;
    state.stack = {key};
    return d->expand(state, found->text);
}

Result<QStringList> PromptStore::variables(const QString &key, int version) const
{
    Result<QSqlDatabase> opened = d->db();
    if (!opened.ok())
        return opened.error();
    QSqlDatabase database = opened.value();
    Result<PromptVersion> found = d->lookup(database, key, version);
    if (!found.ok())
        return found.error();
    Private::Expansion state;
    state.database = &database;
    state.stack = {key};
    const Result<QString> expanded = d->expand(state, found->text);
    if (!expanded.ok())
        return expanded.error();
    return state.variables;
}

Result<qint64> PromptStore::revision() const
{
    Result<QSqlDatabase> opened = d->db();
    if (!opened.ok())
        return opened.error();
    // Rows are only ever appended with AUTOINCREMENT ids, so the largest id changes exactly
    // when something was written, by any connection, and reading it is one index probe.
    QSqlQuery query(opened.value());
    if (!query.exec(QStringLiteral("SELECT coalesce(max(id), 0) FROM prompt_versions")) || !query.next())
        return ioError(query, d->path);
    return query.value(0).toLongLong();
}

} // namespace valis
