#pragma once

#include "valis/agent/approvalpolicy.h"

#include <QDialog>

class QLineEdit;

namespace valis {

/// Asks a person whether a tool call may run, showing the full arguments. Non-modal: the
/// window stays live (the person can read the transcript, or stop the turn) while it is open.
class ApprovalDialog : public QDialog
{
    Q_OBJECT

public:
    ApprovalDialog(const ApprovalRequest &request, QWidget *parent = nullptr);

    QString requestId() const { return m_request.id; }

Q_SIGNALS:
    void answered(const QString &requestId, const valis::ApprovalDecision &decision);

private:
    void answer(bool allow, ApprovalScope scope);

    ApprovalRequest m_request;
    QLineEdit *m_reason;
    bool m_answered = false;
};

} // namespace valis
