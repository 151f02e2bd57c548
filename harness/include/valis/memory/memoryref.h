#pragma once

#include "valis/harness_export.h"

#include <QList>
#include <QString>

namespace valis {

/// A placeholder for content kept in the DetailStore: `[MemoryRef: m-3f9a2c - npm install log,
/// 412 lines, exit 0]`. The model expands it with retrieve_memory.
struct VALIS_HARNESS_EXPORT MemoryRef
{
    QString key;
    QString summary;   ///< one line; newlines and ']' are replaced when formatted

    /// "[MemoryRef: <key> - <summary>]"
    QString line() const;
    /// Every well-formed placeholder in `text`, in order.
    static QList<MemoryRef> findAll(const QString &text);
    bool operator==(const MemoryRef &other) const { return key == other.key && summary == other.summary; }
};

} // namespace valis
