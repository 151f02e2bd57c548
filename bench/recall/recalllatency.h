#pragma once

#include <QString>
#include <QTextStream>

/// Recall latency over a synthetic store: `memories` DetailStore records (SQLite) and
/// `transcriptBytes` of agent transcripts (CorpusGenerator: prompts, replies with tool calls,
/// large tool outputs), then `queries` questions of three to eight words drawn from the
/// corpus's Zipf vocabulary (rare, middling and common words mixed), each answered by the
/// HybridRetriever the runtime recall step uses. Prints build time and latency percentiles.
struct RecallLatencyOptions
{
    int memories = 100000;
    qint64 transcriptBytes = 100LL * 1024 * 1024;
    int queries = 300;
    QString workDir; ///< stores built here are reused when they are already there
};

bool runRecallLatency(const RecallLatencyOptions &options, QTextStream &out);
