// The orphan sweep: blob files of deleted sessions and files a crash left without their row go
// once older than the grace period; fresh and referenced files stay. Files are aged by setting
// their modification time back, which is what the sweep reads.
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/record/message.h"
#include "valis/store/sessionstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

using namespace valis;

namespace {

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QString contentPath(const QString &folder, const QByteArray &bytes)
{
    const QString hex = sha256Hex(bytes);
    return folder + QLatin1Char('/') + hex.left(2) + QLatin1Char('/') + hex;
}

/// Sets the file's modification time `seconds` into the past.
bool age(const QString &path, qint64 seconds)
{
    QFile file(path);
    return file.open(QIODevice::Append)
        && file.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-seconds), QFileDevice::FileModificationTime);
}

constexpr qint64 TwoHours = 2 * 3600;

Message imageMessage(const QByteArray &png)
{
    Message message;
    message.role = Role::User;
    message.parts = {Part::makeText(QStringLiteral("look")), Part::makeImage({QStringLiteral("image/png"), QString(), png})};
    return message;
}

Message toolImageMessage(const QByteArray &png)
{
    Message message;
    message.role = Role::Tool;
    message.parts = {Part::makeToolResult(QStringLiteral("c1"), {Part::makeImage({QStringLiteral("image/png"), QString(), png})}, false)};
    return message;
}

} // namespace

class TestOrphanSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deletedSessionBlobsGoSharedOnesStay();
    void backgroundSweepAfterDelete();
    void crashLeftoversGoOnlyWhenOld();
    void storingAgainRenewsAnOldFile();
    void memoryContentFiles();
    void cliSweep();
};

void TestOrphanSweep::deletedSessionBlobsGoSharedOnesStay()
{
    QTemporaryDir dir;
    const QString blobs = dir.filePath(QStringLiteral("blobs"));
    auto store = SessionStore::open(dir.filePath(QStringLiteral("s.db")), blobs);
    VALIS_VERIFY_OK(store);
    const QByteArray own("own image of the deleted session"), nested("image inside a tool result"), shared("image both sessions show");
    auto doomed = store.value()->createSession({});
    auto kept = store.value()->createSession({});
    VALIS_VERIFY_OK(doomed);
    VALIS_VERIFY_OK(kept);
    VALIS_VERIFY_OK(store.value()->appendMessages(doomed->id, {imageMessage(own), toolImageMessage(nested), imageMessage(shared)}));
    VALIS_VERIFY_OK(store.value()->appendMessages(kept->id, {imageMessage(shared)}));
    for (const QByteArray &bytes : {own, nested, shared})
        QVERIFY(age(contentPath(blobs, bytes), TwoHours));

    // Referenced files stay whatever their age.
    auto before = store.value()->sweepOrphanBlobs(std::chrono::seconds(0));
    VALIS_VERIFY_OK(before);
    QCOMPARE(before->examined, 3);
    QVERIFY(before->removed.isEmpty());

    VALIS_VERIFY_OK(store.value()->deleteSession(doomed->id));
    auto swept = store.value()->sweepOrphanBlobs();
    VALIS_VERIFY_OK(swept);
    QCOMPARE(swept->examined, 3);
    QCOMPARE(QSet<QString>(swept->removed.cbegin(), swept->removed.cend()),
             (QSet<QString>{QFileInfo(contentPath(blobs, own)).absoluteFilePath(), QFileInfo(contentPath(blobs, nested)).absoluteFilePath()}));
    QCOMPARE(swept->bytesRemoved, qint64(own.size() + nested.size()));
    QVERIFY(!QFileInfo::exists(contentPath(blobs, own)));
    QVERIFY(QFileInfo::exists(contentPath(blobs, shared)));
    auto messages = store.value()->messages(kept->id);
    VALIS_VERIFY_OK(messages);
    auto read = store.value()->readBlob(messages->at(0).parts.at(1).image.uri);
    VALIS_VERIFY_OK(read);
    QCOMPARE(read.value(), shared);
}

