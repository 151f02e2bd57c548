#include "tokens/ranktable.h"

#include <QCoreApplication>

#include <array>

namespace valis::tokens {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::BpeEncoding)
};

/// base64 -> bytes appended to `out`; false on a character outside the alphabet.
bool decodeBase64(const char *begin, const char *end, std::vector<char> &out)
{
    static const std::array<qint8, 256> values = [] {
        std::array<qint8, 256> table{};
        table.fill(-1);
        const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < 64; ++i)
            table[uchar(alphabet[i])] = qint8(i);
        return table;
    }();
    quint32 buffer = 0;
    int bits = 0;
    for (const char *p = begin; p < end; ++p) {
        if (*p == '=')
            break;
        const qint8 value = values[uchar(*p)];
        if (value < 0)
            return false;
        buffer = (buffer << 6) | quint32(value);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(char((buffer >> bits) & 0xFF));
        }
    }
    return true;
}

} // namespace

Result<RankTable> RankTable::parse(const QByteArray &rankFile)
{
    RankTable table;
    table.m_arena.reserve(size_t(rankFile.size()));
    const char *p = rankFile.constData();
    const char *end = p + rankFile.size();
    int line = 0;
    while (p < end) {
        ++line;
        const char *lineEnd = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (!lineEnd)
            lineEnd = end;
        if (lineEnd == p) {
            p = lineEnd + 1;
            continue;
        }
        const char *space = static_cast<const char *>(std::memchr(p, ' ', size_t(lineEnd - p)));
        const auto corrupt = [line] {
            return Error(QStringLiteral("tokens.data-corrupt"),
                         Text::tr("the tokenizer data is damaged at line %1; reinstall Valis or run scripts/dev.sh setup").arg(line));
        };
        if (!space || space == p)
            return corrupt();
        quint64 rank = 0;
        const char *digit = space + 1;
        if (digit == lineEnd || digit[0] < '0' || digit[0] > '9')
            return corrupt();
        for (; digit < lineEnd && *digit >= '0' && *digit <= '9'; ++digit)
            rank = rank * 10 + quint64(*digit - '0');
        if ((digit < lineEnd && *digit != '\r') || rank > 10000000)
            return corrupt();
        const size_t offset = table.m_arena.size();
        if (!decodeBase64(p, space, table.m_arena) || table.m_arena.size() == offset)
            return corrupt();
        if (table.m_tokens.size() <= rank)
            table.m_tokens.resize(size_t(rank) + 1);
        Token &token = table.m_tokens[size_t(rank)];
        if (token.length != 0)
            return corrupt();
        token = {quint32(offset), quint32(table.m_arena.size() - offset)};
        p = lineEnd + 1;
    }
    if (table.m_tokens.empty())
        return Error(QStringLiteral("tokens.data-corrupt"), Text::tr("the tokenizer data is empty"));

    size_t capacity = 1;
    while (capacity < table.m_tokens.size() * 2)
        capacity <<= 1;
    table.m_slots.assign(capacity, Slot());
    table.m_mask = capacity - 1;
    for (quint32 rank = 0; rank < table.m_tokens.size(); ++rank) {
        const Token &token = table.m_tokens[rank];
        if (token.length == 0)
            continue;
        const auto *bytes = reinterpret_cast<const uchar *>(table.m_arena.data() + token.offset);
        const quint64 h = hash(bytes, token.length);
        quint64 slot = h & table.m_mask;
        while (table.m_slots[slot].tag != 0) {
            const Token &other = table.m_tokens[table.m_slots[slot].rank];
            if (other.length == token.length && std::memcmp(table.m_arena.data() + other.offset, bytes, token.length) == 0)
                return Error(QStringLiteral("tokens.data-corrupt"), Text::tr("the tokenizer data lists a token twice"));
            slot = (slot + 1) & table.m_mask;
        }
        table.m_slots[slot] = {quint32(h >> 32) | 1, rank};
    }
    return table;
}

} // namespace valis::tokens
