#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/memorysettings.h"
#include "valis/memory/outputsummary.h"
#include "valis/plugins/provider.h"
#include "valis/record/part.h"

#include <QObject>
#include <QSet>

#include <chrono>
#include <functional>
#include <memory>

namespace valis {

class DetailStore;

/// Writes the one-line summary of a large tool output with a cheap model.
class VALIS_HARNESS_EXPORT OutputSummariser
{
public:
    virtual ~OutputSummariser();
    /// Summarises `excerpt` (the start and end of the output) in one line; `done` runs on
    /// `context`'s thread, exactly once, unless `context` is destroyed first.
    virtual void summarise(const QString &excerpt, const OutputSource &source, QObject *context,
                           std::function<void(Result<QString>)> done) = 0;
};

/// An OutputSummariser over any Provider: one short request per output, no tools, given up
/// after a timeout (the capture then uses the extractive line).
class VALIS_HARNESS_EXPORT ProviderOutputSummariser : public OutputSummariser
{
public:
    ProviderOutputSummariser(Provider *provider, QString model, ProviderEndpoint endpoint,
                             std::chrono::milliseconds timeout = std::chrono::seconds(20));
    void summarise(const QString &excerpt, const OutputSource &source, QObject *context,
                   std::function<void(Result<QString>)> done) override;

private:
    Provider *m_provider;
    QString m_model;
    ProviderEndpoint m_endpoint;
    std::chrono::milliseconds m_timeout;
};

/// Who a batch of captured results belongs to.
struct VALIS_HARNESS_EXPORT CaptureScope
{
    QString agentId = QStringLiteral("default");
    QString sessionId;
    int turn = -1;
    /// Tools whose results always stay in the context (ToolSpec::keepResultsInContext).
    QSet<QString> keepInContext;
    /// Calls whose results are never captured: the model asked for exactly these bytes (a
    /// search_history page, a read_file of content moved to /context/).
    QSet<QString> keepCallIds;
};

/// Layer 1 of the memory: a tool result over its tool's threshold is stored whole in the
/// DetailStore and the context shows `[MemoryRef: key - summary]`, the status and a short
/// extractive preview instead (Part::captured). The record keeps the full result.
///
/// What is stored is the result's largest text part (exec's output without its status line);
/// its other text parts stay in view verbatim. Summaries come from the OutputSummariser when
/// one is set, else from extractiveSummary(). Storing runs on a worker thread; a result that
/// cannot be stored stays as it was and the failure is reported, so nothing is lost.
class VALIS_HARNESS_EXPORT ResultCapture : public QObject
{
    Q_OBJECT

public:
    ResultCapture(std::shared_ptr<DetailStore> store, MemorySettings settings, QObject *parent = nullptr);
    ~ResultCapture() override;

    void setSummariser(std::shared_ptr<OutputSummariser> summariser) { m_summariser = std::move(summariser); }
    /// Counts the tokens of a text; default: UTF-8 bytes / 4, the pipeline's estimate.
    void setTokenCounter(std::function<qint64(const QString &)> counter) { m_counter = std::move(counter); }
    DetailStore *store() const { return m_store.get(); }
    const MemorySettings &settings() const { return m_settings; }

    /// Whether `result` would be captured.
    bool wouldCapture(const Part &result, const CaptureScope &scope) const;
    /// Captures the results of one batch (`calls` are their ToolCall parts, for arguments).
    /// `done` runs on this object's thread with every result, in order, and the failures.
    void capture(const QList<Part> &calls, const QList<Part> &results, const CaptureScope &scope,
                 std::function<void(QList<Part> results, QList<Error> warnings)> done);

    /// The text the context shows for a captured output: the status parts, the MemoryRef line,
    /// the extractive details and how to read more.
    static QString placeholderText(const QString &key, const QString &summaryLine, const OutputSummary &extractive,
                                   const QString &status, qint64 lineCount);

private:
    struct Batch;
    void summariseNext(std::shared_ptr<Batch> batch);
    void store(std::shared_ptr<Batch> batch);

    std::shared_ptr<DetailStore> m_store;
    MemorySettings m_settings;
    std::shared_ptr<OutputSummariser> m_summariser;
    std::function<qint64(const QString &)> m_counter;
};

} // namespace valis
