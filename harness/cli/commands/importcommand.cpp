#include "clicontext.h"
#include "commands.h"

#include "valis/import/transcriptimporter.h"

#include <QElapsedTimer>
#include <QFileInfo>

namespace valis::cli {

int runImport(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("import");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("paths"), Text::tr("Transcript files, or folders to search for them."),
                                 QStringLiteral("PATH..."));
    const QCommandLineOption format(QStringLiteral("format"),
                                    Text::tr("Read the files as FORMAT instead of detecting it."), QStringLiteral("FORMAT"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), Text::tr("Read and check the files, store nothing."));
    const QCommandLineOption listFormats(QStringLiteral("list-formats"), Text::tr("List the formats Valis can import."));
    const QCommandLineOption quiet({QStringLiteral("q"), QStringLiteral("quiet")}, Text::tr("Print only errors."));
    parser.addOptions({format, dryRun, listFormats, quiet});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Imports other agents' transcripts into the session store. Each file is "
                                                "imported whole or not at all; importing a file again adds only the "
                                                "messages that are new."),
                                       arguments);
        code >= 0) {
        return code;
    }

    TranscriptImporters importers;
    if (parser.isSet(listFormats)) {
        for (const auto &importer : importers.all())
            context.out() << importer->format().leftJustified(14) << ' ' << importer->displayName() << '\n';
        context.out().flush();
        return 0;
    }
    if (parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("name at least one file or folder to import"));
    const TranscriptImporter *forced = nullptr;
    if (parser.isSet(format)) {
        forced = importers.find(parser.value(format));
        if (!forced) {
            return context.usageError(command, Text::tr("unknown format \"%1\" (see --list-formats)").arg(parser.value(format)));
        }
    }

    QStringList files;
    for (const QString &path : parser.positionalArguments()) {
        const QFileInfo info(path);
        if (info.isDir()) {
            const QStringList found = importers.scan(path);
            if (found.isEmpty())
                context.err() << Text::tr("valis-cli import: no transcripts found in %1").arg(path) << Qt::endl;
            files << found;
        } else {
            files << path;
        }
    }
    SessionStore *store = parser.isSet(dryRun) ? nullptr : context.store();
    if (!parser.isSet(dryRun) && !store)
        return 1;

    int failures = 0;
    for (const QString &file : std::as_const(files)) {
        QElapsedTimer timer;
        timer.start();
        const TranscriptImporter *importer = forced;
        if (!importer) {
            Result<const TranscriptImporter *> detected = importers.detect(file);
            if (!detected.ok()) {
                context.fail(command, detected.error());
                ++failures;
                continue;
            }
            importer = detected.value();
        }
        Result<ImportedTranscript> transcript = importer->read(file);
        if (!transcript.ok()) {
            context.fail(command, transcript.error());
            ++failures;
            continue;
        }
        int messages = 0;
        for (const ImportedSession &session : transcript->sessions)
            messages += int(session.messages.size());
        if (parser.isSet(dryRun)) {
            if (!parser.isSet(quiet)) {
                context.out() << Text::tr("%1 (%2): %3 sessions, %4 messages, readable")
                                     .arg(file, importer->format())
                                     .arg(transcript->sessions.size())
                                     .arg(messages)
                              << '\n';
            }
            continue;
        }
        Result<ImportReport> report = store->importTranscript(transcript.value());
        if (!report.ok()) {
            context.fail(command, report.error());
            ++failures;
            continue;
        }
        if (parser.isSet(quiet))
            continue;
        int present = 0;
        for (const ImportedSessionReport &session : report->sessions)
            present += session.messagesAlreadyPresent;
        context.out() << Text::tr("%1 (%2): %3 sessions, %4 new messages, %5 already present, %6 s")
                             .arg(file, importer->format())
                             .arg(report->sessions.size())
                             .arg(report->messagesAdded())
                             .arg(present)
                             .arg(double(timer.elapsed()) / 1000.0, 0, 'f', 2)
                      << '\n';
        if (report->sessions.size() <= 8) {
            for (const ImportedSessionReport &session : report->sessions)
                context.out() << "  " << session.sessionId << "  " << session.title.left(70) << '\n';
        }
        for (const QString &note : report->notes)
            context.out() << "  " << Text::tr("note: %1").arg(note) << '\n';
    }
    context.out().flush();
    return failures == 0 ? 0 : 1;
}

} // namespace valis::cli
