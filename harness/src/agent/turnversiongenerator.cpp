#include "valis/agent/turnversiongenerator.h"

#include "valis/agent/recallitems.h"

#include "agent/streamassembler.h"
#include "valis/context/storedturnversions.h"
#include "valis/plugins/providerstream.h"
#include "valis/store/sessionstore.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::TurnVersionGenerator)
};

// A request that takes longer than this is given up; the extractive versions stay.
constexpr int RequestTimeoutMs = 180000;
// A standalone request carries the turn as a transcript cut to about this many characters:
// a turn of megabytes of tool output is summarised from its start, as the extractive one is.
constexpr qsizetype TranscriptMaxChars = 200000;
constexpr qsizetype PartMaxChars = 20000;

const char *const SectionNames[3] = {"smoothed", "compressed", "tiny"};

QString cut(const QString &text, qsizetype max)
{
    if (text.size() <= max)
        return text;
    return text.left(max) + QStringLiteral("\n[... %1 more characters]").arg(text.size() - max);
}

/// The turn as plain text, for a request that does not continue the live one.
QString transcriptOf(const QList<Message> &messages)
{
    QString out;
    for (const Message &message : messages) {
        // What recall reminded the model of is not part of what the turn said.
        if (isRecallMessage(message))
            continue;
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
                out += QStringLiteral("[%1]\n%2\n\n").arg(message.role == Role::User ? QStringLiteral("user") : QStringLiteral("assistant"),
                                                         cut(part.text, PartMaxChars));
                break;
            case PartKind::ToolCall:
                out += QStringLiteral("[tool call %1 %2]\n%3\n\n").arg(part.toolName, part.callId, cut(part.argumentsJson(), PartMaxChars));
                break;
            case PartKind::ToolResult:
                out += QStringLiteral("[tool result %1%2]\n%3\n\n")
                           .arg(part.callId, part.isError ? QStringLiteral(" (error)") : QString(), cut(part.searchText(), PartMaxChars));
                break;
            default:
                break;
            }
        }
    }
    return cut(out, TranscriptMaxChars);
}

/// Whether every tool call in `messages` has its result there too: only then can they follow
/// the live request (a provider refuses a call without its result).
bool callsAnswered(const QList<Message> &messages)
{
    QSet<QString> calls;
    QSet<QString> results;
    for (const Message &message : messages) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                calls.insert(part.callId);
            else if (part.kind == PartKind::ToolResult)
                results.insert(part.callId);
        }
    }
    return calls == results;
}

} // namespace

std::optional<TurnVersionMode> turnVersionModeFromString(const QString &text)
{
    const QString mode = text.trimmed().toLower();
    if (mode == QLatin1String("auto"))
        return TurnVersionMode::Auto;
    if (mode == QLatin1String("extractive"))
        return TurnVersionMode::Extractive;
    if (mode == QLatin1String("model"))
        return TurnVersionMode::Model;
    return std::nullopt;
}

