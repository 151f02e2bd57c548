#pragma once

// What the transcript search tests share: messages, hit places, raw connections to the store's
// database.
#include "valis/record/message.h"
#include "valis/store/transcriptsearch.h"

#include <QPair>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

namespace valis::test {

inline Message text(Role role, const QString &body)
{
    Message message;
    message.role = role;
    message.parts = {Part::makeText(body)};
    return message;
}

inline QString plainSnippet(const SearchHit &hit)
{
    QString snippet = hit.snippet;
    snippet.replace(snippetMatchStart, QLatin1Char('['));
    snippet.replace(snippetMatchEnd, QLatin1Char(']'));
    return snippet;
}

/// Where a hit is: message id and part index (every part of the prefix test is one chunk).
using HitKey = QPair<QString, int>;

/// Runs `work` with a plain connection of its own to `db`.
template<typename Work>
void withRawConnection(const QString &db, const Work &work)
{
    {
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        raw.setDatabaseName(db);
        raw.open();
        work(raw);
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
}

inline /// Runs each statement on a plain connection of its own; the first error's text, or empty.
QString rawExec(const QString &db, const QStringList &statements)
{
    QString failure;
    withRawConnection(db, [&](const QSqlDatabase &raw) {
        QSqlQuery query(raw);
        for (const QString &statement : statements) {
            if (!query.exec(statement)) {
                failure = statement + QStringLiteral(": ") + query.lastError().text();
                return;
            }
        }
    });
    return failure;
}

} // namespace valis::test
