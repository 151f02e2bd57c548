#pragma once

#include "documentsworker.h"

#include <QThread>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace valis {

/// The Documents view of the memory browser (a tab beside it): the File Cabinet's documents
/// with name, key, size, when saved, retention or expiry ("pinned"), and where the content came
/// from; a preview of the start of the selected one; Pin/Unpin and Delete.
///
/// Owns a DocumentsWorker on a thread of its own: listing (with the retention sweep when due),
/// reading and changing never run on the GUI thread. A timer lists again once a day, so a
/// window left open sweeps daily too.
class DocumentsView : public QWidget
{
    Q_OBJECT

public:
    /// Columns of the list.
    enum Column { NameColumn, KeyColumn, SizeColumn, CreatedColumn, RetentionColumn, SourceColumn };

    explicit DocumentsView(const DataLocations &locations, QWidget *parent = nullptr);
    ~DocumentsView() override;

    void setAgent(const QString &agentId) { m_agentId = agentId; }
    /// Lists the documents again (sweeping expired ones first when the daily sweep is due).
    void refresh();

    QTreeWidget *documentList() const { return m_list; }
    QPlainTextEdit *preview() const { return m_preview; }
    QPushButton *pinButton() const { return m_pin; }
    QPushButton *deleteButton() const { return m_delete; }
    QLabel *statusLabel() const { return m_status; }
    /// The key of the document in the preview; empty when none.
    QString shownKey() const { return m_shownKey; }
    /// How many lists have arrived (tests wait on it).
    int listsShown() const { return m_listsShown; }

Q_SIGNALS:
    void listRequested(const QString &agentId, int generation);
    void previewRequested(const QString &agentId, const QString &fileKey);
    void pinRequested(const QString &agentId, const QString &fileKey, bool pinned);
    void removeRequested(const QString &agentId, const QString &fileKey);

private:
    void showList(int generation, const QList<valis::DocumentInfo> &documents, const QString &description, int expired);
    void showPreview(const valis::DocumentInfo &document, const QByteArray &start);
    void documentChanged(const valis::DocumentInfo &document);
    void showError(const valis::Error &error);
    void selectionChanged();
    void togglePin();
    void deleteSelected();
    QString selectedKey() const;

    QString m_agentId = QStringLiteral("default");
    QThread m_thread;
    DocumentsWorker *m_worker;
    QTreeWidget *m_list;
    QLabel *m_header;
    QPlainTextEdit *m_preview;
    QPushButton *m_refresh;
    QPushButton *m_pin;
    QPushButton *m_delete;
    QLabel *m_status;
    QTimer *m_daily;
    QList<DocumentInfo> m_documents;
    QString m_description;
    QString m_shownKey;
    int m_generation = 0;
    int m_listsShown = 0;
};

} // namespace valis
