#include "conversationrequests.h"

#include "conversationview.h"

#include "valis/filesystem/agentfilesystem.h"

#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QThreadPool>
#include <QVBoxLayout>

namespace valis {

ConversationRequests::ConversationRequests(const DataLocations &locations, ConversationView *view, QWidget *window)
    : QObject(window), m_locations(locations), m_view(view), m_window(window)
{
    connect(view, &ConversationView::linkOpenRequested, this, &ConversationRequests::confirmAndOpen);
    connect(view, &ConversationView::fullResultRequested, this, &ConversationRequests::showFullResult);
    connect(view, &ConversationView::transcriptRequested, this, &ConversationRequests::showTranscript);
}

void ConversationRequests::confirmAndOpen(const QUrl &url)
{
    // Model output chose this address: the person sees it whole before anything opens.
    auto *question = new QMessageBox(QMessageBox::Question, tr("Open link?"),
                                     tr("Open this address in your browser?\n\n%1").arg(url.toString(QUrl::FullyEncoded)),
                                     QMessageBox::Open | QMessageBox::Cancel, m_window);
    question->setObjectName(QStringLiteral("openLinkQuestion"));
    question->setDefaultButton(QMessageBox::Cancel);
    question->setAttribute(Qt::WA_DeleteOnClose);
    connect(question, &QMessageBox::finished, this, [url](int answer) {
        if (answer == QMessageBox::Open)
            QDesktopServices::openUrl(url);
    });
    question->open();
}

void ConversationRequests::showFullResult(const QString &messageId, const QString &callId)
{
    const Message *message = m_view ? m_view->findMessage(messageId) : nullptr;
    if (message) {
        for (const Part &part : message->parts) {
            if (part.kind == PartKind::ToolResult && part.callId == callId) {
                showText(tr("Result of %1").arg(part.toolName.isEmpty() ? callId : part.toolName), part.resultText());
                return;
            }
        }
    }
    Q_EMIT failed(tr("The result %1 is no longer shown.").arg(callId));
}

void ConversationRequests::showTranscript(const QString &path)
{
    if (!m_view)
        return;
    const SessionInfo session = m_view->shownSession();
    if (session.id.isEmpty() || session.workspace.isEmpty()) {
        Q_EMIT failed(tr("%1 belongs to a session without a workspace folder.").arg(path));
        return;
    }
    QPointer<ConversationRequests> self = this;
    const DataLocations locations = m_locations;
    QThreadPool::globalInstance()->start([self, locations, session, path] {
        const auto filesystem = AgentFilesystem::forSession(session.workspace, locations, QStringLiteral("default"), session.id);
        const Result<QByteArray> bytes = filesystem->read(path);
        QMetaObject::invokeMethod(self, [self, path, bytes] {
            if (!self)
                return;
            if (bytes.ok())
                self->showText(path, QString::fromUtf8(bytes.value()));
            else
                Q_EMIT self->failed(tr("Could not read %1: %2").arg(path, bytes.error().toString()));
        }, Qt::QueuedConnection);
    });
}

void ConversationRequests::showText(const QString &title, const QString &text)
{
    auto *dialog = new QDialog(m_window);
    dialog->setObjectName(QStringLiteral("fullTextDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto *layout = new QVBoxLayout(dialog);
    auto *editor = new QPlainTextEdit(dialog);
    editor->setReadOnly(true);
    editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor->setPlainText(text);
    layout->addWidget(editor);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(900, 640);
    dialog->show();
    Q_EMIT textShown(title, text);
}

} // namespace valis
