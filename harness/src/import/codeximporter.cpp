#include "import/codeximporter.h"

#include "import/codexrollout.h"
#include "import/codextuilog.h"

#include "valis/import/jsonsource.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace valis {

QString CodexImporter::format() const
{
    return QStringLiteral("codex");
}

QString CodexImporter::displayName() const
{
    return QCoreApplication::translate("valis::CodexImporter", "OpenAI Codex CLI (rollout or TUI session log)");
}

bool CodexImporter::recognises(const QString &path, QByteArrayView head) const
{
    if (!path.endsWith(QLatin1String(".jsonl")))
        return false;
    const qsizetype end = head.indexOf('\n');
    const QByteArrayView firstLine = end < 0 ? head : head.first(end);
    const QJsonDocument document = QJsonDocument::fromJson(firstLine.toByteArray().trimmed());
    if (!document.isObject()) {
        // A first line carrying long instructions can outgrow the head; Codex writes its
        // fields in a fixed order, so the line's start is enough: a session_meta line, or the
        // bare header of mid-2025 releases ({id, timestamp, instructions}) in a rollout-*.jsonl.
        static const QRegularExpression rolloutStart(
            QStringLiteral(R"(^\{"timestamp":"[^"]*","type":"session_meta","payload":\{)"));
        static const QRegularExpression legacyStart(
            QStringLiteral(R"(^\{(?:"record_type":"session_meta",)?"id":"[^"]+","timestamp":"[^"]*",)"));
        if (end >= 0)
            return false;
        const QString start = QString::fromUtf8(head.first(qMin<qsizetype>(head.size(), 200)));
        return rolloutStart.match(start).hasMatch()
            || (QFileInfo(path).fileName().startsWith(QLatin1String("rollout-")) && legacyStart.match(start).hasMatch());
    }
    const QJsonObject first = document.object();
    return codex::isRolloutHeader(first, QFileInfo(path).fileName()) || codex::isTuiLogLine(first);
}

Result<ImportedTranscript> CodexImporter::read(const QString &path) const
{
    Result<QList<JsonLine>> lines = readJsonLines(path);
    if (!lines.ok())
        return lines.error();
    if (lines->isEmpty())
        return malformedInput(path, 0, QCoreApplication::translate("valis::CodexImporter", "the file is empty"));
    if (codex::isTuiLogLine(lines->first().object))
        return codex::readTuiLog(path, lines.value());
    if (!codex::isRolloutHeader(lines->first().object, QFileInfo(path).fileName())) {
        return malformedInput(path, lines->first().lineNumber,
                              QCoreApplication::translate("valis::CodexImporter",
                                                          "neither a Codex rollout (no session_meta "
                                                          "first) nor a Codex TUI session log"));
    }
    return codex::readRollout(path, lines.value());
}

} // namespace valis
