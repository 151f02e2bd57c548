#include "valis/memory/memorysettings.h"

#include "core/jsonfile.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

#include <cmath>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::MemorySettings)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("memory-settings.malformed");
const QString BadUrlCode = QStringLiteral("memory-settings.bad-url");

// Far above any sensible threshold, far below where a double stops holding integers exactly.
constexpr double LargestNumber = 1e15;

const QStringList knownKeys = {
    QStringLiteral("version"),        QStringLiteral("backend"),
    QStringLiteral("sqlitePath"),     QStringLiteral("postgresql"),
    QStringLiteral("captureThresholdTokens"), QStringLiteral("tools"),
    QStringLiteral("agentsMdBudgetBytes"),    QStringLiteral("summaryProvider"),
    QStringLiteral("summaryModel"),   QStringLiteral("blobThresholdBytes"),
    QStringLiteral("embeddings"),
};

Result<qint64> wholeNumber(const QJsonValue &value, const QString &field, const QString &path)
{
    const double number = value.toDouble(-1);
    if (!value.isDouble() || number < 0 || number > LargestNumber || std::floor(number) != number)
        return Error(MalformedCode, Text::tr("%1 must be a whole number, 0 or more").arg(field), path);
    return qint64(number);
}

Result<QString> optionalString(const QJsonObject &json, const QString &field, const QString &path)
{
    const QJsonValue value = json.value(field);
    if (value.isUndefined() || value.isNull())
        return QString();
    if (!value.isString())
        return Error(MalformedCode, Text::tr("%1 must be a string").arg(field), path);
    return value.toString();
}

/// Keys and values of libpq's "key=value" connection strings, as QPSQL's connect options
/// carry them (separated by ';', which Qt turns into spaces).
QString quotedOptionValue(const QString &value)
{
    static const QString special = QStringLiteral(" \t\\'");
    bool plain = !value.isEmpty();
    for (const QChar c : value)
        plain = plain && !special.contains(c);
    if (plain)
        return value;
    QString quoted = value;
    quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString unquotedOptionValue(const QString &value)
{
    if (value.size() < 2 || !value.startsWith(QLatin1Char('\'')) || !value.endsWith(QLatin1Char('\'')))
        return value;
    QString plain;
    const QString inner = value.mid(1, value.size() - 2);
    for (qsizetype i = 0; i < inner.size(); ++i) {
        if (inner.at(i) == QLatin1Char('\\') && i + 1 < inner.size())
            ++i;
        plain.append(inner.at(i));
    }
    return plain;
}

/// `url` with the password of its user info (and of a ?password= parameter) left out, for
/// messages. Done on the text: an address that fails to parse must not leak either.
QString withoutPassword(const QString &url)
{
    QString shown = url;
    const qsizetype start = shown.indexOf(QLatin1String("://"));
    if (start >= 0) {
        // The last '@' before the query ends the user info, even when an unencoded '/' sits in
        // the password.
        qsizetype queryStart = shown.indexOf(QLatin1Char('?'), start);
        if (queryStart < 0)
            queryStart = shown.size();
        const qsizetype at = shown.lastIndexOf(QLatin1Char('@'), queryStart - 1);
        const qsizetype colon = shown.indexOf(QLatin1Char(':'), start + 3);
        if (at > start && colon >= 0 && colon < at)
            shown.replace(colon, at - colon, QStringLiteral(":***"));
    }
    static const QRegularExpression queryPassword(QStringLiteral("([?&]password=)[^&#]*"));
    shown.replace(queryPassword, QStringLiteral("\\1***"));
    return shown;
}

/// Did-you-mean for a misspelt key: the known key sharing the longest prefix, if any.
QString closestKey(const QString &key)
{
    QString best;
    int bestLength = 2;
    for (const QString &known : knownKeys) {
        int shared = 0;
        while (shared < key.size() && shared < known.size()
               && key.at(shared).toLower() == known.at(shared).toLower())
            ++shared;
        if (shared > bestLength) {
            bestLength = shared;
            best = known;
        }
    }
    return best;
}

} // namespace

