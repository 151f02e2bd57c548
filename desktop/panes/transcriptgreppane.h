#pragma once

#include "shellmetatypes.h"

#include "valis/core/result.h"
#include "valis/store/transcriptsearch.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QTimer;

namespace valis {

/// The transcript grep pane: a ranked full-text (or regex) search over every session or the one
/// shown, with role and tool filters. Results come as you type (debounced; a newer query
/// supersedes the one running), each a highlighted snippet; activating one opens its session
/// scrolled to the message.
class TranscriptGrepPane : public QWidget
{
    Q_OBJECT

public:
    explicit TranscriptGrepPane(QWidget *parent = nullptr);

    /// The session "this session only" limits the search to.
    void setCurrentSession(const QString &sessionId);
    /// Focuses the query field with its text selected.
    void focusQuery();

    QLineEdit *queryEdit() const { return m_query; }
    QListWidget *resultList() const { return m_results; }
    QString statusText() const;

    /// The words a regex's matches must contain, for the index to find candidates by.
    struct RegexWords
    {
        QStringList words;
        bool anyOf = false; ///< the regex has alternatives: a match holds one of the words
    };
    static std::optional<RegexWords> wordsOfRegex(const QString &pattern);

public Q_SLOTS:
    void showResults(int generation, const valis::SearchResults &results, qint64 elapsedMs);
    void showFailure(int generation, const valis::Error &error);

Q_SIGNALS:
    /// A search to run (on the store's thread); `generation` identifies its answer.
    void searchRequested(const valis::SearchQuery &query, int generation);
    void hitActivated(const QString &sessionId, const QString &messageId);

private:
    void scheduleSearch();
    void runSearch();
    void activate(QListWidgetItem *item);

    QLineEdit *m_query;
    QCheckBox *m_regex;
    QCheckBox *m_thisSession;
    QComboBox *m_role;
    QComboBox *m_when;
    QLineEdit *m_tool;
    QListWidget *m_results;
    QLabel *m_status;
    QTimer *m_debounce;
    QString m_currentSession;
    int m_generation = 0;
};

} // namespace valis
