// BranchIndex: the tree a record forms when a conversation branches, on hand-built records, and
// over every transcript of the shared fixtures (which must stay one path: importing them gave
// parentIds, and a session of an imported record must send what it sent before branches).
#include "testsupport.h"

#include "valis/import/transcriptimporter.h"
#include "valis/record/branchindex.h"
#include "valis/store/sessionstore.h"

#include <QDir>

#include <algorithm>

using namespace valis;

namespace {

Message message(const QString &id, Role role, const QString &parentId = {})
{
    Message m;
    m.id = id;
    m.role = role;
    m.parentId = parentId;
    if (role == Role::Tool)
        m.parts.append(Part::makeToolResultText(QStringLiteral("call-") + id, QStringLiteral("out")));
    else
        m.parts.append(Part::makeText(id));
    return m;
}

Message user(const QString &id, const QString &parentId = {})
{
    return message(id, Role::User, parentId);
}

Message assistant(const QString &id, const QString &parentId = {})
{
    return message(id, Role::Assistant, parentId);
}

QStringList ids(const QList<Message> &messages)
{
    QStringList out;
    for (const Message &m : messages)
        out.append(m.id);
    return out;
}

} // namespace

class TestBranchIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyRecord();
    void linearRecordIsItsOwnPath();
    void explicitParentsOfALinearRecord();
    void forkAtTheFirstMessage();
    void nestedForks();
    void danglingAndLaterParentsMeanThePreviousMessage();
    void parallelToolResultsAreOneStep();
    void appendExtendsLikeARebuild();
    void fixtureRecordsAreOnePath();
};

void TestBranchIndex::emptyRecord()
{
    const BranchIndex index{QList<Message>()};
    QCOMPARE(index.size(), 0);
    QVERIFY(index.path({}).isEmpty());
    QVERIFY(!index.hasForks());
    QVERIFY(index.forkPoints().isEmpty());
    QCOMPARE(index.siblings(QStringLiteral("x")).index, -1);
    QCOMPARE(index.newestLeafUnder(QStringLiteral("x")), QString());
}

void TestBranchIndex::linearRecordIsItsOwnPath()
{
    const QList<Message> record{user(QStringLiteral("u1")), assistant(QStringLiteral("a1")), user(QStringLiteral("u2")),
                                assistant(QStringLiteral("a2"))};
    const BranchIndex index(record);
    QVERIFY(!index.hasForks());
    QVERIFY(index.forkPoints().isEmpty());
    QCOMPARE(index.path(record), record);
    QCOMPARE(BranchIndex::activePath(record), record);
    // The path to an earlier message stops there.
    QCOMPARE(ids(index.path(record, QStringLiteral("a1"))), (QStringList{QStringLiteral("u1"), QStringLiteral("a1")}));
    for (const Message &m : record) {
        const BranchSiblings siblings = index.siblings(m.id);
        QCOMPARE(siblings.count(), 1);
        QCOMPARE(siblings.index, 0);
    }
    QCOMPARE(index.parentOf(QStringLiteral("u1")), QString());
    QCOMPARE(index.parentOf(QStringLiteral("u2")), QStringLiteral("a1"));
    QCOMPARE(index.newestLeafUnder(QStringLiteral("u1")), QStringLiteral("a2"));
    QVERIFY(index.isOnPath(1, 3));
    QVERIFY(!index.isOnPath(3, 1));
}

void TestBranchIndex::explicitParentsOfALinearRecord()
{
    // Claude Code's imports name every parent, and a compact boundary's is null (empty here).
    QList<Message> record{user(QStringLiteral("u1")), assistant(QStringLiteral("a1"), QStringLiteral("u1")),
                          message(QStringLiteral("boundary"), Role::System), user(QStringLiteral("u2"), QStringLiteral("boundary")),
                          assistant(QStringLiteral("a2"), QStringLiteral("u2"))};
    const BranchIndex index(record);
    QVERIFY(!index.hasForks());
    QCOMPARE(index.path(record), record);
}

