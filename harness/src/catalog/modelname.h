#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace valis::catalog {

/// One spelling of a model name to look up, with the translated steps that led to it.
struct NameCandidate
{
    QString name;
    QStringList steps;
};

/// The spellings of `name` to try after the exact id and alias checks, most faithful first:
/// lower case, without "[1m]"-style suffixes, provider path prefixes ("openrouter/anthropic/"),
/// Bedrock wrappers ("us.anthropic.…-v1:0"), Vertex "@date" versions, Ollama-style ":tags" and
/// quantisation, date and "-latest" suffixes, and reasoning-effort suffixes. Each spelling also
/// comes with version dots written as dashes ("claude-sonnet-4.5") and with Claude's family and
/// version swapped ("claude-4-5-haiku"). The last candidate is the most stripped form, the one
/// prefix matching uses.
QList<NameCandidate> normalisedCandidates(const QString &name);

/// True when `key` is a prefix of `name` that ends at a name boundary ('-', ':', '@', '_', '/'),
/// so "gpt-5" is a prefix of "gpt-5-codex-mini" but not of "gpt-50" or "gpt-5.5".
bool isBoundaryPrefix(const QString &key, const QString &name);

} // namespace valis::catalog
