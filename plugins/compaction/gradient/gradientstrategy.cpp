#include "gradientstrategy.h"

#include "gradientlayout.h"
#include "gradientsettings.h"
#include "evict.h"
#include "offload.h"
#include "progressivesettings.h"
#include "summarise.h"
#include "workingview.h"
#include "valis/context/spansummary.h"
#include "valis/context/turnversions.h"

#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace valis {

using namespace gradient;

namespace {

const QString RecalculateAction = QStringLiteral("recalculate");

QString levelLetter(Level level)
{
    static const char *letters[] = {"R", "S", "C", "T", "T"};
    return QLatin1String(letters[int(level)]);
}

QString tagName(int turn, Level level)
{
    return QStringLiteral("T-%1-%2").arg(turn).arg(levelLetter(level));
}

QString rangeTagName(int first, int last, Level level)
{
    return first == last ? tagName(first, level) : QStringLiteral("T-%1-through-%2-%3").arg(first).arg(last).arg(levelLetter(level));
}

/// The first text part of a request, or -1.
int firstTextPart(const Message &message)
{
    for (int i = 0; i < message.parts.size(); ++i) {
        if (message.parts.at(i).kind == PartKind::Text)
            return i;
    }
    return -1;
}

QString refsIn(const QString &text)
{
    static const QRegularExpression ref(QStringLiteral("\\[MemoryRef: [^\\]\\n]*\\]"));
    QStringList found;
    QRegularExpressionMatchIterator it = ref.globalMatch(text);
    while (it.hasNext()) {
        const QString match = it.next().captured(0);
        if (!found.contains(match))
            found.append(match);
    }
    return found.join(QLatin1Char(' '));
}

QString resultText(const Part &result)
{
    QStringList texts;
    for (const Part &inner : result.content) {
        if (inner.kind == PartKind::Text)
            texts.append(inner.text);
    }
    return texts.join(QLatin1Char('\n'));
}

QString boardStub(int turn, int boardTurns)
{
    return QStringLiteral("[get_turn's answer is on the announcement board at the end of the context through T-%1; the "
                          "record keeps it. Ask again after that if you still need it.]")
        .arg(turn + boardTurns - 1);
}

/// The announcement board: get_turn answers of the last `boardTurns` turns, oldest first, in full.
std::optional<Message> boardFor(const QList<Message> &record, int currentTurn, int boardTurns)
{
    const int firstTurn = currentTurn - boardTurns + 1;
    // One pass back through the board's turns: results come after their calls, so a result's
    // tool is known once the pass reaches its call.
    QHash<QString, QString> calls; // call id -> tool name
    QList<std::tuple<int, QString, QString, QString>> results; // turn, call id, tool, text; newest first
    for (qsizetype i = record.size() - 1; i >= 0; --i) {
        const Message &message = record.at(i);
        if (message.role == Role::System)
            continue;
        if (message.turn >= 0 && message.turn < firstTurn)
            break;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                calls.insert(part.callId, part.toolName);
            else if (part.kind == PartKind::ToolResult && !part.isError)
                results.append({message.turn, part.callId, part.toolName, resultText(part)});
        }
    }
    QList<QPair<int, QString>> entries;
    for (const auto &[turn, callId, tool, text] : std::as_const(results)) {
        if ((tool.isEmpty() ? calls.value(callId) : tool) == GradientStrategy::getTurnTool())
            entries.prepend({turn, text});
    }
    if (entries.isEmpty())
        return std::nullopt;
    QStringList shown;
    QSet<QString> seen;
    for (const auto &[turn, text] : std::as_const(entries)) {
        if (seen.contains(text))
            continue;
        seen.insert(text);
        shown.append(QStringLiteral("(asked in T-%1; on the board through T-%2)\n%3").arg(turn).arg(turn + boardTurns - 1).arg(text));
    }
    Message board;
    board.id = QStringLiteral("ctx-board-%1").arg(currentTurn);
    board.role = Role::User;
    board.turn = currentTurn;
    board.parts.append(Part::makeText(
        QStringLiteral("<announcement-board>\nTurns you asked back with get_turn. Each stays here for %1 turns from the "
                       "turn you asked, then leaves.\n\n%2\n</announcement-board>")
            .arg(boardTurns)
            .arg(shown.join(QStringLiteral("\n\n")))));
    return board;
}

