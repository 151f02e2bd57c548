#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QByteArrayView>

#include <vector>

namespace valis::test {

/// A node of the YAML subset readYamlSubset() reads. Scalars are bytes exactly as YAML defines
/// their value (quotes, escapes, folding, indentation and chomping already applied; `!!binary`
/// decoded); plain scalars are not typed (`200` is the bytes "200").
struct YamlNode
{
    enum class Type { Null, Scalar, Map, Sequence };

    Type type = Type::Null;
    QByteArray scalar;
    std::vector<QByteArray> keys; ///< Map: the keys, in order
    std::vector<YamlNode> values; ///< Map: the value of each key; Sequence: the items
    int line = 0;                 ///< 1-based line where the node starts

    /// Map: the value of `key`, or null when there is none.
    const YamlNode *value(QByteArrayView key) const;
    /// The scalar of `key`'s value; empty when absent or not a scalar.
    QByteArray scalarOf(QByteArrayView key) const;
};

/// Reads the block-style YAML that go-vcr (through gopkg.in/yaml) writes: block mappings and
/// sequences (including `- key: value` items and sequences at their key's indentation), plain
/// scalars, single-quoted ('' is a quote) and double-quoted scalars (YAML escapes) with line
/// folding, literal block scalars with chomping (`|`, `|+`, `|-`, an indentation digit), empty
/// flow collections (`{}`, `[]`), comments, and the `!!binary` and `!!str` tags. Anything else
/// (folded `>` scalars, anchors, aliases, other flow collections, tabs as indentation) is an
/// Error naming `fileName` and the line, never a silent guess.
Result<YamlNode> readYamlSubset(const QByteArray &text, const QString &fileName);

} // namespace valis::test
