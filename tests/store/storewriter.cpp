// Appends crashTestMessage()s to one session of a store, printing "committed <seq>" after each
// commit, until it has written `count` messages or is killed.
#include "crashcontent.h"

#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        QTextStream(stderr) << "usage: valis_store_writer DB SESSION COUNT\n";
        return 2;
    }
    const QString session = args.at(2);
    const qint64 count = args.at(3).toLongLong();
    auto store = valis::SessionStore::open(args.at(1));
    if (!store.ok()) {
        QTextStream(stderr) << store.error().toString() << '\n';
        return 1;
    }
    valis::SessionInfo info;
    info.id = session;
    if (!store.value()->session(session).ok()) {
        auto created = store.value()->createSession(info);
        if (!created.ok()) {
            QTextStream(stderr) << created.error().toString() << '\n';
            return 1;
        }
    }
    auto existing = store.value()->messageCount(session);
    QTextStream out(stdout);
    out << "ready " << existing.value() << Qt::endl;
    for (qint64 seq = existing.value(); seq < count; ++seq) {
        auto appended = store.value()->appendMessage(session, crashTestMessage(session, seq));
        if (!appended.ok()) {
            QTextStream(stderr) << appended.error().toString() << '\n';
            return 1;
        }
        out << "committed " << seq << Qt::endl;
    }
    return 0;
}
