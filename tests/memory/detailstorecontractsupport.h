#pragma once

// What the DetailStore contract's source files share: opening a store in a test, checking an
// error code, and small builders and readers of records. Not a header for other tests.

#include "detailstorecontract.h"
#include "testsupport.h"

#include <QCryptographicHash>

/// Opens a fresh store into `var` (a DetailStore &), failing the test when that fails.
#define CONTRACT_STORE(var)                                                                      \
    auto var##Opened_ = openStore();                                                             \
    VALIS_VERIFY_OK(var##Opened_);                                                               \
    DetailStore &var = *var##Opened_.value()

/// Verifies that `expr` (a Result) failed with the error code `expected`.
#define VERIFY_FAILS_WITH(expr, expected)                                                        \
    do {                                                                                         \
        const auto &failed_ = (expr);                                                            \
        QVERIFY2(failed_.hasError(), "the call succeeded but should have failed");               \
        QCOMPARE(failed_.error().code, QStringLiteral(expected));                                \
    } while (false)

namespace valis::test::contract {

inline NewMemory memory(const QByteArray &content, const QString &summary = {}, const QString &agent = QStringLiteral("agent-a"),
                 const QString &session = {}, const QString &type = QStringLiteral("note"))
{
    NewMemory m;
    m.agentId = agent;
    m.sessionId = session;
    m.type = type;
    m.summary = summary;
    m.content = content;
    return m;
}

inline QStringList keysOf(const QList<MemoryRecord> &records)
{
    QStringList keys;
    for (const MemoryRecord &record : records)
        keys << record.key;
    return keys;
}

inline QStringList keysOf(const QList<MemoryHit> &hits)
{
    QStringList keys;
    for (const MemoryHit &hit : hits)
        keys << hit.record.key;
    return keys;
}

inline QStringList pathsOf(const QList<MemoryRecord> &records)
{
    QStringList paths;
    for (const MemoryRecord &record : records)
        paths << record.path;
    return paths;
}

inline QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

inline MemoryFilter everything()
{
    MemoryFilter filter;
    filter.includeInactive = true;
    filter.limit = 0;
    return filter;
}

inline QByteArray numberedLines(int count, const char *pattern)
{
    QByteArray content;
    for (int line = 1; line <= count; ++line)
        content += QByteArray(pattern).replace("%1", QByteArray::number(line)) + '\n';
    return content;
}

/// Lines `first`..`last` (from 1) of `content`, with their newlines.
inline QByteArray linesOf(const QByteArray &content, int first, int last)
{
    const QList<QByteArray> lines = content.split('\n');
    QByteArray slice;
    for (int line = first; line <= last; ++line)
        slice += lines.at(line - 1) + '\n';
    return slice;
}

/// "<key> <index>" lines a writer printed.
inline QList<QPair<QString, int>> committedBy(const QByteArray &output)
{
    QList<QPair<QString, int>> committed;
    for (const QByteArray &line : output.split('\n')) {
        const QList<QByteArray> fields = line.trimmed().split(' ');
        if (fields.size() == 2 && fields.at(0).startsWith("m-"))
            committed.append({QString::fromLatin1(fields.at(0)), fields.at(1).toInt()});
    }
    return committed;
}

} // namespace valis::test::contract

using namespace valis::test::contract;
