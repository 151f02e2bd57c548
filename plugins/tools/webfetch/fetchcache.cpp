#include "fetchcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

#include <functional>

namespace valis::web {

namespace {

constexpr int SchemaVersion = 1;

/// Runs `work` on a connection of its own to the cache file (connections are per thread in
/// QtSql); does nothing when the file cannot be opened or belongs to a newer Valis.
void withDatabase(const QString &path, const std::function<void(QSqlDatabase &)> &work)
{
    const QString name = QStringLiteral("valis-fetch-cache-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
        QDir().mkpath(QFileInfo(path).absolutePath());
        if (db.open()) {
            QSqlQuery query(db);
            query.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            int version = 0;
            if (query.exec(QStringLiteral("PRAGMA user_version")) && query.next())
                version = query.value(0).toInt();
            if (version == 0) {
                query.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS pages (key TEXT PRIMARY KEY, url TEXT NOT NULL, "
                                          "stored_at INTEGER NOT NULL, page TEXT NOT NULL)"));
                query.exec(QStringLiteral("PRAGMA user_version = %1").arg(SchemaVersion));
                version = SchemaVersion;
            }
            if (version == SchemaVersion)
                work(db);
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
}

} // namespace

QJsonObject FetchedPage::toJson() const
{
    return QJsonObject{{QStringLiteral("url"), url.toString()},
                       {QStringLiteral("finalUrl"), finalUrl.toString()},
                       {QStringLiteral("title"), title},
                       {QStringLiteral("status"), status},
                       {QStringLiteral("contentType"), contentType},
                       {QStringLiteral("content"), content},
                       {QStringLiteral("fetchedAt"), fetchedAt.toString(Qt::ISODate)},
                       {QStringLiteral("viaLoopback"), viaLoopback},
                       {QStringLiteral("via"), via}};
}

FetchedPage FetchedPage::fromJson(const QJsonObject &json)
{
    FetchedPage page;
    page.url = QUrl(json.value(QLatin1String("url")).toString());
    page.finalUrl = QUrl(json.value(QLatin1String("finalUrl")).toString());
    page.title = json.value(QLatin1String("title")).toString();
    page.status = json.value(QLatin1String("status")).toInt();
    page.contentType = json.value(QLatin1String("contentType")).toString();
    page.content = json.value(QLatin1String("content")).toString();
    page.fetchedAt = QDateTime::fromString(json.value(QLatin1String("fetchedAt")).toString(), Qt::ISODate);
    page.viaLoopback = json.value(QLatin1String("viaLoopback")).toBool();
    page.via = json.value(QLatin1String("via")).toString();
    return page;
}

QString FetchCache::key(const QString &url, const QString &format, const QString &backendOptions)
{
    const QByteArray material = url.toUtf8() + '\n' + format.toUtf8() + '\n' + backendOptions.toUtf8();
    return QString::fromLatin1(QCryptographicHash::hash(material, QCryptographicHash::Sha256).toHex());
}

std::optional<FetchedPage> FetchCache::lookup(const QString &key, std::chrono::seconds ttl) const
{
    std::optional<FetchedPage> found;
    if (ttl.count() <= 0)
        return found;
    withDatabase(m_path, [&](QSqlDatabase &db) {
        QSqlQuery query(db);
        query.prepare(QStringLiteral("SELECT page, stored_at FROM pages WHERE key = ?"));
        query.addBindValue(key);
        if (!query.exec() || !query.next())
            return;
        const qint64 storedAt = query.value(1).toLongLong();
        if (QDateTime::currentSecsSinceEpoch() - storedAt > ttl.count())
            return;
        const QJsonObject json = QJsonDocument::fromJson(query.value(0).toString().toUtf8()).object();
        if (!json.isEmpty())
            found = FetchedPage::fromJson(json);
    });
    return found;
}

void FetchCache::store(const QString &key, const FetchedPage &page, std::chrono::seconds ttl) const
{
    if (ttl.count() <= 0)
        return;
    withDatabase(m_path, [&](QSqlDatabase &db) {
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QSqlQuery query(db);
        query.prepare(QStringLiteral("INSERT OR REPLACE INTO pages (key, url, stored_at, page) VALUES (?, ?, ?, ?)"));
        query.addBindValue(key);
        query.addBindValue(page.url.toString());
        query.addBindValue(now);
        query.addBindValue(QString::fromUtf8(QJsonDocument(page.toJson()).toJson(QJsonDocument::Compact)));
        query.exec();
        QSqlQuery prune(db);
        prune.prepare(QStringLiteral("DELETE FROM pages WHERE stored_at < ?"));
        prune.addBindValue(now - ttl.count());
        prune.exec();
    });
}

} // namespace valis::web
