#pragma once

#include <QFrame>
#include <QList>

#include <functional>

class QLabel;
class QLineEdit;
class QTreeWidget;

namespace valis {

/// One thing the command palette offers: an action, a session, a settings page, a workspace.
struct PaletteEntry
{
    QString text;              ///< what is matched and shown ("New session")
    QString detail = {};       ///< shown beside it: the kind and the shortcut ("Action · Ctrl+N")
    std::function<void()> run = {}; ///< what Enter does (after the palette has closed)
};

/// The command palette (Ctrl+K): a filter field over a list of entries, ranked by fuzzyMatch()
/// as the person types, driven from the keyboard alone (Up/Down/Page keys move, Enter runs the
/// current entry, Escape closes). It is a popup over its parent window: it closes when it loses
/// focus, and runs an entry only after it has closed, so the entry may open dialogs.
class CommandPalette : public QFrame
{
    Q_OBJECT

public:
    explicit CommandPalette(QWidget *window);

    /// Shows the palette over the top of the window with `entries`, the filter empty.
    void open(QList<PaletteEntry> entries);
    /// The entries shown, best first (the texts), for tests and screen readers.
    QStringList shownTexts() const;
    QLineEdit *filter() const { return m_filter; }

    /// How many entries are shown at most (the best ones).
    static constexpr int maxShown = 200;

Q_SIGNALS:
    /// An entry was chosen and run (its text).
    void entryRun(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refilter();
    void runCurrent();
    void moveCurrent(int steps);

    QLineEdit *m_filter;
    QTreeWidget *m_list;
    QLabel *m_empty;
    QList<PaletteEntry> m_entries;
};

} // namespace valis