Result<PostgresConnection> PostgresConnection::fromUrl(const QString &text)
{
    const QString trimmed = text.trimmed();
    const auto bad = [&trimmed](const QString &why) {
        return Error(BadUrlCode, Text::tr("\"%1\" is not a PostgreSQL address: %2").arg(withoutPassword(trimmed), why));
    };
    if (!trimmed.startsWith(QLatin1String("postgresql://"), Qt::CaseInsensitive)
        && !trimmed.startsWith(QLatin1String("postgres://"), Qt::CaseInsensitive))
        return bad(Text::tr("it must start with postgresql:// or postgres://"));
    const qsizetype authorityStart = trimmed.indexOf(QLatin1String("://")) + 3;
    const qsizetype authorityEnd = [&] {
        const qsizetype end = trimmed.indexOf(QRegularExpression(QStringLiteral("[/?#]")), authorityStart);
        return end < 0 ? trimmed.size() : end;
    }();
    const QString authority = trimmed.mid(authorityStart, authorityEnd - authorityStart);
    const QString hostPart = authority.mid(authority.lastIndexOf(QLatin1Char('@')) + 1);
    if (hostPart.contains(QLatin1Char(',')))
        return bad(Text::tr("several hosts are not supported; name one"));
    // The port is checked here so the message can say what is wrong with it.
    const qsizetype portColon = hostPart.lastIndexOf(QLatin1Char(':'));
    if (portColon >= 0 && portColon > hostPart.lastIndexOf(QLatin1Char(']'))) {
        const QString portText = hostPart.mid(portColon + 1);
        bool ok = false;
        const int port = portText.toInt(&ok);
        if (portText.isEmpty())
            return bad(Text::tr("the port is missing after ':'"));
        if (!ok || port < 1 || port > 65535)
            return bad(Text::tr("port must be a number from 1 to 65535"));
    }

    QUrl url(trimmed, QUrl::StrictMode);
    // QUrl's own message quotes the input, password and all.
    if (!url.isValid())
        return bad(Text::tr("it is not a valid URL (write special characters in the user name and password "
                            "percent-encoded, such as %40 for '@')"));
    if (url.hasFragment())
        return bad(Text::tr("it must not have a #fragment"));

    PostgresConnection connection;
    connection.host = url.host(QUrl::FullyDecoded); // IPv6 without its brackets
    if (url.port() != -1)
        connection.port = url.port();
    if (!url.userName().isEmpty())
        connection.user = url.userName(QUrl::FullyDecoded);
    connection.password = url.password(QUrl::FullyDecoded);
    QString database = url.path(QUrl::FullyDecoded);
    if (database.startsWith(QLatin1Char('/')))
        database.remove(0, 1);
    if (database.contains(QLatin1Char('/')))
        return bad(Text::tr("the database name must not contain '/'"));
    if (!database.isEmpty())
        connection.database = database;

    // Query parameters are libpq's connection keywords; the ones with a field of their own
    // override the URL's parts, as libpq does, the rest become connect options.
    QStringList options;
    const QUrlQuery query(url);
    for (const auto &[rawKey, rawValue] : query.queryItems(QUrl::FullyDecoded)) {
        const QString key = rawKey.trimmed();
        const QString value = rawValue;
        if (key.isEmpty())
            return bad(Text::tr("a query parameter has no name"));
        if (key == QLatin1String("host")) {
            connection.host = value;
        } else if (key == QLatin1String("port")) {
            bool ok = false;
            const int port = value.toInt(&ok);
            if (!ok || port < 1 || port > 65535)
                return bad(Text::tr("port must be a number from 1 to 65535"));
            connection.port = port;
        } else if (key == QLatin1String("dbname")) {
            connection.database = value;
        } else if (key == QLatin1String("user")) {
            connection.user = value;
        } else if (key == QLatin1String("password")) {
            connection.password = value;
        } else {
            static const QRegularExpression keyword(QStringLiteral("^[a-z_][a-z0-9_]*$"));
            if (!keyword.match(key).hasMatch())
                return bad(Text::tr("\"%1\" is not a connection parameter name").arg(key));
            if (value.contains(QLatin1Char(';')))
                return bad(Text::tr("the value of %1 must not contain ';'").arg(key));
            options.append(key + QLatin1Char('=') + quotedOptionValue(value));
        }
    }
    if (connection.port < 1 || connection.port > 65535)
        return bad(Text::tr("port must be a number from 1 to 65535"));
    if (connection.user.isEmpty())
        return bad(Text::tr("the user name is empty"));
    if (connection.database.isEmpty())
        return bad(Text::tr("the database name is empty"));
    connection.options = options.join(QLatin1Char(';'));
    return connection;
}

QStringList PostgresConnection::passwordVariables()
{
    return {QStringLiteral("VALIS_MEMORY_PASSWORD"), QStringLiteral("PGPASSWORD")};
}

