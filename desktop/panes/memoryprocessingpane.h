#pragma once

#include "valis/memory/memoryprocessing.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace valis {

class MemoryProcessingController;

/// The memory browser's view of what offline processing learned: the recommendations waiting
/// for the person (AGENTS.md lines, skills, deletions; each with its evidence) to accept or
/// reject, and the lessons, references and topics with their weight, layer and uses. Shows a
/// running job's progress with a Cancel button, and starts one on request.
class MemoryProcessingPane : public QWidget
{
    Q_OBJECT

public:
    explicit MemoryProcessingPane(MemoryProcessingController *controller, QWidget *parent = nullptr);

    QTreeWidget *recommendationList() const { return m_recommendations; }
    QTreeWidget *learnedList() const { return m_learned; }
    QPushButton *acceptButton() const { return m_accept; }
    QPushButton *rejectButton() const { return m_reject; }
    QPushButton *processButton() const { return m_process; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    QPlainTextEdit *details() const { return m_details; }
    QString statusText() const;

private:
    void showListed(const QList<MemoryRecommendation> &recommendations, const QList<MemoryRecord> &learned);
    void select(QTreeWidgetItem *item);
    void decideShown(bool accept);

    MemoryProcessingController *m_controller;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_process;
    QPushButton *m_cancel;
    QTreeWidget *m_recommendations;
    QPlainTextEdit *m_details;
    QPushButton *m_accept;
    QPushButton *m_reject;
    QTreeWidget *m_learned;
};

} // namespace valis
