#pragma once

#include <QObject>
#include <QString>

namespace valis::test {
class ProviderTestServer;
struct CapturedRequest;
} // namespace valis::test

namespace valis::bench {

/// What a soak turn asks the model to do; the driver names it in the turn's text and the
/// scripted model reads it back from the request.
enum class SoakTurnKind { Answer, Read, Write, Grep, Edit, Parallel };

/// The scripted model of bench_soak, answering on a ProviderTestServer in the Anthropic wire
/// format: each turn's first request gets the tool calls its kind asks for (the real file tools
/// in `workspace`), a request ending in tool results gets a streamed Markdown answer, and a
/// summary request of the progressive strategy gets a summary. Usage reports a quarter of the
/// request's bytes as input tokens, so the context meter and the compaction thresholds see a
/// window that fills. It keeps no request: what it has answered is forgotten, so the server's
/// memory stays flat however long the run. Lives in the server's thread.
class SoakModel : public QObject
{
    Q_OBJECT

public:
    SoakModel(test::ProviderTestServer *server, QString workspace, QObject *parent = nullptr);

    /// The user text of turn `turn`, which tells the model what kind of turn it is.
    static QString turnText(int turn, SoakTurnKind kind);
    static SoakTurnKind kindOf(int turn);
    /// A topic word that turn `turn`'s answer mentions (what the soak's searches look for).
    static QString topicOf(int turn);

    qint64 requests() const { return m_requests; }
    qint64 summaries() const { return m_summaries; }
    qint64 toolCalls() const { return m_toolCalls; }
    /// Requests the model could not place (no turn marker where one was needed).
    qint64 unplaced() const { return m_unplaced; }

private:
    void answer(const test::CapturedRequest &request);

    test::ProviderTestServer *m_server = nullptr;
    QString m_workspace;
    qint64 m_requests = 0;
    qint64 m_summaries = 0;
    qint64 m_toolCalls = 0;
    qint64 m_unplaced = 0;
};

} // namespace valis::bench