QString PostgresConnection::toUrl() const
{
    QString url = QStringLiteral("postgresql://");
    url += QString::fromLatin1(QUrl::toPercentEncoding(user)) + QLatin1Char('@');
    QUrlQuery query;
    // No host (libpq's default socket) or a socket folder ("/run/postgresql"): libpq takes
    // those, and the port, as parameters.
    const bool socket = host.isEmpty() || host.startsWith(QLatin1Char('/'));
    if (socket) {
        if (!host.isEmpty())
            query.addQueryItem(QStringLiteral("host"), QString::fromLatin1(QUrl::toPercentEncoding(host)));
        if (port != 5432)
            query.addQueryItem(QStringLiteral("port"), QString::number(port));
    } else {
        url += host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']')
                                              : QString::fromLatin1(QUrl::toPercentEncoding(host));
        url += QLatin1Char(':') + QString::number(port);
    }
    url += QLatin1Char('/') + QString::fromLatin1(QUrl::toPercentEncoding(database));
    for (const QString &option : options.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype equals = option.indexOf(QLatin1Char('='));
        const QString key = option.left(equals).trimmed();
        const QString value = equals < 0 ? QString() : unquotedOptionValue(option.mid(equals + 1).trimmed());
        query.addQueryItem(QString::fromLatin1(QUrl::toPercentEncoding(key)),
                           QString::fromLatin1(QUrl::toPercentEncoding(value)));
    }
    if (!query.isEmpty())
        url += QLatin1Char('?') + query.query(QUrl::FullyEncoded);
    return url;
}

Result<MemorySettings> MemorySettings::load(const QString &path)
{
    MemorySettings settings;
    const Result<std::optional<QJsonObject>> file = readJsonObjectFile(path, MalformedCode, FormatVersion);
    if (file.hasError())
        return file.error();
    if (!file.value())
        return settings;
    const QJsonObject root = **file;

    // A misspelt key would otherwise be a setting silently not taken.
    for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
        if (knownKeys.contains(it.key()))
            continue;
        const QString closest = closestKey(it.key());
        return Error(MalformedCode,
                     closest.isEmpty() ? Text::tr("unknown setting \"%1\"").arg(it.key())
                                       : Text::tr("unknown setting \"%1\" (did you mean \"%2\"?)").arg(it.key(), closest),
                     path);
    }

    const QJsonValue backend = root.value(QLatin1String("backend"));
    if (!backend.isUndefined()) {
        const QString name = backend.toString();
        if (name == QLatin1String("sqlite"))
            settings.backend = Backend::Sqlite;
        else if (name == QLatin1String("postgresql") || name == QLatin1String("postgres"))
            settings.backend = Backend::Postgres;
        else
            return Error(MalformedCode, Text::tr("backend must be \"sqlite\" or \"postgresql\""), path);
    }

    Result<QString> sqlitePath = optionalString(root, QStringLiteral("sqlitePath"), path);
    if (sqlitePath.hasError())
        return sqlitePath.error();
    settings.sqlitePath = sqlitePath.value();

    const QJsonValue postgres = root.value(QLatin1String("postgresql"));
    if (!postgres.isUndefined() && !postgres.isNull()) {
        if (!postgres.isString())
            return Error(MalformedCode, Text::tr("postgresql must be a string such as \"postgresql://valis@db.example:5432/valis\""),
                         path);
        Result<PostgresConnection> connection = PostgresConnection::fromUrl(postgres.toString());
        if (connection.hasError())
            return Error(MalformedCode, QStringLiteral("postgresql: ") + connection.error().message, path);
        settings.postgres = connection.value();
    } else if (settings.backend == Backend::Postgres) {
        return Error(MalformedCode, Text::tr("backend \"postgresql\" needs \"postgresql\": the server's address, "
                                             "such as \"postgresql://valis@db.example:5432/valis\""),
                     path);
    }

    for (const char *field : {"captureThresholdTokens", "agentsMdBudgetBytes", "blobThresholdBytes"}) {
        const QString name = QString::fromLatin1(field);
        const QJsonValue value = root.value(name);
        if (value.isUndefined())
            continue;
        Result<qint64> number = wholeNumber(value, name, path);
        if (number.hasError())
            return number.error();
        if (qstrcmp(field, "captureThresholdTokens") == 0)
            settings.captureThresholdTokens = number.value();
        else if (qstrcmp(field, "agentsMdBudgetBytes") == 0)
            settings.agentsMdBudgetBytes = number.value();
        else
            settings.blobThresholdBytes = number.value();
    }

    const QJsonValue tools = root.value(QLatin1String("tools"));
    if (!tools.isUndefined()) {
        if (!tools.isObject())
            return Error(MalformedCode, Text::tr("tools must be an object of tool names"), path);
        const QJsonObject byTool = tools.toObject();
        for (auto it = byTool.constBegin(); it != byTool.constEnd(); ++it) {
            const QString where = QStringLiteral("tools.") + it.key();
            if (it.key().isEmpty())
                return Error(MalformedCode, Text::tr("tools must be keyed by tool names, not \"\""), path);
            if (!it.value().isObject())
                return Error(MalformedCode, Text::tr("%1 must be an object such as {\"captureThresholdTokens\": 2000}").arg(where),
                             path);
            const QJsonObject tool = it.value().toObject();
            for (auto field = tool.constBegin(); field != tool.constEnd(); ++field) {
                if (field.key() != QLatin1String("captureThresholdTokens"))
                    return Error(MalformedCode, Text::tr("unknown setting \"%1.%2\"").arg(where, field.key()), path);
            }
            const QJsonValue threshold = tool.value(QLatin1String("captureThresholdTokens"));
            if (threshold.isUndefined())
                continue;
            Result<qint64> number = wholeNumber(threshold, where + QStringLiteral(".captureThresholdTokens"), path);
            if (number.hasError())
                return number.error();
            settings.toolCaptureThresholds.insert(it.key(), number.value());
        }
    }

    Result<QString> provider = optionalString(root, QStringLiteral("summaryProvider"), path);
    if (provider.hasError())
        return provider.error();
    Result<QString> model = optionalString(root, QStringLiteral("summaryModel"), path);
    if (model.hasError())
        return model.error();
    settings.summaryProvider = provider.value().trimmed();
    settings.summaryModel = model.value().trimmed();
    if (settings.summaryProvider.isEmpty() && !settings.summaryModel.isEmpty())
        return Error(MalformedCode, Text::tr("summaryModel needs summaryProvider: the provider that serves it"), path);
    const QJsonValue embeddings = root.value(QLatin1String("embeddings"));
    if (!embeddings.isUndefined() && !embeddings.isObject())
        return Error(MalformedCode, Text::tr("\"embeddings\" must be an object"), path);
    settings.embeddings = embeddings.toObject();
    return settings;
}

