#pragma once

#include "valis/plugins/toolprovider.h"

#include <QList>
#include <QString>

namespace valis::mcp {

/// Ranks tool specs against a query the model writes, BM25 over the words of each tool's name
/// (split at _ - . and case changes), title and description, the name's words weighted three
/// times. "select:a,b" picks tools by exact name instead. Deterministic: ties keep the given order.
class ToolSearch
{
public:
    explicit ToolSearch(const QList<ToolSpec> &tools);

    /// The best `limit` matches, best first; only tools that share a word with the query.
    QList<ToolSpec> search(const QString &query, int limit) const;
    /// The named tools, in the order named; unknown names are listed in `*missing`.
    QList<ToolSpec> select(const QStringList &names, QStringList *missing) const;

    /// The words of `text` for matching: lowercase, split at non-letters and case changes.
    static QStringList words(const QString &text);

private:
    QList<ToolSpec> m_tools;
    QList<QStringList> m_documents;
};

} // namespace valis::mcp
