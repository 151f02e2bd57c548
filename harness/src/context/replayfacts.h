#pragma once

#include "valis/record/message.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace valis {

struct ReplayFactOptions;

namespace replay {

/// The facts of `text` (paths, URLs, ids, hashes, error codes, numbers of 3+ digits, names with
/// an underscore or a camelCase hump), in order of appearance, each once: what
/// ReplayReport::oldFactsVisible follows through the views.
QStringList extractFacts(const QString &text);

/// The turn ranges the turn tags in `text` name (`<T-12-C>` is 12..12, `<T-3-through-9-T>` is
/// 3..9): the turns one get_turn brings back from that view.
QList<QPair<int, int>> taggedTurns(const QString &text);

/// The text a part shows the model, as facts are found in it and looked for: text and thinking,
/// a tool call's name and the string values of its arguments, a tool result's text.
QString factText(const Part &part);

/// Follows the facts of a transcript's early messages through the views of a replay: at each
/// request, how many of the old ones (their message older than the most recent requests) are in
/// the view verbatim, and how many belong to a turn a tag in the view names (`<T-12-C>`,
/// `<T-3-through-9-T>`), so one get_turn brings them back.
class FactTracker
{
public:
    /// `transcript` is the replay's record without events, `options` what counts as early and
    /// old.
    FactTracker(const QList<Message> &transcript, const ReplayFactOptions &options);
    ~FactTracker();

    struct Step
    {
        int old = 0;       ///< facts old enough to count for this request
        int visible = 0;   ///< of them, verbatim in the view
        int reachable = 0; ///< of them, in a turn a tag of the view names
    };
    /// The facts of the request built before transcript message `recordIndex`, in `view`.
    Step observe(const QList<Message> &view, int recordIndex);

    int tracked() const;
    /// The early part: messages before this transcript index.
    int earlyEnd() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace replay
} // namespace valis