Result<void> MemorySettings::save(const QString &path) const
{
    QJsonObject root;
    root.insert(QStringLiteral("version"), FormatVersion);
    root.insert(QStringLiteral("backend"), backendName(backend));
    if (!sqlitePath.isEmpty())
        root.insert(QStringLiteral("sqlitePath"), sqlitePath);
    // Kept while SQLite is chosen too, so switching back needs no retyping. toUrl() never
    // includes the password.
    const PostgresConnection defaults;
    if (backend == Backend::Postgres || postgres.toUrl() != defaults.toUrl())
        root.insert(QStringLiteral("postgresql"), postgres.toUrl());
    root.insert(QStringLiteral("captureThresholdTokens"), double(captureThresholdTokens));
    if (!toolCaptureThresholds.isEmpty()) {
        QJsonObject tools;
        for (auto it = toolCaptureThresholds.constBegin(); it != toolCaptureThresholds.constEnd(); ++it)
            tools.insert(it.key(), QJsonObject{{QStringLiteral("captureThresholdTokens"), double(it.value())}});
        root.insert(QStringLiteral("tools"), tools);
    }
    root.insert(QStringLiteral("agentsMdBudgetBytes"), double(agentsMdBudgetBytes));
    if (!summaryProvider.isEmpty())
        root.insert(QStringLiteral("summaryProvider"), summaryProvider);
    if (!summaryModel.isEmpty())
        root.insert(QStringLiteral("summaryModel"), summaryModel);
    if (blobThresholdBytes != MemorySettings().blobThresholdBytes)
        root.insert(QStringLiteral("blobThresholdBytes"), double(blobThresholdBytes));
    if (!embeddings.isEmpty())
        root.insert(QStringLiteral("embeddings"), embeddings);
    return writeJsonObjectFile(path, root, MalformedCode);
}

qint64 MemorySettings::captureThresholdFor(const QString &toolName) const
{
    return toolCaptureThresholds.value(toolName, captureThresholdTokens);
}

QString MemorySettings::backendName(Backend backend)
{
    switch (backend) {
    case Backend::Sqlite:
        return QStringLiteral("sqlite");
    case Backend::Postgres:
        return QStringLiteral("postgresql");
    }
    return {};
}

} // namespace valis
