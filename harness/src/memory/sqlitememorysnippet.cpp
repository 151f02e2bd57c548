#include "memory/sqlitememorysnippet.h"

#include <QCoreApplication>
#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

#include <string>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SqliteDetailStore)
};

/// Byte range of the tokens [first, last] while tokenising, stopping after `last`.
struct Window
{
    int first = 0;
    int last = 0;
    int token = -1;
    int start = -1;
    int end = -1;
};

int onToken(void *context, int flags, const char *, int, int start, int end)
{
    auto *window = static_cast<Window *>(context);
    if (!(flags & FTS5_TOKEN_COLOCATED))
        ++window->token;
    if (window->token >= window->first && window->start < 0)
        window->start = start;
    if (window->token <= window->last)
        window->end = end;
    return window->token > window->last ? SQLITE_DONE : SQLITE_OK;
}

void snippet(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int, sqlite3_value **)
{
    int instances = 0;
    if (api->xInstCount(fts, &instances) != SQLITE_OK) {
        sqlite3_result_error(context, "valis_memory_snippet: cannot read the matches", -1);
        return;
    }
    // The first match in the preferred column: content, then summary, then path.
    static const int preference[] = {1, 0, 2};
    int column = -1;
    int offset = 0;
    for (int wanted : preference) {
        for (int i = 0; i < instances && column < 0; ++i) {
            int phrase = 0;
            int instColumn = 0;
            int instOffset = 0;
            if (api->xInst(fts, i, &phrase, &instColumn, &instOffset) == SQLITE_OK && instColumn == wanted) {
                column = instColumn;
                offset = instOffset;
            }
        }
        if (column >= 0)
            break;
    }
    if (column < 0) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    const char *text = nullptr;
    int size = 0;
    if (api->xColumnText(fts, column, &text, &size) != SQLITE_OK || !text) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    Window window;
    window.first = qMax(0, offset - snippetTokensBefore);
    window.last = offset + snippetTokensAfter;
    const int rc = api->xTokenize(fts, text, size, &window, &onToken);
    if ((rc != SQLITE_OK && rc != SQLITE_DONE) || window.start < 0) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    std::string fragment;
    if (window.start > 0)
        fragment += "\xE2\x80\xA6 "; // …
    fragment.append(text + window.start, size_t(window.end - window.start));
    if (window.end < size)
        fragment += " \xE2\x80\xA6";
    sqlite3_result_text(context, fragment.data(), int(fragment.size()), SQLITE_TRANSIENT);
}

Error snippetError(const QString &detail)
{
    return Error(QStringLiteral("memory.unavailable"),
                 Text::tr("cannot set up memory search snippets: %1").arg(detail));
}

} // namespace

Result<void> registerSnippetFunction(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return snippetError(QStringLiteral("the SQL driver is not SQLite"));
    sqlite3 *connection = *static_cast<sqlite3 *const *>(handle.constData());
    fts5_api *api = nullptr;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(connection, "SELECT fts5(?1)", -1, &statement, nullptr) != SQLITE_OK)
        return snippetError(QString::fromUtf8(sqlite3_errmsg(connection)));
    sqlite3_bind_pointer(statement, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    if (!api || api->iVersion < 2)
        return snippetError(QStringLiteral("SQLite was built without FTS5"));
    if (api->xCreateFunction(api, "valis_memory_snippet", nullptr, &snippet, nullptr) != SQLITE_OK)
        return snippetError(QString::fromUtf8(sqlite3_errmsg(connection)));
    return success();
}

} // namespace valis::memory
