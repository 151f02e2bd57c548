#include "context/replayviews.h"

#include "valis/context/replayer.h"
#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryFile>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Replayer)
};

constexpr int ViewFileVersion = 1;

/// The names viewFileName() gives: what an earlier dump into the same folder left.
const QRegularExpression &viewFilePattern()
{
    static const QRegularExpression pattern(QStringLiteral("^\\d{4,}-T-?\\d+\\.json$"));
    return pattern;
}

QJsonObject normalisedJson(const NormaliseReport &report)
{
    return QJsonObject{{QStringLiteral("syntheticResults"), QJsonArray::fromStringList(report.syntheticResults)},
                       {QStringLiteral("droppedOrphans"), QJsonArray::fromStringList(report.droppedOrphans)},
                       {QStringLiteral("droppedIncomplete"), QJsonArray::fromStringList(report.droppedIncomplete)},
                       {QStringLiteral("droppedEmptyMessages"), report.droppedEmptyMessages}};
}

} // namespace

Result<void> Replayer::prepareViewDump(const QString &dir)
{
    const QFileInfo info(dir);
    if (dir.isEmpty())
        return Error(QStringLiteral("replay.dump-views"), Text::tr("name a folder for the views"));
    if (info.exists() && !info.isDir())
        return Error(QStringLiteral("replay.dump-views"), Text::tr("%1 is a file, not a folder for the views").arg(dir));
    if (!QDir().mkpath(dir))
        return Error(QStringLiteral("replay.dump-views"), Text::tr("cannot create the folder %1 for the views").arg(dir));
    // Permissions say little (root writes anywhere, a read-only mount refuses everyone): try.
    QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".valis-probe-XXXXXX")));
    if (!probe.open())
        return Error(QStringLiteral("replay.dump-views"),
                     Text::tr("cannot write into the folder %1: %2").arg(dir, probe.errorString()));
    probe.close();
    // Views of an earlier replay into the same folder would mix with this one's.
    QDir folder(dir);
    for (const QString &name : folder.entryList(QDir::Files)) {
        if (viewFilePattern().match(name).hasMatch() && !folder.remove(name))
            return Error(QStringLiteral("replay.dump-views"), Text::tr("cannot remove the earlier view %1").arg(folder.filePath(name)));
    }
    return success();
}

namespace replay {

QString viewFileName(int number, int turn)
{
    return QStringLiteral("%1-T%2.json").arg(number, 4, 10, QLatin1Char('0')).arg(turn);
}

Result<void> writeViewFile(const QString &dir, const ViewFile &file)
{
    const ContextView &view = *file.view;
    QJsonArray messages;
    for (const Message &message : view.messages)
        messages.append(recordjson::toJson(message));
    QJsonArray compactions;
    for (const CompactionEvent &event : view.compactions)
        compactions.append(event.toJson());
    QJsonArray summaryRequests;
    for (const auto &request : view.summaryRequests)
        summaryRequests.append(QJsonObject{{QStringLiteral("strategy"), request.first},
                                           {QStringLiteral("id"), request.second.id},
                                           {QStringLiteral("lastMessageId"), request.second.lastMessageId},
                                           {QStringLiteral("instruction"), request.second.instruction},
                                           {QStringLiteral("maxOutputTokens"), request.second.maxOutputTokens}});
    QJsonArray warnings;
    for (const Error &warning : view.warnings)
        warnings.append(QJsonObject{{QStringLiteral("code"), warning.code}, {QStringLiteral("message"), warning.toString()}});

    QJsonObject json = file.header;
    json.insert(QStringLiteral("version"), ViewFileVersion);
    json.insert(QStringLiteral("request"), file.number);
    json.insert(QStringLiteral("requestTokens"), view.requestTokens);
    json.insert(QStringLiteral("viewTokens"), view.estimatedTokens);
    json.insert(QStringLiteral("targetTokens"), view.targetTokens);
    json.insert(QStringLiteral("systemPrompt"), file.systemPrompt);
    json.insert(QStringLiteral("tools"), file.tools);
    json.insert(QStringLiteral("messages"), messages);
    json.insert(QStringLiteral("boardMessages"), view.boardMessages);
    json.insert(QStringLiteral("stableHistoryEnd"), view.stableHistoryEnd);
    json.insert(QStringLiteral("providerOptions"), view.providerOptions);
    json.insert(QStringLiteral("build"), QJsonObject{{QStringLiteral("compactions"), compactions},
                                                     {QStringLiteral("summaryRequests"), summaryRequests},
                                                     {QStringLiteral("waitForSummary"), view.waitForSummary},
                                                     {QStringLiteral("normalised"), normalisedJson(view.normalised)},
                                                     {QStringLiteral("warnings"), warnings}});

    const int turn = file.header.value(QLatin1String("turn")).toInt(-1);
    QSaveFile out(QDir(dir).filePath(viewFileName(file.number, turn)));
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(json).toJson(QJsonDocument::Indented)) < 0 || !out.commit())
        return Error(QStringLiteral("replay.dump-views"), Text::tr("cannot write the view %1: %2").arg(out.fileName(), out.errorString()));
    return success();
}

} // namespace replay
} // namespace valis