void TestOrphanSweep::backgroundSweepAfterDelete()
{
    QTemporaryDir dir;
    const QString blobs = dir.filePath(QStringLiteral("blobs"));
    auto store = SessionStore::open(dir.filePath(QStringLiteral("s.db")), blobs);
    VALIS_VERIFY_OK(store);
    QList<Result<OrphanSweepReport>> reports;
    store.value()->setOrphanSweepListener([&reports](const Result<OrphanSweepReport> &report) { reports.append(report); });
    const QByteArray png("an image of a session about to be deleted");
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    VALIS_VERIFY_OK(store.value()->appendMessages(session->id, {imageMessage(png)}));
    QVERIFY(age(contentPath(blobs, png), TwoHours));
    VALIS_VERIFY_OK(store.value()->deleteSession(session->id));
    QVERIFY(QFileInfo::exists(contentPath(blobs, png))); // not inside the delete itself

    // The event loop runs the sweep a few seconds later.
    QTRY_COMPARE_WITH_TIMEOUT(reports.size(), 1, 60000);
    VALIS_VERIFY_OK(reports.constFirst());
    QCOMPARE(reports.constFirst()->removed, QStringList{QFileInfo(contentPath(blobs, png)).absoluteFilePath()});
    QVERIFY(!QFileInfo::exists(contentPath(blobs, png)));
}

void TestOrphanSweep::crashLeftoversGoOnlyWhenOld()
{
    QTemporaryDir dir;
    const QString blobs = dir.filePath(QStringLiteral("blobs"));
    auto store = SessionStore::open(dir.filePath(QStringLiteral("s.db")), blobs);
    VALIS_VERIFY_OK(store);
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    const QByteArray referenced("an image whose row committed");
    VALIS_VERIFY_OK(store.value()->appendMessages(session->id, {imageMessage(referenced)}));
    QVERIFY(age(contentPath(blobs, referenced), TwoHours));

    // What a crash between file and row leaves: the file, no row. And a temporary file of an
    // atomic write the crash interrupted.
    const QByteArray oldOrphan("written an hour ago, row never committed"), freshOrphan("written a moment ago, row on its way");
    QVERIFY(test::writeFile(contentPath(blobs, oldOrphan), oldOrphan));
    QVERIFY(age(contentPath(blobs, oldOrphan), TwoHours));
    QVERIFY(test::writeFile(contentPath(blobs, freshOrphan), freshOrphan));
    const QString temporary = contentPath(blobs, "half-written") + QStringLiteral(".aBc123");
    QVERIFY(test::writeFile(temporary, "half"));
    QVERIFY(age(temporary, TwoHours));
    // Not a content file: left alone.
    const QString stranger = blobs + QStringLiteral("/ab/notes.txt");
    QVERIFY(test::writeFile(stranger, "mine"));
    QVERIFY(age(stranger, TwoHours));

    auto swept = store.value()->sweepOrphanBlobs();
    VALIS_VERIFY_OK(swept);
    QCOMPARE(swept->examined, 4);
    QCOMPARE(swept->keptRecent, 1);
    QCOMPARE(QSet<QString>(swept->removed.cbegin(), swept->removed.cend()),
             (QSet<QString>{QFileInfo(contentPath(blobs, oldOrphan)).absoluteFilePath(), QFileInfo(temporary).absoluteFilePath()}));
    QVERIFY(QFileInfo::exists(contentPath(blobs, freshOrphan)));
    QVERIFY(QFileInfo::exists(contentPath(blobs, referenced)));
    QVERIFY(QFileInfo::exists(stranger));

    // Once old, the fresh orphan goes too; the referenced file never.
    QVERIFY(age(contentPath(blobs, freshOrphan), TwoHours));
    auto later = store.value()->sweepOrphanBlobs();
    VALIS_VERIFY_OK(later);
    QCOMPARE(later->removed, QStringList{QFileInfo(contentPath(blobs, freshOrphan)).absoluteFilePath()});
    QVERIFY(QFileInfo::exists(contentPath(blobs, referenced)));
}