std::optional<std::array<QString, 3>> parseTurnVersionAnswer(const QString &answer)
{
    // Each section runs from its opening tag to its closing tag, or, when the model forgot
    // that, to the next opening tag or the end.
    static const QRegularExpression open(QStringLiteral("<\\s*(smoothed|compressed|tiny)\\s*>"),
                                         QRegularExpression::CaseInsensitiveOption);
    QList<QPair<int, qsizetype>> starts; // section index, where its text starts
    QList<qsizetype> tagStarts;
    for (auto it = open.globalMatch(answer); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const QString name = match.captured(1).toLower();
        for (int i = 0; i < 3; ++i) {
            if (name == QLatin1String(SectionNames[i])) {
                starts.append({i, match.capturedEnd()});
                tagStarts.append(match.capturedStart());
            }
        }
    }
    std::array<QString, 3> sections;
    for (qsizetype n = 0; n < starts.size(); ++n) {
        const int index = starts.at(n).first;
        const qsizetype from = starts.at(n).second;
        qsizetype to = n + 1 < starts.size() ? tagStarts.at(n + 1) : answer.size();
        const QRegularExpression close(QStringLiteral("<\\s*/\\s*%1\\s*>").arg(QLatin1String(SectionNames[index])),
                                       QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch closing = close.match(answer, from);
        if (closing.hasMatch() && closing.capturedStart() < to)
            to = closing.capturedStart();
        QString text = answer.mid(from, to - from).trimmed();
        // A fence the model put around a section's content is no part of it.
        if (text.startsWith(QLatin1String("```")) && text.endsWith(QLatin1String("```")) && text.size() >= 6) {
            text = text.mid(text.indexOf(QLatin1Char('\n')) + 1);
            text.chop(3);
            text = text.trimmed();
        }
        if (sections[size_t(index)].isEmpty())
            sections[size_t(index)] = text;
    }
    for (const QString &section : sections) {
        if (section.isEmpty())
            return std::nullopt;
    }
    return sections;
}

QString turnVersionInstruction(int turn, qint64 turnTokens)
{
    // For the model: English, whatever the interface language.
    const qint64 tokens = qMax<qint64>(turnTokens, 1);
    return QStringLiteral(
               "Do not call any tool and do not continue the work. Write three shorter versions of turn %1 of this "
               "conversation (its last user request and everything that followed it, about %2 tokens), for a "
               "context that shows older turns at lower fidelity. Answer with exactly these three sections and "
               "nothing else:\n"
               "<smoothed>\nabout %3 tokens: the turn with whitespace and formatting normalised, noise and repetition "
               "removed; each tool call kept with its arguments summarised and what its result said\n</smoothed>\n"
               "<compressed>\nabout %4 tokens: the key points, decisions, actions and results; each tool call as "
               "{tool NAME called → result}\n</compressed>\n"
               "<tiny>\none sentence: what was asked and what came of it\n</tiny>\n"
               "In smoothed and compressed keep paths, URLs, ids, error codes and numbers that matter verbatim. "
               "Write in the third person (\"the user asked\", \"the assistant ran\"), in the conversation's language.")
        .arg(turn)
        .arg(tokens)
        .arg(qMax<qint64>(tokens * 6 / 10, 1))
        .arg(qMax<qint64>(tokens * 35 / 100, 1));
}

TurnVersionGenerator::TurnVersionGenerator(Setup setup, QObject *parent) : QObject(parent), m_setup(std::move(setup))
{
    m_retryTimer.setSingleShot(true);
    // A server's retry-after is a floor; a coarse timer may fire early.
    m_retryTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_retryTimer, &QTimer::timeout, this, &TurnVersionGenerator::send);
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        ProviderFailure failure;
        failure.kind = ProviderFailure::Kind::Timeout;
        failure.message = Text::tr("the model took too long");
        dropStream();
        onFailed(failure);
    });
}

TurnVersionGenerator::~TurnVersionGenerator()
{
    cancel();
}

qint64 TurnVersionGenerator::count(const QString &text) const
{
    return m_setup.countTokens ? m_setup.countTokens(text) : (text.toUtf8().size() + 3) / 4;
}

Result<QList<TurnVersion>> TurnVersionGenerator::storeExtractive(int turn, const QList<Message> &turnMessages)
{
    if (turnMessages.isEmpty() || !m_setup.store)
        return QList<TurnVersion>();
    const QString hash = turnSourceHash(turnMessages);
    const Result<QList<TurnVersion>> existing = m_setup.store->turnVersions(m_setup.sessionId, turn);
    if (existing.hasError())
        return existing.error();
    int current = 0;
    for (const TurnVersion &version : existing.value())
        current += version.sourceHash == hash ? 1 : 0;
    if (current == 3)
        return QList<TurnVersion>();
    const TurnVersionSet set = extractTurnVersions(turnMessages, turn, m_setup.countTokens);
    Result<QList<TurnVersion>> stored = m_setup.store->appendTurnVersions(m_setup.sessionId, set.all());
    if (stored.ok() && m_setup.snapshot)
        m_setup.snapshot->update(stored.value());
    return stored;
}

void TurnVersionGenerator::generate(int turn, const QList<Message> &turnMessages, const std::optional<ProviderRequest> &live,
                                    const QList<Message> &after)
{
    if (!m_setup.provider || turnMessages.isEmpty())
        return;
    Job job;
    job.turn = turn;
    job.sourceHash = turnSourceHash(turnMessages);
    qint64 turnTokens = 0;
    for (const Message &message : turnMessages) {
        for (const Part &part : message.parts)
            turnTokens += count(part.kind == PartKind::ToolCall ? part.argumentsJson() : part.searchText());
    }
    Message instruction;
    instruction.role = Role::User;
    instruction.parts.append(Part::makeText(turnVersionInstruction(turn, turnTokens)));
    if (live && callsAnswered(after)) {
        // The live request as it was sent is the cached prefix: the breakpoint goes on its
        // end, the turn's answer and the instruction follow it.
        job.request = *live;
        job.request.stableHistoryEnd = int(job.request.messages.size()) - 1;
        job.request.messages += after;
    } else {
        job.request.model = m_setup.model;
        job.request.endpoint = m_setup.endpoint;
        job.request.options = m_setup.providerOptions;
        job.request.cacheKey = m_setup.sessionId;
        job.request.system.role = Role::System;
        job.request.system.parts.append(Part::makeText(
            QStringLiteral("You write condensed versions of one turn of a conversation between a user and an AI "
                           "assistant that uses tools. The turn is given between <turn> and </turn>.")));
        instruction.parts.first().text = QStringLiteral("<turn>\n") + transcriptOf(turnMessages)
                                       + QStringLiteral("</turn>\n\n") + instruction.parts.first().text;
    }
    job.request.messages.append(instruction);
    // Room for all three versions (S is most of the turn), within what the model may write.
    const qint64 wanted = std::clamp<qint64>(turnTokens + 512, 1024, 16000);
    job.request.maxOutputTokens = job.request.maxOutputTokens > 0 ? qMin(job.request.maxOutputTokens, wanted) : wanted;
    m_queue.append(job);
    startNext();
}