void TestBranchIndex::forkAtTheFirstMessage()
{
    // The first message edited and sent again: no parent, said with NoParentId.
    const QList<Message> record{user(QStringLiteral("u1")), assistant(QStringLiteral("a1")),
                                user(QStringLiteral("u1b"), NoParentId), assistant(QStringLiteral("a1b"))};
    const BranchIndex index(record);
    QVERIFY(index.hasForks());
    QCOMPARE(index.forkPoints(), QStringList{QString(NoParentId)});
    QCOMPARE(ids(index.path(record)), (QStringList{QStringLiteral("u1b"), QStringLiteral("a1b")}));
    QCOMPARE(ids(index.path(record, QStringLiteral("a1"))), (QStringList{QStringLiteral("u1"), QStringLiteral("a1")}));
    const BranchSiblings siblings = index.siblings(QStringLiteral("u1b"));
    QCOMPARE(siblings.ids, (QStringList{QStringLiteral("u1"), QStringLiteral("u1b")}));
    QCOMPARE(siblings.index, 1);
    QCOMPARE(index.siblings(QStringLiteral("u1")).index, 0);
    QCOMPARE(index.parentOf(QStringLiteral("u1b")), QString());
    QCOMPARE(index.newestLeafUnder(QStringLiteral("u1")), QStringLiteral("a1"));
    QCOMPARE(index.siblings(QStringLiteral("a1b")).count(), 1);
}

void TestBranchIndex::nestedForks()
{
    // u1 a1 ─┬─ u2 a2
    //        ├─ u2b a2b ─┬─ u3 a3
    //        │           └─ u3b a3b
    //        └─ u2c a2c
    const QList<Message> record{
        user(QStringLiteral("u1")),         assistant(QStringLiteral("a1")),
        user(QStringLiteral("u2")),         assistant(QStringLiteral("a2")),
        user(QStringLiteral("u2b"), QStringLiteral("a1")), assistant(QStringLiteral("a2b")),
        user(QStringLiteral("u3")),         assistant(QStringLiteral("a3")),
        user(QStringLiteral("u3b"), QStringLiteral("a2b")), assistant(QStringLiteral("a3b")),
        user(QStringLiteral("u2c"), QStringLiteral("a1")), assistant(QStringLiteral("a2c")),
    };
    const BranchIndex index(record);
    QCOMPARE(index.forkPoints(), (QStringList{QStringLiteral("a1"), QStringLiteral("a2b")}));
    // By default the path ends at the record's last message.
    QCOMPARE(ids(index.path(record)), (QStringList{QStringLiteral("u1"), QStringLiteral("a1"), QStringLiteral("u2c"), QStringLiteral("a2c")}));
    QCOMPARE(ids(index.path(record, QStringLiteral("a3"))),
             (QStringList{QStringLiteral("u1"), QStringLiteral("a1"), QStringLiteral("u2b"), QStringLiteral("a2b"), QStringLiteral("u3"), QStringLiteral("a3")}));
    QCOMPARE(ids(index.path(record, QStringLiteral("a3b"))),
             (QStringList{QStringLiteral("u1"), QStringLiteral("a1"), QStringLiteral("u2b"), QStringLiteral("a2b"), QStringLiteral("u3b"), QStringLiteral("a3b")}));
    const BranchSiblings second = index.siblings(QStringLiteral("u2b"));
    QCOMPARE(second.ids, (QStringList{QStringLiteral("u2"), QStringLiteral("u2b"), QStringLiteral("u2c")}));
    QCOMPARE(second.index, 1);
    QCOMPARE(index.siblings(QStringLiteral("u3b")).ids, (QStringList{QStringLiteral("u3"), QStringLiteral("u3b")}));
    // "2 of 3" shows that branch as it was last left: its newest message.
    QCOMPARE(index.newestLeafUnder(QStringLiteral("u2b")), QStringLiteral("a3b"));
    QCOMPARE(index.newestLeafUnder(QStringLiteral("u3")), QStringLiteral("a3"));
    QCOMPARE(index.newestLeafUnder(QStringLiteral("a1")), QStringLiteral("a2c"));
    QVERIFY(index.isOnPath(index.indexOf(QStringLiteral("a2b")), index.indexOf(QStringLiteral("a3"))));
    QVERIFY(!index.isOnPath(index.indexOf(QStringLiteral("u2")), index.indexOf(QStringLiteral("a3"))));
}

void TestBranchIndex::danglingAndLaterParentsMeanThePreviousMessage()
{
    // A parent in another file, and one that names a later message (a damaged record): neither
    // may break the path or make a cycle.
    const QList<Message> record{user(QStringLiteral("u1"), QStringLiteral("elsewhere")), assistant(QStringLiteral("a1"), QStringLiteral("gone")),
                                user(QStringLiteral("u2"), QStringLiteral("a2")), assistant(QStringLiteral("a2"))};
    const BranchIndex index(record);
    QVERIFY(!index.hasForks());
    QCOMPARE(index.path(record), record);
    QCOMPARE(index.parentOf(QStringLiteral("u2")), QStringLiteral("a1"));
}

