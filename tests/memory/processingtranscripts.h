#pragma once

// Scripted sessions for the offline memory processing suites, written into a real SessionStore:
// a staging build that fails and is fixed with --no-lto, references of every kind, a later
// session saying the flag is no longer needed, and filler sessions for the resume tests.
#include "valis/memory/memoryprocessing.h"
#include "valis/store/sessionstore.h"

#include <QJsonObject>
#include <QtTest>

namespace valis::test::processing {

/// A stored session and the ids its messages got, in order.
struct Scripted
{
    QString sessionId;
    QStringList ids;
};

inline Message userText(const QString &text)
{
    Message message;
    message.role = Role::User;
    message.parts.append(Part::makeText(text));
    return message;
}

inline Message assistantText(const QString &text)
{
    Message message;
    message.role = Role::Assistant;
    message.parts.append(Part::makeText(text));
    return message;
}

inline Message command(const QString &callId, const QString &line)
{
    Message message;
    message.role = Role::Assistant;
    message.parts.append(Part::makeToolCall(callId, QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), line}}));
    return message;
}

inline Message output(const QString &callId, const QString &text, bool failed)
{
    Message message;
    message.role = Role::Tool;
    message.parts.append(Part::makeToolResultText(callId, text, failed));
    return message;
}

inline Scripted store(SessionStore &sessions, const QString &title, const QString &workspace, const QList<Message> &messages,
                      const QDateTime &created = {})
{
    SessionInfo info;
    info.title = title;
    info.workspace = workspace;
    if (created.isValid()) {
        info.createdAt = created;
        info.updatedAt = created;
    }
    Result<SessionInfo> session = sessions.createSession(info);
    if (session.hasError())
        qFatal("createSession: %s", qPrintable(session.error().toString()));
    QList<Message> timed = messages;
    for (qsizetype i = 0; created.isValid() && i < timed.size(); ++i) {
        if (!timed[i].createdAt.isValid())
            timed[i].createdAt = created.addSecs(i);
    }
    Result<QList<Message>> stored = sessions.appendMessages(session->id, timed);
    if (stored.hasError())
        qFatal("appendMessages: %s", qPrintable(stored.error().toString()));
    Scripted scripted;
    scripted.sessionId = session->id;
    for (const Message &message : stored.value())
        scripted.ids.append(message.id);
    return scripted;
}

/// Messages 1-4 (0-based) are the failing and the working build.
inline QList<Message> stagingBuild()
{
    return {userText(QStringLiteral("Please build staging. The job is https://ci.example.com/jobs/42 and the ticket OPS-17, "
                                    "see issue #123; @alice knows the setup in deploy/staging.yaml.")),
            command(QStringLiteral("c1"), QStringLiteral("make staging")),
            output(QStringLiteral("c1"), QStringLiteral("cc -flto main.o\nld: error: lto-wrapper failed\nmake: *** [staging] Error 1"), true),
            command(QStringLiteral("c2"), QStringLiteral("make staging LTO=--no-lto")),
            output(QStringLiteral("c2"), QStringLiteral("linking staging\nbuild ok\nexit code: 0"), false),
            assistantText(QStringLiteral("The staging build works with LTO turned off; the staging deployment artifact is in "
                                         "out/staging.tar. The staging deployment is ready."))};
}

/// Three commands that succeed in one turn: a procedure.
inline QList<Message> releaseProcedure(const QString &prefix)
{
    return {userText(QStringLiteral("Cut the release, please.")),
            command(prefix + QStringLiteral("a"), QStringLiteral("git tag -s v1.2")),
            output(prefix + QStringLiteral("a"), QStringLiteral("ok"), false),
            command(prefix + QStringLiteral("b"), QStringLiteral("cpack -G DEB")),
            output(prefix + QStringLiteral("b"), QStringLiteral("package written"), false),
            command(prefix + QStringLiteral("c"), QStringLiteral("lintian build/valis.deb")),
            output(prefix + QStringLiteral("c"), QStringLiteral("clean"), false),
            assistantText(QStringLiteral("Release cut."))};
}

/// A session that touches a few files and a URL, numbered so sessions differ.
inline QList<Message> filler(int n)
{
    return {userText(QStringLiteral("Look at src/module%1/part.cpp and https://docs.example.com/page%1 please; the parser module "
                                    "and the parser tests matter.")
                         .arg(n)),
            command(QStringLiteral("f%1").arg(n), QStringLiteral("grep -n parse src/module%1/part.cpp").arg(n)),
            output(QStringLiteral("f%1").arg(n), QStringLiteral("12: parse()"), false),
            assistantText(QStringLiteral("The parser module reads the parser tests from tests/parser%1.txt.").arg(n))};
}

} // namespace valis::test::processing