/// Run-length form of the levels of a layout: [[first turn, last turn, "S"], ...].
QJsonArray levelRuns(const QList<int> &turns, const QList<Level> &levels)
{
    QJsonArray runs;
    for (int i = 0; i < turns.size();) {
        int j = i;
        while (j + 1 < turns.size() && levels.at(j + 1) == levels.at(i))
            ++j;
        const QString letter = levels.at(i) == Level::Omitted ? QStringLiteral("omitted") : levelLetter(levels.at(i));
        runs.append(QJsonArray{turns.at(i), turns.at(j), letter});
        i = j + 1;
    }
    return runs;
}

/// The levels the last recalculation gave each turn (turns it did not know are raw).
QHash<int, QString> previousLevels(const QList<CompactionEvent> &history)
{
    QHash<int, QString> levels;
    for (qsizetype i = history.size() - 1; i >= 0; --i) {
        if (history.at(i).action != RecalculateAction)
            continue;
        for (const QJsonValue &run : history.at(i).state.value(QLatin1String("runs")).toArray()) {
            const QJsonArray r = run.toArray();
            for (int turn = r.at(0).toInt(); turn <= r.at(1).toInt(); ++turn)
                levels.insert(turn, r.at(2).toString());
        }
        break;
    }
    return levels;
}

struct Versions
{
    const TurnVersionSource *source = nullptr;
    const QHash<int, QList<Message>> *byTurn = nullptr;
    std::function<qint64(const QString &)> count;

    std::optional<TurnVersion> at(int turn, TurnLevel level)
    {
        std::optional<TurnVersion> version = source->version(turn, level, byTurn->value(turn));
        if (version && version->tokens < 0)
            version->tokens = count(version->text);
        return version;
    }
};

} // namespace

QJsonObject GradientStrategy::defaultSettings() const
{
    return GradientSettings::defaults();
}

QString GradientStrategy::systemPromptSection() const
{
    // For the model; English.
    return QStringLiteral(
        "# Context: the compression gradient\n"
        "Every earlier turn is in your context at one of four fidelities, marked by a tag that carries its id and level: "
        "<T-183-R> starts a raw turn (the record itself, up to the next turn's tag); <T-120-S>...</T-120-S> is a smoothed "
        "turn (formatting and noise removed, tool calls with summarised arguments); <T-60-C>...</T-60-C> a compressed one "
        "(key points, decisions, actions and results, tool calls as {tool X called → result Y}); <T-12-T> a tiny one (one "
        "sentence), and runs of tiny turns are merged as <T-1-through-40-T>...</T-1-through-40-T>. Recent turns are raw, "
        "older ones shorter. Paths, URLs, ids, error codes and numbers are kept verbatim in S and C.\n"
        "When you need more of an earlier turn than its tag shows, call get_turn {\"turn\": 12, \"level\": \"R\"} (or "
        "\"through\": 15 for a range; levels R, S or C). Its answer appears on the announcement board at the end of the "
        "context for a few turns, then leaves; ask again if you need it later. search_history finds any earlier message "
        "verbatim. Get things back that way rather than redoing work or guessing.");
}

