#include "import/aiderimporter.h"

#include "import/aiderhistoryparser.h"

#include "valis/core/ids.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QHash>
#include <QFileInfo>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::AiderImporter)
};

constexpr qsizetype kTitleLength = 80;
constexpr QByteArrayView kHeader("# aider chat started at");

QString titleFrom(const QString &text)
{
    const QString simple = text.simplified();
    return simple.size() <= kTitleLength ? simple
                                         : simple.left(kTitleLength - 1) + QChar(0x2026);
}

// "/add a.py" -> "/add"; "!ls" -> "!" (Aider's shorthand for /run); else empty.
QString commandOf(const QString &input)
{
    if (input.startsWith(QLatin1Char('!')))
        return QStringLiteral("!");
    if (!input.startsWith(QLatin1Char('/')))
        return {};
    qsizetype end = 1;
    while (end < input.size() && !input.at(end).isSpace())
        ++end;
    return input.left(end);
}

// The model Aider announces at start-up and after /model: "Model: gpt-4o with whole edit
// format", "Models: claude-3-5-sonnet-20240620 with diff edit format, weak model ...",
// "Main model: ... with ...".
QString announcedModel(const QString &output)
{
    for (const QStringView line : QStringView(output).split(QLatin1Char('\n'))) {
        for (const QLatin1String label : {QLatin1String("Main model: "), QLatin1String("Models: "),
                                          QLatin1String("Model: ")}) {
            if (!line.startsWith(label))
                continue;
            const QStringView rest = line.sliced(label.size());
            const qsizetype with = rest.indexOf(QLatin1String(" with "));
            return (with < 0 ? rest : rest.first(with)).trimmed().toString();
        }
    }
    return {};
}

// "Tokens: 5,244 sent, 604 received." (also "1.2k cache write, 3.4k cache hit"); counts
// Aider rounded ("4.5k") are not exact and stay unreported.
Usage reportedUsage(const QString &output)
{
    Usage usage;
    for (const QStringView line : QStringView(output).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("Tokens: ")))
            continue;
        QStringView rest = line.sliced(8);
        const qsizetype stop = rest.indexOf(QLatin1Char('.'), rest.indexOf(QLatin1String("received")));
        if (stop >= 0)
            rest = rest.first(stop);
        for (const QStringView item : rest.split(u", ")) {
            const qsizetype space = item.indexOf(QLatin1Char(' '));
            if (space < 0)
                continue;
            QString digits = item.first(space).toString();
            digits.remove(QLatin1Char(','));
            bool exact = false;
            const qint64 count = digits.toLongLong(&exact);
            if (!exact)
                continue;
            const QStringView label = item.sliced(space + 1);
            if (label == u"sent")
                usage.inputTokens = count;
            else if (label == u"received")
                usage.outputTokens = count;
            else if (label == u"cache write")
                usage.cacheWriteTokens = count;
            else if (label == u"cache hit")
                usage.cacheReadTokens = count;
        }
        // Aider's "sent" is the whole prompt, cached tokens included.
        return Usage::fromInclusivePrompt(usage.inputTokens, usage.outputTokens, usage.cacheWriteTokens,
                                          usage.cacheReadTokens);
    }
    return usage;
}

ImportedSession sessionFrom(const aider::Section &section, int number, int sameHeaderBefore,
                            const QByteArray &bytes, const QDateTime &fallbackTime)
{
    ImportedSession session;
    SessionInfo &info = session.info;
    // Ids must survive the history file growing (Aider appends every new chat) or losing its
    // head: a session is named by its header line (its start time) and how many sections before
    // it had the same header; messages by their line within the section.
    const QByteArray sectionBytes = bytes.mid(section.begin, section.end - section.begin);
    const QByteArray firstLine = sectionBytes.left(sectionBytes.indexOf('\n'));
    info.id = contentId(u"aider", QByteArray(firstLine + '#' + QByteArray::number(sameHeaderBefore)), 12);
    info.originKind = QStringLiteral("aider");
    info.createdAt = section.headerLine > 0 ? section.startedAt : fallbackTime;
    info.updatedAt = info.createdAt;
    QJsonObject &metadata = info.metadata;
    metadata.insert(QLatin1String("section"), number);
    metadata.insert(QLatin1String("line"), section.headerLine);
    // The section's own hash tells whether a re-imported session changed.
    metadata.insert(QLatin1String("sectionSha256"),
                    QString::fromLatin1(QCryptographicHash::hash(sectionBytes, QCryptographicHash::Sha256)
                                            .toHex()));
    metadata.insert(QLatin1String("timeZone"), QStringLiteral("unknown; read as UTC"));
    if (section.headerLine == 0) {
        // The head of the file was cut: this session started before the first header.
        metadata.insert(QLatin1String("fragment"), true);
        metadata.insert(QLatin1String("createdAtIsUpperBound"), true);
    }

    QString model;
    QString firstInput;
    QString firstRequest;
    qsizetype lastReply = -1;
    for (const aider::Block &block : section.blocks) {
        Message message;
        message.id = QStringLiteral("aider-l") + QString::number(block.firstLine - section.headerLine);
        message.createdAt = info.createdAt; // Aider keeps no per-message times
        message.metadata.insert(QLatin1String("line"), block.firstLine);
        switch (block.kind) {
        case aider::BlockKind::User: {
            message.role = Role::User;
            const bool blank = block.text == u"<blank>";
            message.parts.append(Part::makeText(blank ? QString() : block.text));
            const QString command = commandOf(block.text);
            if (blank)
                message.metadata.insert(QLatin1String("aider"), QStringLiteral("blank_input"));
            else if (!command.isEmpty())
                message.metadata.insert(QLatin1String("command"), command);
            else if (firstRequest.isEmpty())
                firstRequest = block.text;
            if (firstInput.isEmpty() && !blank)
                firstInput = block.text;
            lastReply = -1;
            break;
        }
        case aider::BlockKind::Output: {
            message.role = Role::System;
            message.parts.append(Part::makeText(block.text));
            message.metadata.insert(QLatin1String("aider"), QStringLiteral("tool_output"));
            const QString announced = announcedModel(block.text);
            if (!announced.isEmpty())
                model = announced;
            if (info.model.isEmpty())
                info.model = announced;
            const Usage usage = reportedUsage(block.text);
            if (lastReply >= 0 && !usage.isEmpty() && session.messages[lastReply].usage.isEmpty())
                session.messages[lastReply].usage = usage;
            break;
        }
        case aider::BlockKind::Assistant:
            message.role = Role::Assistant;
            message.parts.append(Part::makeText(block.text));
            message.model = model;
            lastReply = session.messages.size();
            break;
        }
        session.messages.append(message);
    }
    // A typed request names a session better than the "/add" that preceded it.
    if (!firstRequest.isEmpty()) {
        info.title = titleFrom(firstRequest);
    } else if (!firstInput.isEmpty()) {
        info.title = titleFrom(firstInput);
    } else if (section.headerLine > 0) {
        info.title = Text::tr("Aider chat of %1")
                         .arg(section.startedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    } else {
        info.title = Text::tr("Aider chat (start not in the file)");
    }
    return session;
}

} // namespace

