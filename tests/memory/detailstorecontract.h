#pragma once

#include "valis/core/result.h"
#include "valis/memory/detailstore.h"

#include <QObject>
#include <QStringList>

#include <memory>

class QProcess;

/// The DetailStore contract: the tests every backend must pass, written once against the
/// DetailStore interface. Each backend runs it from a tiny suite of its own:
///
///     class TestSqliteDetailStore : public DetailStoreContract
///     {
///         Q_OBJECT
///     protected:
///         valis::Result<std::unique_ptr<valis::DetailStore>> openStore() override;
///         valis::Result<std::unique_ptr<valis::DetailStore>> reopenStore() override;
///         QStringList writerArguments() const override;
///     private Q_SLOTS:
///         void initTestCase();      // optional: start a server, skip when there is none
///         void backendOnlyTest();   // optional: tests of this backend alone
///     };
///     VALIS_TEST_MAIN(TestSqliteDetailStore)
///
/// Qt Test runs the private slots of the base class as well, so the contract's tests run under
/// their own names beside the backend's. The contract defines none of Qt Test's special slots
/// (initTestCase, init, cleanup, cleanupTestCase): a subclass may define them freely.
///
/// Two tests start valis_memory_writer (tests/bin, built by tests/memory) as separate
/// processes that write into the store: link the suite with valis_detailstore_contract and add
/// DEPENDS valis_memory_writer to its valis_add_test().
class DetailStoreContract : public QObject
{
    Q_OBJECT

protected:
    /// A new, empty store for one test. Called once or more per test; each call may discard
    /// what the previous ones returned.
    virtual valis::Result<std::unique_ptr<valis::DetailStore>> openStore() = 0;
    /// A second, independent handle on the store the last openStore() returned, opened as a
    /// new process would open it (new connections, nothing cached).
    virtual valis::Result<std::unique_ptr<valis::DetailStore>> reopenStore() = 0;
    /// The arguments that make valis_memory_writer open that same store: "--sqlite PATH
    /// [--blob-dir DIR]" or "--postgres URL" (a password goes in its environment, which the
    /// writer inherits).
    virtual QStringList writerArguments() const = 0;

    /// The writer's path in the build tree.
    static QString writerPath();
    /// Runs valis_memory_writer as `left` and `right` at once, each writing `count` records
    /// tagged with its name; an empty string when both exited cleanly, else what went wrong.
    QString runTwoWriters(QProcess &left, QProcess &right, int count) const;

private Q_SLOTS:
    void roundTrip();
    void lineCounts();
    void identicalContentIsStoredOnce();
    void keyGrowsWhenItsPrefixIsTaken();
    void putManyIsAllOrNothing();
    void listFilters();
    void searchRanksStrongerMatchesFirst();
    void searchPhrasesAndPrefixes();
    void searchFilters();
    void searchTreatsOperatorsAsText();
    void readPagesByLines();
    void readPagesByBytes();
    void unknownKeyNamesSimilarKeys();
    void deactivateAndPurge();
    void stats();
    void memoryFilesKeepVersions();
    void memoryFilesListAndRemove();
    void memoryFilesWriteOnCondition();
    void memoryFileAndFolderRefuseEachOther();
    void unicodeContent();
    void emptyContent();
    void twentyMegabyteContent();
    void twoWriterProcessesLoseNothing();
    void killedWriterLeavesNoHalfRecord();
    void memoryFileWritersLoseNoUpdate();
    void memoryFileAndFolderWritersNeverBothLand();
    void threadsShareOneStore();
};
