#pragma once

#include "valis/record/message.h"

#include <QList>
#include <QRandomGenerator>
#include <QStringList>

#include <vector>

/// Deterministic generator of realistic agent transcripts for the benchmarks: turns of a user
/// prompt, an assistant reply with a tool call, and a tool result that is mostly large output
/// (build logs, source code, diffs, JSON). Words follow a Zipf distribution over a generated
/// vocabulary, so queries can be chosen by how common their word is.
class CorpusGenerator
{
public:
    explicit CorpusGenerator(quint32 seed);

    /// The messages of one session of `turns` turns.
    QList<valis::Message> session(int turns);
    /// One message of the mix a live session appends (prompt, reply with call, or tool output).
    valis::Message liveMessage(int index);

    /// A vocabulary word by frequency rank (0 = the most common).
    QString word(int rank) const { return m_vocabulary.at(rank); }
    int vocabularySize() const { return int(m_vocabulary.size()); }
    qint64 bytesGenerated() const { return m_bytes; }

private:
    QString randomWord();
    QString identifier();
    QString prose(int sentences);
    QString buildLog(int lines);
    QString sourceCode(int lines);
    QString diff(int hunks);
    QString jsonDocument(int items);
    valis::Message toolResult(const QString &callId, const QString &tool);

    QRandomGenerator m_random;
    QStringList m_vocabulary;
    std::vector<double> m_cumulative;
    qint64 m_bytes = 0;
    int m_callCounter = 0;
};
