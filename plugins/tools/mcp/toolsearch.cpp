#include "toolsearch.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace valis::mcp {

QStringList ToolSearch::words(const QString &text)
{
    QStringList out;
    QString current;
    auto flush = [&] {
        if (current.size() > 1 || (current.size() == 1 && current.at(0).isDigit()))
            out.append(current.toLower());
        current.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!c.isLetterOrNumber()) {
            flush();
            continue;
        }
        // fooBar -> foo bar; HTTPServer -> http server
        if (!current.isEmpty() && c.isUpper()
            && (current.back().isLower() || (i + 1 < text.size() && text.at(i + 1).isLower() && current.back().isUpper())))
            flush();
        current.append(c);
    }
    flush();
    return out;
}

ToolSearch::ToolSearch(const QList<ToolSpec> &tools) : m_tools(tools)
{
    for (const ToolSpec &tool : tools) {
        QStringList document;
        const QStringList name = words(tool.name);
        for (int i = 0; i < 3; ++i)
            document += name;
        document += words(tool.title);
        document += words(tool.description);
        m_documents.append(document);
    }
}

QList<ToolSpec> ToolSearch::search(const QString &query, int limit) const
{
    const QStringList terms = words(query);
    if (terms.isEmpty() || m_tools.isEmpty())
        return {};
    const double n = double(m_tools.size());
    double averageLength = 0;
    for (const QStringList &document : m_documents)
        averageLength += double(document.size());
    averageLength /= n;
    QHash<QString, int> documentFrequency;
    for (const QStringList &document : m_documents) {
        const QSet<QString> unique(document.begin(), document.end());
        for (const QString &word : unique)
            ++documentFrequency[word];
    }
    constexpr double k1 = 1.2;
    constexpr double b = 0.75;
    QList<QPair<double, int>> scored;
    for (int i = 0; i < int(m_documents.size()); ++i) {
        const QStringList &document = m_documents.at(i);
        double score = 0;
        for (const QString &term : terms) {
            // A query word matches a tool word that it starts (issue -> issues).
            int frequency = 0;
            QString matched;
            for (const QString &word : document) {
                if (word == term || (term.size() >= 3 && word.startsWith(term))) {
                    ++frequency;
                    matched = word;
                }
            }
            if (frequency == 0)
                continue;
            const double df = documentFrequency.value(matched, 1);
            const double idf = std::log(1.0 + (n - df + 0.5) / (df + 0.5));
            const double length = double(document.size());
            score += idf * (double(frequency) * (k1 + 1)) / (double(frequency) + k1 * (1 - b + b * length / averageLength));
        }
        if (score > 0)
            scored.append({score, i});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &c) { return a.first > c.first; });
    QList<ToolSpec> results;
    for (const auto &[score, index] : scored) {
        if (results.size() >= limit)
            break;
        results.append(m_tools.at(index));
    }
    return results;
}

QList<ToolSpec> ToolSearch::select(const QStringList &names, QStringList *missing) const
{
    QList<ToolSpec> results;
    for (const QString &raw : names) {
        const QString name = raw.trimmed();
        if (name.isEmpty())
            continue;
        const auto it = std::find_if(m_tools.begin(), m_tools.end(), [&name](const ToolSpec &tool) { return tool.name == name; });
        if (it == m_tools.end())
            missing->append(name);
        else
            results.append(*it);
    }
    return results;
}

} // namespace valis::mcp
