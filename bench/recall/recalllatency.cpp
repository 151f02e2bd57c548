#include "recalllatency.h"

#include "corpus.h"
#include "stats.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/recall.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/store/sessionstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>

using namespace valis;

namespace {

double ms(const QElapsedTimer &timer)
{
    return timer.nsecsElapsed() / 1e6;
}

bool buildTranscripts(SessionStore &store, CorpusGenerator &corpus, qint64 bytes, QTextStream &out)
{
    QElapsedTimer timer;
    timer.start();
    int sessions = 0;
    while (corpus.bytesGenerated() < bytes) {
        SessionInfo info;
        info.title = QStringLiteral("synthetic session %1").arg(sessions + 1);
        Result<SessionInfo> created = store.createSession(info);
        if (created.hasError()) {
            out << created.error().toString() << '\n';
            return false;
        }
        Result<QList<Message>> appended = store.appendMessages(created->id, corpus.session(40));
        if (appended.hasError()) {
            out << appended.error().toString() << '\n';
            return false;
        }
        ++sessions;
    }
    const double appendMs = ms(timer);
    timer.restart();
    Result<bool> indexed = store.indexPending();
    if (indexed.hasError()) {
        out << indexed.error().toString() << '\n';
        return false;
    }
    out << "transcripts: " << sessions << " sessions, " << QString::number(corpus.bytesGenerated() / 1048576.0, 'f', 1)
        << " MB; appended in " << QString::number(appendMs / 1000, 'f', 1) << " s, indexed in "
        << QString::number(ms(timer) / 1000, 'f', 1) << " s\n";
    return true;
}

bool buildMemories(DetailStore &memory, CorpusGenerator &corpus, int count, QTextStream &out)
{
    QElapsedTimer timer;
    timer.start();
    QRandomGenerator random(7);
    const char *types[] = {"note", "lesson", "reference", "tool_result", "command_output", "user_preference"};
    for (int done = 0; done < count;) {
        QList<NewMemory> batch;
        for (int i = 0; i < 1000 && done < count; ++i, ++done) {
            NewMemory record;
            record.type = QString::fromLatin1(types[random.bounded(6)]);
            QStringList words;
            const int length = 8 + random.bounded(60);
            for (int w = 0; w < length; ++w)
                words << corpus.word(int(std::pow(random.generateDouble(), 3.0) * (corpus.vocabularySize() - 1)));
            record.summary = words.mid(0, 8).join(QLatin1Char(' '));
            record.content = (words.join(QLatin1Char(' ')) + QStringLiteral(" #%1").arg(done)).toUtf8();
            batch << record;
        }
        Result<QList<MemoryRecord>> stored = memory.putMany(batch);
        if (stored.hasError()) {
            out << stored.error().toString() << '\n';
            return false;
        }
    }
    out << "memories: " << count << " records stored in " << QString::number(ms(timer) / 1000, 'f', 1) << " s\n";
    return true;
}

} // namespace

bool runRecallLatency(const RecallLatencyOptions &options, QTextStream &out)
{
    QDir().mkpath(options.workDir);
    const QString sessionsPath = options.workDir + QStringLiteral("/sessions.db");
    const QString memoryPath = options.workDir + QStringLiteral("/memory.db");
    const bool reuse = QFile::exists(sessionsPath) && QFile::exists(memoryPath);
    CorpusGenerator corpus(19);
    {
        Result<std::unique_ptr<SessionStore>> store = SessionStore::open(sessionsPath);
        if (store.hasError()) {
            out << store.error().toString() << '\n';
            return false;
        }
        if (!reuse && !buildTranscripts(*store.value(), corpus, options.transcriptBytes, out))
            return false;
    }
    Result<std::unique_ptr<SqliteDetailStore>> opened = SqliteDetailStore::open(memoryPath, options.workDir + QStringLiteral("/blobs"));
    if (opened.hasError()) {
        out << opened.error().toString() << '\n';
        return false;
    }
    std::shared_ptr<DetailStore> memory(std::move(opened).value());
    if (!reuse && !buildMemories(*memory, corpus, options.memories, out))
        return false;
    if (reuse)
        out << "reusing the stores in " << options.workDir << '\n';

    RecallSources sources;
    sources.memory = memory;
    sources.sessionDatabasePath = sessionsPath;
    HybridRetriever retriever;
    retriever.addRetriever(makeLexicalRetriever(sources));
    // The same questions for each part, then for both (what the runtime step asks).
    QStringList questions;
    QRandomGenerator random(23);
    for (int q = 0; q < options.queries; ++q) {
        QStringList words;
        const int length = 3 + random.bounded(6);
        for (int w = 0; w < length; ++w) {
            // Mostly rare and middling words, as in real questions, with a common one now and then.
            const double u = random.generateDouble();
            const int rank = u < 0.15 ? random.bounded(50) : 50 + int(random.generateDouble() * (corpus.vocabularySize() - 51));
            words << corpus.word(rank);
        }
        questions << QStringLiteral("when did we ") + words.join(QLatin1Char(' ')) + QLatin1Char('?');
    }
    struct Part
    {
        const char *name;
        bool memories;
        bool transcripts;
    };
    for (const Part &part : {Part{"memories only", true, false}, Part{"transcripts only", false, true},
                             Part{"memories + transcripts", true, true}}) {
        QList<double> latencies;
        int empty = 0;
        for (const QString &question : std::as_const(questions)) {
            RecallQuery query;
            query.text = question;
            query.k = 10;
            query.memories = part.memories;
            query.transcripts = part.transcripts;
            QElapsedTimer timer;
            timer.start();
            Result<QList<RecallHit>> hits = retriever.recall(query);
            latencies << ms(timer);
            if (hits.hasError()) {
                out << hits.error().toString() << '\n';
                return false;
            }
            empty += hits->isEmpty() ? 1 : 0;
        }
        QList<double> sorted = latencies;
        std::sort(sorted.begin(), sorted.end());
        const double p95 = sorted.isEmpty() ? 0 : sorted.at(qMin(sorted.size() - 1, qsizetype(0.95 * (sorted.size() - 1) + 0.5)));
        out << "recall latency, " << part.name << " (lexical, k=10): " << LatencySummary::of(latencies).toString()
            << "  p95 " << QString::number(p95, 'f', 3) << " ms; " << empty << " queries found nothing\n";
        out.flush();
    }
    out.flush();
    return true;
}
