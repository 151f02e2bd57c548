#pragma once

#include "valis/agent/failureclassifier.h"
#include "valis/agent/retrypolicy.h"
#include "valis/context/turnversions.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <array>
#include <functional>
#include <memory>
#include <optional>

namespace valis {

class ProviderStream;
class SessionStore;
class StoredTurnVersions;
class StreamAssembler;

/// Who makes a session's turn versions after each turn: the extractive S/C/T at once, and the
/// model's, or only the extractive ones (SessionConfig::turnVersions, the strategies' settings).
enum class TurnVersionMode {
    Auto,       ///< The model when a strategy of the session asks for it ("turnVersions": "model").
    Extractive, ///< The deterministic versions only: no model call.
    Model,      ///< The extractive versions at once, then the model's.
};

/// "auto", "extractive", "model"; nullopt for anything else.
VALIS_HARNESS_EXPORT std::optional<TurnVersionMode> turnVersionModeFromString(const QString &text);

/// The S, C and T texts of a model's answer to the turn-version instruction: three tagged
/// sections <smoothed>, <compressed>, <tiny> (any case, in any order, code fences and text
/// around them ignored, a missing closing tag ending at the next section). nullopt unless all
/// three are there and not empty.
VALIS_HARNESS_EXPORT std::optional<std::array<QString, 3>> parseTurnVersionAnswer(const QString &answer);

/// The instruction that asks a model for the S, C and T versions of a turn, in one answer
/// (what parseTurnVersionAnswer() reads). `turnTokens` is the turn's size, for the lengths asked.
VALIS_HARNESS_EXPORT QString turnVersionInstruction(int turn, qint64 turnTokens);

/// Makes and stores the turn versions of one session: the extractive ones on request, then
/// the model's in the background, one request at a time, retried with backoff (RetryPolicy,
/// classifyProviderFailure()) on rate limits, overload and dropped connections. What the model
/// wrote is stored (append-only, so it becomes the newest version) and put into the session's
/// StoredTurnVersions; a failure or an answer that cannot be read leaves the extractive
/// versions in place and is reported through warning(), never silently.
///
/// A request continues the live one when there is one (the same system prompt, tools and
/// messages, the turn's answer after them and the instruction last, so the provider reads the
/// prefix from its prompt cache); otherwise (a reopened session, valis-cli turns --regenerate)
/// it is a request of its own carrying the turn as a transcript.
///
/// Lives in its owner's thread (the Session's, the CLI's); never blocks it.
class VALIS_HARNESS_EXPORT TurnVersionGenerator : public QObject
{
    Q_OBJECT

public:
    struct Setup
    {
        SessionStore *store = nullptr;
        QString sessionId;
        Provider *provider = nullptr; ///< nullptr: extractive versions only
        QString model;
        ProviderEndpoint endpoint;
        QJsonObject providerOptions;
        RetryPolicy retry;
        FailureContext failureContext;
        std::function<qint64(const QString &)> countTokens; ///< nullptr: bytes / 4
        /// Where stored versions go for the context pipeline; may be null.
        std::shared_ptr<StoredTurnVersions> snapshot;
    };

    explicit TurnVersionGenerator(Setup setup, QObject *parent = nullptr);
    ~TurnVersionGenerator() override;

    /// Stores the extractive versions of `turn` (its messages `turnMessages`) unless versions
    /// made from these messages are stored already. Returns what it stored (empty: nothing).
    Result<QList<TurnVersion>> storeExtractive(int turn, const QList<Message> &turnMessages);
    /// Queues a model request for the versions of `turn`. `live`, when given, is the last
    /// request sent in the turn and `after` the turn's messages appended since (its answer):
    /// the request then continues `live`.
    void generate(int turn, const QList<Message> &turnMessages, const std::optional<ProviderRequest> &live = {},
                  const QList<Message> &after = {});
    /// A request is queued, running or waiting to be retried.
    bool isBusy() const;
    /// Drops what is queued and stops what runs; nothing more is reported.
    void cancel();

Q_SIGNALS:
    /// The model's versions of `turn` were stored.
    void versionsStored(int turn, const QList<valis::TurnVersion> &versions);
    /// A request failed for good, an answer could not be read, or the store refused them.
    void warning(const valis::Error &error);
    /// What a request used (billed like any other).
    void usageReported(const valis::Usage &usage);
    /// The queue ran empty.
    void idle();

private:
    struct Job
    {
        int turn = -1;
        QString sourceHash;
        ProviderRequest request;
        int attempts = 0;
    };
    void startNext();
    void send();
    void onFinished();
    void onFailed(const ProviderFailure &failure);
    void endJob();
    void dropStream();
    qint64 count(const QString &text) const;

    Setup m_setup;
    QList<Job> m_queue;
    std::optional<Job> m_running;
    QPointer<ProviderStream> m_stream;
    std::unique_ptr<StreamAssembler> m_assembler;
    QTimer m_retryTimer;
    QTimer m_timeout;
};

} // namespace valis
