#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <cstring>

#include <vector>

namespace valis::tokens {

/// The ordinary tokens of an encoding: bytes -> rank (the token id), and back. An open
/// addressing table over one arena of token bytes, built from tiktoken's rank file.
class RankTable
{
public:
    /// Parses "<base64 token> <rank>" lines. "tokens.data-corrupt" names the first bad line.
    static Result<RankTable> parse(const QByteArray &rankFile);

    /// The rank of these bytes, or -1.
    qint64 rank(const uchar *bytes, qsizetype length) const
    {
        const quint64 h = hash(bytes, length);
        const quint32 tag = quint32(h >> 32) | 1;
        for (quint64 slot = h & m_mask;; slot = (slot + 1) & m_mask) {
            const Slot &s = m_slots[slot];
            if (s.tag == 0)
                return -1;
            if (s.tag == tag) {
                const Token &token = m_tokens[s.rank];
                if (token.length == length && std::memcmp(m_arena.data() + token.offset, bytes, size_t(length)) == 0)
                    return s.rank;
            }
        }
    }
    QByteArrayView token(quint32 rank) const
    {
        if (rank >= m_tokens.size() || m_tokens[rank].length == 0)
            return {};
        return QByteArrayView(m_arena.data() + m_tokens[rank].offset, m_tokens[rank].length);
    }
    /// One more than the highest rank.
    int size() const { return int(m_tokens.size()); }

    static quint64 hash(const uchar *bytes, qsizetype length)
    {
        quint64 h = 0x9E3779B97F4A7C15ULL ^ quint64(length);
        while (length >= 8) {
            quint64 word;
            std::memcpy(&word, bytes, 8);
            h = (h ^ word) * 0xBF58476D1CE4E5B9ULL;
            h ^= h >> 31;
            bytes += 8;
            length -= 8;
        }
        quint64 word = 0;
        std::memcpy(&word, bytes, size_t(length));
        h = (h ^ word) * 0x94D049BB133111EBULL;
        h ^= h >> 29;
        return h * 0xBF58476D1CE4E5B9ULL;
    }

private:
    struct Token
    {
        quint32 offset = 0;
        quint32 length = 0;
    };
    struct Slot
    {
        quint32 tag = 0; ///< 0: empty
        quint32 rank = 0;
    };
    std::vector<char> m_arena;
    std::vector<Token> m_tokens;
    std::vector<Slot> m_slots;
    quint64 m_mask = 0;
};

} // namespace valis::tokens
