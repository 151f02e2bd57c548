#include "conversationbridge.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QRegularExpression>

namespace valis {

namespace {

constexpr qsizetype MaxCopyChars = 16 * 1024 * 1024;
constexpr qsizetype MaxLinkChars = 8192;

bool isIdentifier(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_.:-]{1,200}$"));
    return pattern.match(text).hasMatch();
}

QString shortened(const QString &text)
{
    return text.size() <= 120 ? text : text.left(119) + QChar(0x2026);
}

} // namespace

ConversationBridge::ConversationBridge(QObject *parent)
    : QObject(parent)
{
    m_strings = {
        {QStringLiteral("copy"), tr("Copy")},
        {QStringLiteral("copied"), tr("Copied")},
        {QStringLiteral("thinking"), tr("Thinking")},
        {QStringLiteral("arguments"), tr("Arguments")},
        {QStringLiteral("result"), tr("Result")},
        {QStringLiteral("running"), tr("running…")},
        {QStringLiteral("done"), tr("done")},
        {QStringLiteral("failed"), tr("failed")},
        {QStringLiteral("openFull"), tr("Open full result")},
        {QStringLiteral("openTranscript"), tr("Open the saved transcript")},
        {QStringLiteral("openMemory"), tr("Open in the memory browser")},
        {QStringLiteral("loadEarlier"), tr("Load earlier messages (%1 more)")},
        {QStringLiteral("loadLater"), tr("Load newer messages (%1 more)")},
        {QStringLiteral("assistant"), tr("Assistant")},
        {QStringLiteral("image"), tr("image")},
        {QStringLiteral("edit"), tr("Edit")},
        {QStringLiteral("editTitle"), tr("Edit this message and send it again; the answer so far stays as a branch")},
        {QStringLiteral("regenerate"), tr("Regenerate")},
        {QStringLiteral("regenerateTitle"), tr("Answer the last turn again; this answer stays as a branch")},
        {QStringLiteral("previousBranch"), tr("Previous version")},
        {QStringLiteral("nextBranch"), tr("Next version")},
        {QStringLiteral("mcpServer"), tr("MCP server %1")},
        {QStringLiteral("progress"), tr("Progress")},
        {QStringLiteral("fork"), tr("Fork from here")},
        {QStringLiteral("forkTitle"), tr("Start a new session from the conversation up to this message; when its turn "
                                         "ends, its answer is reported back here")},
        {QStringLiteral("inspect"), tr("What did the model see?")},
        {QStringLiteral("inspectTitle"), tr("Open the context inspector on the request that produced this message")},
        // For screen readers (the page's accessibility section).
        {QStringLiteral("a11yConversation"), tr("Conversation")},
        {QStringLiteral("a11yMessages"), tr("Messages")},
        {QStringLiteral("a11yApproval"), tr("Approval needed: %1")},
        {QStringLiteral("a11yTool"), tr("Tool %1")},
    };
}

void ConversationBridge::setTheme(const QString &theme)
{
    if (theme == m_theme)
        return;
    m_theme = theme;
    Q_EMIT themeChanged(theme);
}

void ConversationBridge::ready()
{
    Q_EMIT pageReady();
}

void ConversationBridge::rendered(int count)
{
    m_rendered = count;
    Q_EMIT pageRendered(count);
}

void ConversationBridge::copyText(const QString &text)
{
    if (text.size() > MaxCopyChars) {
        refuse(QStringLiteral("copyText of %1 characters").arg(text.size()));
        return;
    }
    QGuiApplication::clipboard()->setText(text);
}

void ConversationBridge::openLink(const QString &href)
{
    const QUrl url(href, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    const bool web = (scheme == QLatin1String("http") || scheme == QLatin1String("https")) && !url.host().isEmpty();
    if (href.size() > MaxLinkChars || !url.isValid() || !(web || scheme == QLatin1String("mailto"))) {
        refuse(QStringLiteral("openLink %1").arg(shortened(href)));
        return;
    }
    Q_EMIT linkRequested(url);
}

void ConversationBridge::loadEarlier()
{
    Q_EMIT earlierRequested();
}

void ConversationBridge::loadLater()
{
    Q_EMIT laterRequested();
}

void ConversationBridge::openFull(const QString &messageId, const QString &callId)
{
    if (!isIdentifier(messageId) || !isIdentifier(callId)) {
        refuse(QStringLiteral("openFull %1 %2").arg(shortened(messageId), shortened(callId)));
        return;
    }
    Q_EMIT fullResultRequested(messageId, callId);
}

void ConversationBridge::openTranscript(const QString &path)
{
    static const QRegularExpression pattern(QStringLiteral("^/context/transcripts/[A-Za-z0-9_.-]{1,200}$"));
    if (!pattern.match(path).hasMatch() || path.contains(QLatin1String(".."))) {
        refuse(QStringLiteral("openTranscript %1").arg(shortened(path)));
        return;
    }
    Q_EMIT transcriptRequested(path);
}

void ConversationBridge::openMemory(const QString &key)
{
    static const QRegularExpression pattern(QStringLiteral("^m-[0-9a-z]{4,40}$"));
    if (!pattern.match(key).hasMatch()) {
        refuse(QStringLiteral("openMemory %1").arg(shortened(key)));
        return;
    }
    Q_EMIT memoryRequested(key);
}

void ConversationBridge::decide(const QString &approvalId, const QString &decision)
{
    static const QSet<QString> decisions{QStringLiteral("once"), QStringLiteral("session"), QStringLiteral("always"),
                                         QStringLiteral("deny")};
    if (!m_pendingApprovals.contains(approvalId) || !decisions.contains(decision)) {
        refuse(QStringLiteral("decide %1 %2").arg(shortened(approvalId), shortened(decision)));
        return;
    }
    m_pendingApprovals.remove(approvalId);
    Q_EMIT approvalDecided(approvalId, decision);
}

void ConversationBridge::switchBranch(const QString &messageId)
{
    if (!m_messages.contains(messageId)) {
        refuse(QStringLiteral("switchBranch %1").arg(shortened(messageId)));
        return;
    }
    Q_EMIT branchRequested(messageId);
}

void ConversationBridge::editMessage(const QString &messageId)
{
    if (!m_messages.contains(messageId)) {
        refuse(QStringLiteral("editMessage %1").arg(shortened(messageId)));
        return;
    }
    Q_EMIT editRequested(messageId);
}

void ConversationBridge::regenerate()
{
    Q_EMIT regenerateRequested();
}

void ConversationBridge::forkFrom(const QString &messageId)
{
    if (!m_forkPoints.contains(messageId)) {
        refuse(QStringLiteral("forkFrom %1").arg(shortened(messageId)));
        return;
    }
    Q_EMIT forkRequested(messageId);
}

void ConversationBridge::inspectRequest(const QString &messageId)
{
    if (!m_answers.contains(messageId)) {
        refuse(QStringLiteral("inspectRequest %1").arg(shortened(messageId)));
        return;
    }
    Q_EMIT inspectionRequested(messageId);
}

void ConversationBridge::refuse(const QString &what)
{
    m_refusals.append(what);
    Q_EMIT refused(what);
}

} // namespace valis