QString AiderImporter::format() const
{
    return QStringLiteral("aider");
}

QString AiderImporter::displayName() const
{
    return Text::tr("Aider chat history");
}

bool AiderImporter::recognises(const QString &path, QByteArrayView head) const
{
    if (!path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
        return false;
    // The first non-empty line is a session header, or (a history whose head was cut) is one
    // of Aider's own lines and a header follows.
    qsizetype position = 0;
    bool first = true;
    while (position < head.size()) {
        qsizetype end = head.indexOf('\n', position);
        if (end < 0)
            end = head.size();
        const QByteArrayView line = head.sliced(position, end - position).trimmed();
        position = end + 1;
        if (line.isEmpty() || (first && line.startsWith("-*-") && line.endsWith("-*-"))) {
            first = false;
            continue;
        }
        if (line.startsWith(kHeader))
            return true;
        if (!line.startsWith("####") && !line.startsWith(">"))
            return false;
        // The last line may have no newline: then nothing follows it.
        const QByteArrayView rest = position < head.size() ? head.sliced(position) : QByteArrayView();
        const QByteArray header = '\n' + kHeader.toByteArray();
        return rest.startsWith(kHeader) || rest.contains(header);
    }
    return false;
}

Result<ImportedTranscript> AiderImporter::read(const QString &path) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("import.unreadable"),
                     Text::tr("cannot read the file: %1").arg(file.errorString()), path);
    }
    const QByteArray bytes = file.readAll();
    Result<aider::History> history = aider::HistoryParser::parse(path, bytes);
    if (!history.ok())
        return history.error();

    ImportedTranscript transcript;
    transcript.format = format();
    transcript.sourcePath = path;
    const QString originPath = QFileInfo(path).absoluteFilePath();
    QDateTime firstHeaderTime;
    for (const aider::Section &section : std::as_const(history->sections)) {
        if (section.headerLine > 0) {
            firstHeaderTime = section.startedAt;
            break;
        }
    }
    int number = 0;
    QHash<QByteArray, int> headersSeen;
    for (const aider::Section &section : std::as_const(history->sections)) {
        if (section.headerLine > 0)
            ++number;
        const QByteArray sectionStart = bytes.mid(section.begin, qMin<qsizetype>(200, section.end - section.begin));
        const int sameHeaderBefore = headersSeen[sectionStart.left(sectionStart.indexOf('\n'))]++;
        ImportedSession session = sessionFrom(section, section.headerLine > 0 ? number : 0, sameHeaderBefore,
                                              bytes, firstHeaderTime);
        session.info.originPath = originPath;
        transcript.sessions.append(std::move(session));
    }

    transcript.notes.append(Text::tr("Aider writes local times without a zone; they were read as UTC, "
                                     "and every message carries its session's start time."));
    if (!history->sections.isEmpty() && history->sections.first().headerLine == 0) {
        transcript.notes.append(Text::tr("The file starts inside a session whose header is not in it; "
                                         "those lines are session 0, dated by the first header."));
    }
    if (history->skippedModeLine)
        transcript.notes.append(Text::tr("Skipped the Emacs mode line on line 1."));
    if (history->repliesEndedInFence > 0) {
        transcript.notes.append(Text::tr("%n reply(s) left a code fence open (cut off); each was ended "
                                         "at the next input or Aider output.", nullptr, history->repliesEndedInFence));
    }
    return transcript;
}

} // namespace valis