void TestOrphanSweep::storingAgainRenewsAnOldFile()
{
    QTemporaryDir dir;
    const QString blobs = dir.filePath(QStringLiteral("blobs"));
    auto store = SessionStore::open(dir.filePath(QStringLiteral("s.db")), blobs);
    VALIS_VERIFY_OK(store);
    // An old orphan whose content a new message stores again: between that store and the row's
    // commit, the file must not look old.
    const QByteArray png("content stored again after its first row was lost");
    QVERIFY(test::writeFile(contentPath(blobs, png), png));
    QVERIFY(age(contentPath(blobs, png), TwoHours));
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    VALIS_VERIFY_OK(store.value()->appendMessages(session->id, {imageMessage(png)}));
    QVERIFY(QFileInfo(contentPath(blobs, png)).lastModified().secsTo(QDateTime::currentDateTime()) < 3600);
    auto swept = store.value()->sweepOrphanBlobs();
    VALIS_VERIFY_OK(swept);
    QCOMPARE(swept->keptRecent, 1);
    QVERIFY(swept->removed.isEmpty());
}

void TestOrphanSweep::memoryContentFiles()
{
    QTemporaryDir dir;
    const QString blobs = dir.filePath(QStringLiteral("memory-blobs"));
    auto store = SqliteDetailStore::open(dir.filePath(QStringLiteral("memory.db")), blobs, 16);
    VALIS_VERIFY_OK(store);
    NewMemory memory;
    memory.summary = QStringLiteral("a large output");
    memory.content = QByteArray("a content above the sixteen-byte threshold, so it lives in a file");
    auto put = store.value()->put(memory);
    VALIS_VERIFY_OK(put);
    const QString referenced = contentPath(blobs, memory.content);
    QVERIFY(QFileInfo::exists(referenced));
    QVERIFY(age(referenced, TwoHours));
    const QByteArray orphan("a content whose row a crash kept from committing");
    QVERIFY(test::writeFile(contentPath(blobs, orphan), orphan));
    QVERIFY(age(contentPath(blobs, orphan), TwoHours));
    const QByteArray fresh("a content whose row is being written right now");
    QVERIFY(test::writeFile(contentPath(blobs, fresh), fresh));

    auto swept = store.value()->sweepOrphanBlobs();
    VALIS_VERIFY_OK(swept);
    QCOMPARE(swept->examined, 3);
    QCOMPARE(swept->removed, QStringList{QFileInfo(contentPath(blobs, orphan)).absoluteFilePath()});
    QVERIFY(QFileInfo::exists(referenced));
    QVERIFY(QFileInfo::exists(contentPath(blobs, fresh)));
    auto read = store.value()->get(put->key);
    VALIS_VERIFY_OK(read);
    QCOMPARE(read->content, memory.content);
}

void TestOrphanSweep::cliSweep()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QByteArray orphan("left by a crash in an earlier run");
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
    }
    QVERIFY(test::writeFile(contentPath(locations.blobDir(), orphan), orphan));
    QVERIFY(age(contentPath(locations.blobDir(), orphan), TwoHours));
    const QByteArray memoryOrphan("a memory content left by a crash");
    QVERIFY(test::writeFile(contentPath(locations.memoryBlobDir(), memoryOrphan), memoryOrphan));
    QVERIFY(age(contentPath(locations.memoryBlobDir(), memoryOrphan), TwoHours));

    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("VALIS_HOME"));
    cli.setProcessEnvironment(environment);
    cli.start(test::buildDir() + QStringLiteral("/bin/valis-cli"),
              {QStringLiteral("--home"), home.path(), QStringLiteral("sweep"), QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    const QJsonObject report = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    QCOMPARE(report.value(QLatin1String("sessions")).toObject().value(QLatin1String("removed")).toArray().size(), 1);
    QCOMPARE(report.value(QLatin1String("memory")).toObject().value(QLatin1String("removed")).toArray().size(), 1);
    QVERIFY(!QFileInfo::exists(contentPath(locations.blobDir(), orphan)));
    QVERIFY(!QFileInfo::exists(contentPath(locations.memoryBlobDir(), memoryOrphan)));

    cli.start(test::buildDir() + QStringLiteral("/bin/valis-cli"),
              {QStringLiteral("--home"), home.path(), QStringLiteral("sweep"), QStringLiteral("--grace"), QStringLiteral("soon")});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 2);
}

VALIS_TEST_MAIN(TestOrphanSweep)
#include "tst_orphansweep.moc"
