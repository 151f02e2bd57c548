#pragma once

#include "memoryworker.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace valis {

/// Who wrote a memory record: another agent through Valis's MCP server (its metadata "source"
/// is "mcp:<client> <version>", "origin" the details), or Valis itself.
struct MemoryOrigin
{
    QString source;    ///< the record's "source" as stored
    QString client;    ///< the MCP client's name ("claude-code"); empty: Valis
    QString version;
    QString transport; ///< "stdio", "http"
    QString session;   ///< the MCP session, when it had one

    static MemoryOrigin of(const MemoryRecord &record);
    bool fromOtherAgent() const { return !client.isEmpty(); }
    /// "from claude-code"; empty for Valis's own records.
    QString chip() const;
    /// The whole origin, one line; empty for Valis's own records.
    QString details() const;
};

/// The memory browser: every active DetailStore record and /memories/ file of the agent, with
/// type, summary, size, session and age; full-text search; a read-only viewer that pages
/// through huge records; edit and save for /memories/ files (AGENTS.md among them); delete with
/// a few seconds to undo. What other agents wrote through Valis's MCP server carries a chip
/// "from <client>" in the list, its whole origin above the viewer, and a filter by origin.
/// The same on SQLite and PostgreSQL: it only speaks DetailStore.
class MemoryBrowserPane : public QWidget
{
    Q_OBJECT

public:
    /// Lines read per page of a record.
    static constexpr qint64 pageLines = 1000;
    /// How long a deletion can be undone.
    static constexpr int undoMs = 8000;

    explicit MemoryBrowserPane(QWidget *parent = nullptr);

    void setAgent(const QString &agentId) { m_agentId = agentId; }
    /// Lists the records again (the store may have changed).
    void refresh();
    /// Shows record `key` (a MemoryRef the conversation showed).
    void openRecord(const QString &key);
    /// Carries out a deletion still waiting for its undo time (the window closes).
    void commitPendingDelete();

    QTreeWidget *recordList() const { return m_list; }
    QPlainTextEdit *viewer() const { return m_viewer; }
    QLineEdit *searchEdit() const { return m_search; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *deleteButton() const { return m_delete; }
    QPushButton *undoButton() const { return m_undo; }
    QPushButton *moreButton() const { return m_more; }
    QComboBox *originFilter() const { return m_origin; }
    /// The origin of the record in the viewer, as shown (hidden for Valis's own records).
    QLabel *originLabel() const { return m_originText; }
    QString shownKey() const { return m_shown.key; }
    QString statusText() const;

public Q_SLOTS:
    void showList(int generation, const QList<valis::MemoryRecord> &records, const QString &description);
    void showPage(const valis::MemoryPage &page);
    void fileSaved(const valis::MemoryRecord &record);
    void showError(const valis::Error &error);

Q_SIGNALS:
    void listRequested(const QString &agentId, const QString &query, const QString &type, int generation);
    void readRequested(const QString &key, qint64 firstLine, qint64 limit);
    void writeRequested(const QString &agentId, const QString &path, const QByteArray &content);
    void removeRequested(const valis::MemoryRecord &record);

private:
    void scheduleList();
    void fillList();
    void select(QTreeWidgetItem *item);
    void startEditing();
    void save();
    void deleteShown();
    void undoDelete();

    QString m_agentId = QStringLiteral("default");
    QLineEdit *m_search;
    QComboBox *m_type;
    QComboBox *m_origin;
    QLabel *m_store;
    QTreeWidget *m_list;
    QLabel *m_header;
    QLabel *m_originText;
    QPlainTextEdit *m_viewer;
    QPushButton *m_more;
    QPushButton *m_edit;
    QPushButton *m_save;
    QPushButton *m_delete;
    QLabel *m_undoText;
    QPushButton *m_undo;
    QTimer *m_debounce;
    QTimer *m_undoTimer;
    int m_generation = 0;
    QList<MemoryRecord> m_records; ///< as the worker listed them, before the origin filter
    QString m_description;
    MemoryRecord m_shown;          ///< the record in the viewer (without content)
    qint64 m_nextLine = 1;         ///< the next page starts here; 0 when all is shown
    bool m_editing = false;
    bool m_editWhenLoaded = false; ///< Edit was asked for before the whole file was read
    std::optional<MemoryRecord> m_pendingDelete;
};

} // namespace valis