bool TurnVersionGenerator::isBusy() const
{
    return m_running.has_value() || !m_queue.isEmpty();
}

void TurnVersionGenerator::cancel()
{
    m_queue.clear();
    m_retryTimer.stop();
    m_timeout.stop();
    dropStream();
    m_running.reset();
    m_assembler.reset();
}

void TurnVersionGenerator::startNext()
{
    if (m_running || m_queue.isEmpty())
        return;
    m_running = m_queue.takeFirst();
    send();
}

void TurnVersionGenerator::send()
{
    if (!m_running)
        return;
    ++m_running->attempts;
    m_assembler = std::make_unique<StreamAssembler>();
    ProviderStream *stream = m_setup.provider->stream(m_running->request, this);
    m_stream = stream;
    connect(stream, &ProviderStream::eventReceived, this, [this](const ProviderEvent &event) {
        if (sender() == m_stream)
            m_assembler->add(event);
    });
    connect(stream, &ProviderStream::finished, this, [this] {
        if (sender() == m_stream)
            onFinished();
    });
    connect(stream, &ProviderStream::failed, this, [this](const ProviderFailure &failure) {
        if (sender() == m_stream) {
            dropStream();
            onFailed(failure);
        }
    });
    m_timeout.start(RequestTimeoutMs);
}

void TurnVersionGenerator::dropStream()
{
    m_timeout.stop();
    if (!m_stream)
        return;
    ProviderStream *stream = m_stream;
    m_stream = nullptr;
    stream->disconnect(this);
    stream->cancel();
    stream->deleteLater();
}

void TurnVersionGenerator::onFailed(const ProviderFailure &failure)
{
    if (!m_running)
        return;
    if (m_assembler && !m_assembler->usage().isEmpty())
        Q_EMIT usageReported(m_assembler->usage());
    const ClassifiedFailure classified = classifyProviderFailure(failure, m_setup.failureContext);
    if (classified.retryable) {
        if (const auto delay = m_setup.retry.delayBefore(m_running->attempts, classified.retryAfter)) {
            m_retryTimer.start(*delay);
            return;
        }
    }
    Q_EMIT warning(Error(QStringLiteral("turnversions.failed"),
                         Text::tr("the model's versions of turn %1 could not be made, so its extractive versions stay: %2")
                             .arg(m_running->turn)
                             .arg(classified.error.message)));
    endJob();
}

void TurnVersionGenerator::onFinished()
{
    const QString answer = m_assembler ? m_assembler->text() : QString();
    const Usage usage = m_assembler ? m_assembler->usage() : Usage();
    dropStream();
    if (!m_running)
        return;
    if (!usage.isEmpty())
        Q_EMIT usageReported(usage);
    const std::optional<std::array<QString, 3>> sections = parseTurnVersionAnswer(answer);
    if (!sections) {
        Q_EMIT warning(Error(QStringLiteral("turnversions.unreadable"),
                             Text::tr("the model's answer for the versions of turn %1 lacks the <smoothed>, <compressed> "
                                      "and <tiny> sections, so its extractive versions stay")
                                 .arg(m_running->turn)));
        endJob();
        return;
    }
    QList<TurnVersion> versions;
    const TurnLevel levels[3] = {TurnLevel::Smoothed, TurnLevel::Compressed, TurnLevel::Tiny};
    for (int i = 0; i < 3; ++i) {
        TurnVersion version;
        version.turn = m_running->turn;
        version.level = levels[i];
        version.text = (*sections)[size_t(i)];
        version.tokens = count(version.text);
        version.model = m_running->request.model;
        version.sourceHash = m_running->sourceHash;
        versions.append(version);
    }
    const Result<QList<TurnVersion>> stored = m_setup.store->appendTurnVersions(m_setup.sessionId, versions);
    if (stored.hasError()) {
        Q_EMIT warning(Error(QStringLiteral("turnversions.not-stored"),
                             Text::tr("the model's versions of turn %1 could not be stored: %2")
                                 .arg(m_running->turn)
                                 .arg(stored.error().message)));
    } else {
        if (m_setup.snapshot)
            m_setup.snapshot->update(stored.value());
        Q_EMIT versionsStored(m_running->turn, stored.value());
    }
    endJob();
}

void TurnVersionGenerator::endJob()
{
    m_running.reset();
    m_assembler.reset();
    if (m_queue.isEmpty()) {
        Q_EMIT idle();
        return;
    }
    startNext();
}

} // namespace valis