Result<StrategyReport> GradientStrategy::apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &given)
{
    // A turn's tag is one event per turn that no later step needs (tags are found by their text):
    // leaving them out keeps the steps that walk the history cheap in a session of thousands.
    StrategyContext context = given;
    context.history.clear();
    context.history.reserve(given.history.size() / 4);
    for (const CompactionEvent &event : given.history) {
        if (event.action != QLatin1String("tag") || !event.state.contains(QLatin1String("routine")))
            context.history.append(event);
    }

    Result<GradientSettings> parsed = GradientSettings::fromJson(context.settings);
    if (parsed.hasError())
        return parsed.error();
    const GradientSettings settings = parsed.value();
    // Progressive's defaults (which tools never move, which are writes), with the gradient's own
    // offload threshold.
    Result<progressive::ProgressiveSettings> defaults = progressive::ProgressiveSettings::fromJson({});
    if (defaults.hasError())
        return defaults.error();
    progressive::ProgressiveSettings offloading = defaults.value();
    offloading.offloadTokens = settings.offloadTokens;
    progressive::WorkingView working(view, budget, context, offloading);
    StrategyReport report;
    report.tokensBefore = working.requestTokens();
    QList<Error> problems;

    // 1. Huge results leave at once, whatever the budget.
    if (std::optional<CompactionEvent> offloaded = progressive::offloadLargeResults(working, &problems))
        report.events.append(*offloaded);

    // 2. and 3. New turns are tagged; get_turn answers become stubs (their text is on the board).
    {
        CompactionEvent marks;
        marks.action = QStringLiteral("tag");
        const int from = qMax(0, context.firstNewMessage - 8);
        const QHash<QString, QString> names = progressive::toolNamesByCall(view, from);
        for (int i = qMax(0, context.firstNewMessage); i < view.size(); ++i) {
            const Message &message = view.at(i);
            if (message.turn < 0)
                continue;
            if (message.startsTurn()) {
                const int text = firstTextPart(message);
                const QString tag = QStringLiteral("<%1>").arg(tagName(message.turn, Level::Raw));
                if (text >= 0 && !message.parts.at(text).text.startsWith(tag)) {
                    const Part tagged = Part::makeText(tag + QLatin1Char('\n') + message.parts.at(text).text);
                    marks.edits.append(working.replacePart(i, text, tagged, QStringLiteral("tag"), tagName(message.turn, Level::Raw)));
                    marks.replaced.append(message.id);
                }
                continue;
            }
            for (int p = 0; p < message.parts.size(); ++p) {
                const Part &part = message.parts.at(p);
                if (part.kind != PartKind::ToolResult || part.isError)
                    continue;
                const QString tool = part.toolName.isEmpty() ? names.value(part.callId) : part.toolName;
                if (tool != getTurnTool())
                    continue;
                const QString text = resultText(part);
                if (text.startsWith(QLatin1String("[get_turn's answer is on the announcement board")))
                    continue;
                Part stub = part;
                const QString refs = refsIn(text);
                stub.content = {Part::makeText(boardStub(message.turn, settings.boardTurns)
                                               + (refs.isEmpty() ? QString() : QStringLiteral(" It names ") + refs))};
                marks.edits.append(working.replacePart(i, p, stub, QStringLiteral("tool-result"), QStringLiteral("board")));
                if (!marks.replaced.contains(message.id))
                    marks.replaced.append(message.id);
            }
        }
        if (!marks.edits.isEmpty()) {
            // A stub for get_turn is worth telling; tagging a new turn is not.
            bool routine = true;
            for (const ViewEdit &edit : std::as_const(marks.edits))
                routine = routine && edit.item == QLatin1String("tag");
            if (routine)
                marks.state.insert(QStringLiteral("routine"), true);
            report.events.append(marks);
        }
    }

    // The board is made again from the record for every request.
    if (std::optional<Message> board = boardFor(context.record, context.currentTurn, settings.boardTurns))
        report.board.append(*board);

    // 4. The bands: every recalculateEvery turns, or when the request would overflow.
    const qint64 request = working.requestTokens();
    const bool overflowing = budget.targetTokens > 0 && request > qint64(settings.overflowAt * double(budget.targetTokens));
    bool recalculatedThisTurn = false;
    for (const CompactionEvent &event : context.history)
        recalculatedThisTurn = recalculatedThisTurn || (event.action == RecalculateAction && event.turn == context.currentTurn);
    const bool scheduled = context.currentTurn > 1 && context.currentTurn % settings.recalculateEvery == 0 && !recalculatedThisTurn;
    if ((scheduled || overflowing || context.forced) && budget.contextWindow > 0) {
        const QHash<int, QList<Message>> byTurn = messagesByTurn(context.record);
        QList<int> turns;
        for (auto it = byTurn.cbegin(); it != byTurn.cend(); ++it) {
            if (it.key() >= 0 && it.key() < context.currentTurn)
                turns.append(it.key());
        }
        std::sort(turns.begin(), turns.end());

        // Where the view shows each turn raw (after the history message), and what that costs.
        int historyEnd = -1;
        for (int i = 0; i < view.size(); ++i) {
            if (view.at(i).id.startsWith(historyIdPrefix()))
                historyEnd = i;
        }
        QHash<int, qint64> rawTokens;
        qint64 inProgress = 0;
        for (int i = historyEnd + 1; i < view.size(); ++i) {
            const Message &message = view.at(i);
            const qint64 tokens = budget.countTokens ? budget.countTokens(message) : 0;
            if (message.turn >= context.currentTurn || message.turn < 0)
                inProgress += tokens;
            else
                rawTokens[message.turn] += tokens;
        }
        for (const Message &shown : std::as_const(report.board))
            inProgress += budget.countTokens ? budget.countTokens(shown) : 0;

        auto count = [&budget](const QString &text) {
            Message single;
            single.parts.append(Part::makeText(text));
            return budget.countTokens ? budget.countTokens(single) : qint64(text.toUtf8().size() / 4);
        };
        ExtractiveTurnVersions fallback(count);
        Versions versions{context.turnVersions ? context.turnVersions : &fallback, &byTurn, count};

        // Costs, asking only for the levels a turn's band can reach.
        QList<TurnCost> costs;
        QHash<int, TurnVersionSet> texts;
        const int count_ = int(turns.size());
        for (int i = 0; i < count_; ++i) {
            const int turn = turns.at(i);
            const int rank = count_ - 1 - i;
            TurnCost cost;
            cost.turn = turn;
            cost.raw = rawTokens.contains(turn) ? rawTokens.value(turn) : -1;
            TurnVersionSet &set = texts[turn];
            if (std::optional<TurnVersion> tiny = versions.at(turn, TurnLevel::Tiny))
                set.tiny = *tiny;
            cost.tiny = qMax<qint64>(1, set.tiny.tokens);
            const bool compressible = rank < settings.rawTurns + settings.smoothedTurns + settings.compressedTurns;
            const bool smoothable = rank < settings.rawTurns + settings.smoothedTurns;
            if (compressible) {
                if (std::optional<TurnVersion> c = versions.at(turn, TurnLevel::Compressed))
                    set.compressed = *c;
                cost.compressed = qMax<qint64>(1, set.compressed.tokens);
            } else {
                cost.compressed = cost.tiny;
            }
            if (smoothable) {
                if (std::optional<TurnVersion> s = versions.at(turn, TurnLevel::Smoothed))
                    set.smoothed = *s;
                cost.smoothed = qMax<qint64>(1, set.smoothed.tokens);
            } else {
                cost.smoothed = cost.compressed;
            }
            costs.append(cost);
        }
        // What the history message carries besides the turns: its header, pins and the progress
        // ledger of everything that may be shortened (never dropped), and each element's tags.
        QList<Message> older;
        for (int i = 0; i < count_; ++i)
            older += byTurn.value(turns.at(i));
        QStringList pinnedBlocks;
        for (const Message &message : std::as_const(older)) {
            if (context.pinnedMessages.contains(message.id))
                pinnedBlocks.append(QStringLiteral("<pinned id=\"%1\" role=\"%2\" turn=\"T-%3\">\n%4\n</pinned>")
                                        .arg(message.id, roleName(message.role))
                                        .arg(message.turn)
                                        .arg(message.text()));
        }
        const QString ledgerText = [&] {
            const ProgressLedger ledger = progressLedger(older, context.record);
            return ledger.filesRead.isEmpty() ? QString() : ledger.toText();
        }();
        const qint64 overhead = count(pinnedBlocks.join(QLatin1Char('\n')) + ledgerText) + 80;
        const qint64 tagTokens = qMax<qint64>(1, count(QStringLiteral("<T-10000-C>\n\n</T-10000-C>\n")) - 4);
        for (TurnCost &cost : costs) {
            cost.smoothed += tagTokens;
            cost.compressed += tagTokens;
            cost.tiny += 1;
        }
        // Room for the turns until the next scheduled recalculation, so the prefix holds that long
        // without passing overflowAt: the recent turns' average growth times the turns to go.
        qint64 recentRaw = 0;
        int recentTurns = 0;
        for (int i = count_ - 1; i >= 0 && recentTurns < settings.recalculateEvery; --i) {
            if (costs.at(i).raw < 0)
                break;
            recentRaw += costs.at(i).raw;
            ++recentTurns;
        }
        const int turnsToGo = settings.recalculateEvery - context.currentTurn % settings.recalculateEvery;
        const qint64 growth = recentTurns > 0 ? recentRaw / recentTurns * turnsToGo : 0;
        const qint64 window = budget.contextWindow;
        qint64 share = qint64(settings.budgetShare * double(window));
        if (settings.budgetTokens > 0)
            share = qMin(share, settings.budgetTokens + budget.fixedTokens);
        const qint64 ceiling = budget.targetTokens > 0
            ? qMin(share, qint64(settings.overflowAt * double(budget.targetTokens)) - growth)
            : share;
        const qint64 historyBudget = qMax<qint64>(window / 10, ceiling - budget.fixedTokens - budget.correction - inProgress - overhead);
        QList<Level> levels = layoutTurns(costs, historyBudget, settings);
        // Raw turns are the newest run: a raw turn older than a shortened one is shown smoothed.
        int lastShort = -1;
        for (int i = 0; i < levels.size(); ++i) {
            if (levels.at(i) != Level::Raw)
                lastShort = i;
        }
        for (int i = 0; i < lastShort; ++i) {
            if (levels.at(i) == Level::Raw)
                levels[i] = Level::Smoothed;
        }

        // Only a layout that differs from the one shown is worth a prefix rewrite.
        const QHash<int, QString> before = previousLevels(context.history);
        bool changed = false;
        for (int i = 0; i < turns.size() && !changed; ++i) {
            const QString now = levels.at(i) == Level::Omitted ? QStringLiteral("omitted") : levelLetter(levels.at(i));
            changed = before.value(turns.at(i), QStringLiteral("R")) != now;
        }
        int last = -1;
        if (changed && lastShort >= 0) {
            const int lastTurn = turns.at(lastShort);
            for (int i = 0; i < view.size(); ++i) {
                const Message &message = view.at(i);
                if (message.id.startsWith(historyIdPrefix()) || (message.turn >= 0 && message.turn <= lastTurn))
                    last = i;
            }
        }
        if (last >= 0) {
            // The shortened history, one element per turn, tiny runs merged.
            QStringList elements;
            int models = 0;
            int extractive = 0;
            for (int i = 0; i <= lastShort;) {
                const Level level = levels.at(i);
                if (level == Level::Tiny || level == Level::Omitted) {
                    int j = i;
                    while (j + 1 <= lastShort && levels.at(j + 1) == level)
                        ++j;
                    const QString name = rangeTagName(turns.at(i), turns.at(j), Level::Tiny);
                    QStringList lines;
                    if (level == Level::Omitted) {
                        lines.append(QStringLiteral("Turns %1 to %2 are left out for room; get_turn or search_history brings "
                                                    "any of them back.")
                                         .arg(turns.at(i))
                                         .arg(turns.at(j)));
                    } else {
                        for (int k = i; k <= j; ++k) {
                            const TurnVersion &tiny = texts.value(turns.at(k)).tiny;
                            QString line = tiny.text.trimmed();
                            if (!line.startsWith(QLatin1String("Turn ")))
                                line = QStringLiteral("Turn %1: ").arg(turns.at(k)) + line;
                            lines.append(line);
                            (tiny.isExtractive() ? extractive : models) += 1;
                        }
                    }
                    elements.append(QStringLiteral("<%1>\n%2\n</%1>").arg(name, lines.join(QLatin1Char('\n'))));
                    i = j + 1;
                    continue;
                }
                const TurnVersion &version = level == Level::Compressed ? texts.value(turns.at(i)).compressed
                                                                        : texts.value(turns.at(i)).smoothed;
                (version.isExtractive() ? extractive : models) += 1;
                const QString name = tagName(turns.at(i), level == Level::Raw ? Level::Smoothed : level);
                elements.append(QStringLiteral("<%1>\n%2\n</%1>").arg(name, version.text.trimmed()));
                ++i;
            }
            QString text = QStringLiteral("<conversation-history through=\"T-%1\">\nThe turns before T-%2 at lower fidelity "
                                          "(S smoothed, C compressed, T tiny). get_turn brings any of them back at R, S or C; "
                                          "search_history finds any message verbatim.\n")
                               .arg(turns.at(lastShort))
                               .arg(turns.at(lastShort) + 1);
            if (!pinnedBlocks.isEmpty())
                text += pinnedBlocks.join(QLatin1Char('\n')) + QLatin1Char('\n');
            if (!ledgerText.isEmpty())
                text += ledgerText + QLatin1Char('\n');
            text += QLatin1Char('\n') + elements.join(QLatin1Char('\n')) + QStringLiteral("\n</conversation-history>");

            Message history;
            history.id = historyIdPrefix() + view.at(last).id;
            history.role = Role::User;
            // A stand-in for many turns is no turn of the record (their MemoryRefs went with them).
            history.turn = -1;
            history.parts.append(Part::makeText(text));

            CompactionEvent event;
            event.action = RecalculateAction;
            event.turn = context.currentTurn;
            for (int i = 0; i <= last; ++i)
                event.replaced.append(view.at(i).id);
            event.edits.append(working.replacePrefix(last, {history}, QStringLiteral("get_turn")));
            event.pointers.append(QStringLiteral("get_turn"));
            QJsonObject counts;
            for (const Level level : {Level::Raw, Level::Smoothed, Level::Compressed, Level::Tiny, Level::Omitted}) {
                const QString key = level == Level::Omitted ? QStringLiteral("omitted") : levelLetter(level);
                counts.insert(key, int(std::count(levels.cbegin(), levels.cend(), level)));
            }
            event.state = QJsonObject{{QStringLiteral("runs"), levelRuns(turns, levels)},
                                      {QStringLiteral("levels"), counts},
                                      {QStringLiteral("budget"), historyBudget},
                                      {QStringLiteral("reason"), context.forced ? QStringLiteral("forced")
                                                                 : overflowing ? QStringLiteral("overflow")
                                                                               : QStringLiteral("scheduled")},
                                      {QStringLiteral("versions"),
                                       QJsonObject{{QStringLiteral("model"), models}, {QStringLiteral("extractive"), extractive}}}};
            report.events.append(event);
        }
    }

    // 5. Old tool results and write inputs become pointers when that pays for itself (the cost
    // decision of progressive's eviction: what carrying them costs in cache reads over the
    // requests to come, against one prefix rewrite), and at the latest once the request passes
    // overflowAt: a turn of many steps (an agent working for hundreds of requests) is raw however
    // the bands lie, and only eviction keeps it in the window.
    if (budget.targetTokens > 0) {
        const qint64 usable = progressive::usableWindow(working);
        if (usable > 0) {
            offloading.evictAt = settings.overflowAt * double(budget.targetTokens) / double(usable);
            offloading.evictTo = settings.evictTo;
            offloading.summariseForCost = false;
            bool fellShort = false;
            if (std::optional<CompactionEvent> evicted =
                    progressive::evictOldItems(working, context.forced, &fellShort, &problems))
                report.events.append(*evicted);
            // What no pointer can shorten (long texts of the turn itself) is summarised as the
            // last resort, the oldest part first, its transcript saved (progressive's step 3).
            if (working.requestTokens() > qint64(settings.overflowAt * double(budget.targetTokens))) {
                offloading.summariseAt = settings.overflowAt * double(budget.targetTokens) / double(usable);
                const progressive::SummaryOutcome summary =
                    progressive::summariseOldest(working, context.forced, true, false, &problems);
                if (summary.event)
                    report.events.append(*summary.event);
                if (summary.request)
                    report.summaryRequests.append(*summary.request);
                report.waitForSummary = summary.wait;
            }
        }
    }

    report.collectReplaced();
    report.tokensAfter = working.requestTokens();
    if (report.events.isEmpty() && !problems.isEmpty())
        return problems.constFirst();
    return report;
}

} // namespace valis
