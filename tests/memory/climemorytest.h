#pragma once

// `valis-cli memory` tests: the suite's class and what its source files share (tst_climemory.cpp:
// the fixtures and the record commands; tst_climemory_transfer.cpp: export and import;
// tst_climemory_config.cpp: choosing the store and its password).
#include "postgresserver.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/detailstore.h"
#include "valis/memory/memorysettings.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace valis;

namespace valis::test::climemory {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
    QString text() const { return QString::fromUtf8(out); }
};

/// A store the test fills through the API and the CLI reaches with `storeArguments`.
struct Store
{
    std::shared_ptr<DetailStore> api;
    QStringList storeArguments; ///< {"--store", "sqlite:..."} or {"--store", "postgresql://..."}
    QString url;                ///< the --store value
};

/// What fill() stored.
struct Filled
{
    MemoryRecord build;    ///< 5,000 lines of command output (alpha, session s-1)
    MemoryRecord note;     ///< "zebrafish" (alpha)
    MemoryRecord binary;   ///< not UTF-8 at all (beta)
    MemoryRecord bom;      ///< UTF-8 with a byte-order mark (beta)
    MemoryRecord noNewline;///< a last line without '\n' (alpha)
    MemoryRecord file;     ///< /memories/notes/build.md (alpha, session s-1)
    QByteArray buildContent;
};

inline QByteArray buildOutput()
{
    QByteArray content;
    for (int line = 1; line <= 5000; ++line)
        content += "line " + QByteArray::number(line) + " of the build output\n";
    return content;
}

inline QByteArray linesOf(const QByteArray &content, int first, int last)
{
    const QList<QByteArray> lines = content.split('\n');
    QByteArray result;
    for (int line = first; line <= last; ++line)
        result += lines.at(line - 1) + '\n';
    return result;
}

inline QByteArray binaryBytes()
{
    QByteArray bytes;
    for (int i = 0; i < 600; ++i)
        bytes.append(char((i * 37 + 11) % 256));
    bytes.append('\0').append("\xff\xfe\xc3(", 4);
    return bytes;
}

/// JSON lines of standard output, the header line of an export left out.
inline QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : out.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        if (object.contains(QLatin1String("format")))
            continue;
        objects.append(object);
    }
    return objects;
}

inline QStringList keysOf(const QList<QJsonObject> &objects)
{
    QStringList keys;
    for (const QJsonObject &object : objects)
        keys.append(object.value(QLatin1String("key")).toString());
    keys.sort();
    return keys;
}

/// Export lines by key, without what legitimately differs between stores (creation time).
inline QMap<QString, QJsonObject> comparable(const QList<QJsonObject> &objects)
{
    QMap<QString, QJsonObject> byKey;
    for (QJsonObject object : objects) {
        object.remove(QLatin1String("created_at"));
        byKey.insert(object.value(QLatin1String("key")).toString(), object);
    }
    return byKey;
}

} // namespace valis::test::climemory

namespace valis::test::climemory {
inline const QString PasswordUser = QStringLiteral("keyuser");
inline const QString Password = QStringLiteral("k3ych41n-pw");
} // namespace valis::test::climemory

using namespace valis::test::climemory;

class TestCliMemory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void helpAndUsage();
    void listFilters_data();
    void listFilters();
    void showIsByteExact_data();
    void showIsByteExact();
    void search_data();
    void search();
    void removeAndPurge_data();
    void removeAndPurge();
    void unknownKeyNamesSimilarKeys_data();
    void unknownKeyNamesSimilarKeys();
    void exportImportRoundTrip_data();
    void exportImportRoundTrip();
    void importRefusesBrokenFiles();
    void configChoosesTheStore();
    void postgresConfigAndPasswordNeverShown();
    void passwordSources();
    void keychainPassword();

private:
    /// The address (without password) of a database whose owner must give a password.
    Result<QString> passwordDatabase();
    void addBackendRows();
    Store makeStore(const QString &backend);
    Filled fill(DetailStore &store);
    /// Runs `valis-cli --home HOME memory ARGUMENTS` (`arguments` starting with "keys" run that
    /// command instead), with `environment` added.
    Run cli(const QStringList &arguments, const QByteArray &input = {},
            const QProcessEnvironment &environment = QProcessEnvironment());

    std::unique_ptr<test::PostgresServer> m_server;
    QString m_serverError;
    std::unique_ptr<test::TemporaryHome> m_home;
    int m_stores = 0;
    QString m_passwordDatabase;
};

/// Opens a store of `backend` into `var` inside a TestCliMemory test; skips without a server.
#define MAKE_STORE(var, backend)                                                                   \
    if ((backend) == QLatin1String("postgresql") && !m_server)                                   \
        QSKIP(qPrintable(QStringLiteral("no PostgreSQL server: ") + m_serverError));             \
    const Store var = makeStore(backend);                                                        \
    QVERIFY2(var.api, "the store did not open")