void TestBranchIndex::parallelToolResultsAreOneStep()
{
    // Claude Code parents each result of parallel calls on its own call, so the results are
    // siblings in its tree; they answer one assistant message together.
    const QList<Message> record{user(QStringLiteral("u1")), assistant(QStringLiteral("a1"), QStringLiteral("u1")),
                                message(QStringLiteral("r1"), Role::Tool, QStringLiteral("a1")),
                                message(QStringLiteral("r2"), Role::Tool, QStringLiteral("a1")),
                                message(QStringLiteral("r3"), Role::Tool, QStringLiteral("a1")),
                                assistant(QStringLiteral("a2"), QStringLiteral("r3")), user(QStringLiteral("u2"), QStringLiteral("a2")),
                                // An edit after them is still a real fork.
                                user(QStringLiteral("u2b"), QStringLiteral("a2"))};
    const BranchIndex index(record);
    QCOMPARE(index.forkPoints(), QStringList{QStringLiteral("a2")});
    QCOMPARE(ids(index.path(record, QStringLiteral("u2"))),
             (QStringList{QStringLiteral("u1"), QStringLiteral("a1"), QStringLiteral("r1"), QStringLiteral("r2"), QStringLiteral("r3"),
                          QStringLiteral("a2"), QStringLiteral("u2")}));
    QCOMPARE(index.siblings(QStringLiteral("r2")).count(), 1);
    QCOMPARE(index.siblings(QStringLiteral("u2b")).count(), 2);
}

void TestBranchIndex::appendExtendsLikeARebuild()
{
    const QList<Message> record{user(QStringLiteral("u1")), assistant(QStringLiteral("a1")), user(QStringLiteral("u2")),
                                user(QStringLiteral("u2b"), QStringLiteral("a1")), assistant(QStringLiteral("a2b"))};
    BranchIndex grown;
    for (const Message &m : record)
        grown.append(m);
    const BranchIndex built(record);
    QCOMPARE(grown.forkPoints(), built.forkPoints());
    for (const Message &m : record) {
        QCOMPARE(grown.parentOf(m.id), built.parentOf(m.id));
        QCOMPARE(grown.siblings(m.id), built.siblings(m.id));
    }
    QCOMPARE(grown.path(record), built.path(record));
}

void TestBranchIndex::fixtureRecordsAreOnePath()
{
    const QString root = test::fixturesDir();
    if (!QDir(root).exists())
        QSKIP(qPrintable(QStringLiteral("the shared fixtures are not at %1 (set VALIS_FIXTURES)").arg(root)));
    const TranscriptImporters importers;
    const QStringList files = importers.scan(root);
    if (files.isEmpty())
        QSKIP(qPrintable(QStringLiteral("no transcript the importers recognise under %1 (set VALIS_FIXTURES)").arg(root)));

    // Through the store too: what a reopened session reads is what it branches on.
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("sessions.db")));
    VALIS_VERIFY_OK(store);
    int sessions = 0;
    int withParents = 0;
    QStringList unreadable;
    for (const QString &file : files) {
        const Result<ImportedTranscript> transcript = importers.read(file);
        if (transcript.hasError()) {
            // Each importer's own suite decides which fixtures it must read.
            unreadable.append(transcript.error().toString());
            continue;
        }
        VALIS_VERIFY_OK(store.value()->importTranscript(transcript.value()));
        for (const ImportedSession &session : transcript->sessions) {
            const QString name = QDir(root).relativeFilePath(file) + QStringLiteral(" / ") + session.info.id;
            const Result<QList<Message>> stored = store.value()->messages(session.info.id);
            VALIS_VERIFY_OK(stored);
            QCOMPARE(ids(stored.value()), ids(session.messages));
            for (const QList<Message> &record : {session.messages, stored.value()}) {
                const BranchIndex index(record);
                // None of these sessions was ever edited and sent again, so any fork would be a
                // misreading of the source's parent links, and would hide messages from the model.
                QVERIFY2(!index.hasForks(), qPrintable(name + QStringLiteral(": forks at ") + index.forkPoints().join(QLatin1Char(' '))));
                QCOMPARE(ids(index.path(record)), ids(record));
            }
            ++sessions;
            withParents += std::any_of(session.messages.cbegin(), session.messages.cend(),
                                       [](const Message &m) { return !m.parentId.isEmpty(); });
        }
    }
    if (!unreadable.isEmpty())
        qInfo("not read: %s", qPrintable(unreadable.join(QStringLiteral("; "))));
    QVERIFY2(sessions >= 10, qPrintable(QStringLiteral("only %1 sessions found under %2").arg(sessions).arg(root)));
    // The Claude Code sessions carry parent links (parallel tool results, compact boundaries).
    QVERIFY2(withParents >= 5, qPrintable(QStringLiteral("only %1 sessions with parent links").arg(withParents)));
}

VALIS_TEST_MAIN(TestBranchIndex)
#include "tst_branchindex.moc"
