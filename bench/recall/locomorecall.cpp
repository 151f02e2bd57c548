#include "locomorecall.h"

#include "valis/import/transcriptimporter.h"
#include "valis/memory/recall.h"
#include "valis/store/sessionstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

using namespace valis;

namespace {

struct Question
{
    QString sample;
    QString text;
    int category = 0;
    QStringList evidence; ///< cleaned dia_ids
};

struct Cleaning
{
    int split = 0;
    int fixed = 0;
    int dropped = 0;
    int questionsWithoutEvidence = 0;
};

QStringList cleanEvidence(const QJsonArray &raw, const QSet<QString> &turns, Cleaning &cleaning)
{
    static const QRegularExpression separator(QStringLiteral("[;\\s]+"));
    static const QRegularExpression form(QStringLiteral("^D:?(\\d+):0*(\\d+)$"));
    QStringList cleaned;
    for (const QJsonValue &value : raw) {
        const QStringList pieces = value.toString().split(separator, Qt::SkipEmptyParts);
        if (pieces.size() > 1)
            ++cleaning.split;
        for (const QString &piece : pieces) {
            const QRegularExpressionMatch m = form.match(piece);
            if (!m.hasMatch()) {
                ++cleaning.dropped;
                continue;
            }
            const QString id = QStringLiteral("D%1:%2").arg(m.captured(1).toInt()).arg(m.captured(2).toInt());
            if (id != piece)
                ++cleaning.fixed;
            if (!turns.contains(id)) {
                ++cleaning.dropped;
                continue;
            }
            if (!cleaned.contains(id))
                cleaned << id;
        }
    }
    return cleaned;
}

} // namespace

bool runLocomoRecall(const LocomoRecallOptions &options, QTextStream &out)
{
    QFile file(options.file);
    if (!file.open(QIODevice::ReadOnly)) {
        out << "cannot read " << options.file << ": " << file.errorString() << '\n';
        return false;
    }
    const QJsonArray samples = QJsonDocument::fromJson(file.readAll()).array();
    TranscriptImporters importers;
    const TranscriptImporter *importer = importers.find(QStringLiteral("locomo"));
    Result<ImportedTranscript> transcript = importer->read(options.file);
    if (transcript.hasError()) {
        out << transcript.error().toString() << '\n';
        return false;
    }

    // recall[category][k] -> per-question values; category 0 = all chosen categories.
    QMap<int, QMap<int, QList<double>>> recall;
    Cleaning cleaning;
    double queryMs = 0;
    int queries = 0;
    for (const QJsonValue &sampleValue : samples) {
        const QJsonObject sample = sampleValue.toObject();
        const QString sampleId = sample.value(QLatin1String("sample_id")).toString();
        ImportedTranscript one;
        one.format = transcript->format;
        one.sourcePath = transcript->sourcePath;
        QSet<QString> turns;
        for (const ImportedSession &session : std::as_const(transcript->sessions)) {
            if (!session.info.originId.startsWith(sampleId + QLatin1Char('/')))
                continue;
            one.sessions << session;
            for (const Message &message : session.messages)
                turns.insert(message.metadata.value(QLatin1String("dia_id")).toString());
        }
        const QString dir = options.workDir + QLatin1Char('/') + sampleId;
        QDir().mkpath(dir);
        QFile::remove(dir + QStringLiteral("/sessions.db"));
        Result<std::unique_ptr<SessionStore>> store = SessionStore::open(dir + QStringLiteral("/sessions.db"));
        if (store.hasError()) {
            out << store.error().toString() << '\n';
            return false;
        }
        Result<ImportReport> imported = store.value()->importTranscript(one);
        if (imported.hasError()) {
            out << imported.error().toString() << '\n';
            return false;
        }
        RecallSources sources;
        sources.sessionDatabasePath = store.value()->path();
        HybridRetriever retriever;
        retriever.addRetriever(makeLexicalRetriever(sources));
        const int depth = options.ks.isEmpty() ? 10 : *std::max_element(options.ks.cbegin(), options.ks.cend());

        QMap<int, QMap<int, QList<double>>> own;
        for (const QJsonValue &qaValue : sample.value(QLatin1String("qa")).toArray()) {
            const QJsonObject qa = qaValue.toObject();
            const int category = qa.value(QLatin1String("category")).toInt();
            if (!options.categories.contains(category))
                continue;
            const QStringList evidence = cleanEvidence(qa.value(QLatin1String("evidence")).toArray(), turns, cleaning);
            if (evidence.isEmpty()) {
                ++cleaning.questionsWithoutEvidence;
                continue;
            }
            RecallQuery query;
            query.text = qa.value(QLatin1String("question")).toString();
            query.memories = false;
            query.k = depth;
            QElapsedTimer timer;
            timer.start();
            Result<QList<RecallHit>> hits = retriever.recall(query);
            queryMs += timer.nsecsElapsed() / 1e6;
            ++queries;
            if (hits.hasError()) {
                out << hits.error().toString() << '\n';
                return false;
            }
            QStringList ranked;
            for (const RecallHit &hit : std::as_const(hits.value()))
                ranked << hit.passage.messageId.mid(sampleId.size() + 1);
            for (const int k : options.ks) {
                int found = 0;
                for (const QString &id : evidence)
                    found += ranked.mid(0, k).contains(id) ? 1 : 0;
                const double value = double(found) / double(evidence.size());
                recall[category][k] << value;
                recall[0][k] << value;
                own[0][k] << value;
            }
        }
        if (options.perConversation) {
            out << sampleId << ":";
            for (const int k : options.ks) {
                const QList<double> &values = own[0][k];
                double sum = 0;
                for (double v : values)
                    sum += v;
                out << "  R@" << k << ' ' << QString::number(values.isEmpty() ? 0 : sum / values.size(), 'f', 3);
            }
            out << "  (" << own[0][options.ks.constFirst()].size() << " questions)\n";
        }
    }

    const auto mean = [](const QList<double> &values) {
        double sum = 0;
        for (double v : values)
            sum += v;
        return values.isEmpty() ? 0.0 : sum / double(values.size());
    };
    out << "\nLoCoMo turn-level recall of valis-cli recall (lexical) on " << QFileInfo(options.file).fileName() << '\n';
    out << QStringLiteral("%1").arg(QStringLiteral("category"), -14);
    for (const int k : options.ks)
        out << QStringLiteral("R@%1").arg(k).rightJustified(8);
    out << "  questions\n";
    QList<int> rows = {0};
    rows += options.categories;
    for (const int category : std::as_const(rows)) {
        const QString name = category == 0 ? QStringLiteral("all") : QStringLiteral("%1").arg(category);
        out << name.leftJustified(14);
        for (const int k : options.ks)
            out << QString::number(mean(recall[category][k]), 'f', 3).rightJustified(8);
        out << "  " << recall[category][options.ks.constFirst()].size() << '\n';
    }
    out << "evidence cleaned: " << cleaning.split << " joined strings split, " << cleaning.fixed << " ids fixed, "
        << cleaning.dropped << " ids dropped; " << cleaning.questionsWithoutEvidence << " questions left without evidence\n";
    out << "mean query time " << QString::number(queries ? queryMs / queries : 0, 'f', 2) << " ms over " << queries
        << " queries\n";
    out.flush();
    return true;
}
