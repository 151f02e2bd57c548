#pragma once

#include <QJsonObject>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTabWidget;
class QToolButton;
class QTreeWidget;
class QHBoxLayout;

namespace valis {

class SectionBar;

/// The context inspector's view: renders one request inspection, the JSON object
/// `inspectRequest()` returns (and `valis-cli context S --request N --json` prints): a header
/// with "request N of M" and a chooser, the model, the hash check (a loud banner on a mismatch),
/// the tokens per section, the cache figures; a Messages tab (one row per message of the view
/// that was sent, cache breakpoints marked, MemoryRefs and pointers as chips, the selected
/// message's text below) and a Diff tab (what changed against the previous request, where the
/// cached prefix broke and what that cost). It only shows: the caller runs the inspection (on a
/// worker thread) and answers `requestChosen`.
class InspectorView : public QWidget
{
    Q_OBJECT

public:
    explicit InspectorView(QWidget *parent = nullptr);

    /// Shows `inspection` (the contract's keys; unknown keys are ignored, missing ones shown empty).
    void setInspection(const QJsonObject &inspection);
    /// "Inspecting request 3…" while the worker runs; the last inspection stays below.
    void showBusy(const QString &what);
    /// The inspection failed: the reason instead of the figures.
    void showFailure(const QString &message);

    QJsonObject inspection() const { return m_inspection; }
    /// The request shown (1-based), 0 before any.
    int request() const { return m_inspection.value(QLatin1String("request")).toInt(); }
    /// The text of the hash banner, as shown.
    QString hashText() const;
    /// Whether the banner shows a mismatch (the loud, red state).
    bool showsMismatch() const { return m_mismatch; }
    QTabWidget *tabs() const { return m_tabs; }

Q_SIGNALS:
    /// The person chose another request of the same session (1-based).
    void requestChosen(int request);

private:
    void buildHeader();
    void buildMessagesTab();
    void buildDiffTab();
    void showHeader();
    void showHash();
    void showMessages();
    void showDiff();
    void showMessageDetails();
    void setChips(QHBoxLayout *row, const QStringList &chips, const QString &kind);

    QJsonObject m_inspection;
    bool m_mismatch = false;
    QLabel *m_title = nullptr;
    QSpinBox *m_chooser = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QLabel *m_model = nullptr;
    QLabel *m_hash = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_tokens = nullptr;
    SectionBar *m_sections = nullptr;
    QLabel *m_cache = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTreeWidget *m_messages = nullptr;
    QPlainTextEdit *m_messageText = nullptr;
    QHBoxLayout *m_messageChips = nullptr;
    QHBoxLayout *m_requestChips = nullptr;
    QLabel *m_breakSummary = nullptr;
    QTreeWidget *m_diff = nullptr;
};

} // namespace valis
