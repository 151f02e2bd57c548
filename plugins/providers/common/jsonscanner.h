#pragma once

#include <QByteArrayView>
#include <QString>

#include <type_traits>

/// A strict, allocation-light JSON reader for the hot path of the stream decoders.
///
/// QJsonDocument builds a whole document for every SSE event, and that is most of the cost of
/// decoding a stream (bench/bench_sse). The decoders instead read their most frequent events
/// (text, thinking and argument deltas) with this scanner and hand everything else to
/// QJsonDocument. The scanner is deliberately stricter than QJsonDocument: it refuses (returns
/// false, after which the caller falls back to QJsonDocument) anything it is not sure
/// QJsonDocument reads the same way: invalid or unusual UTF-8 (overlong forms, surrogates,
/// noncharacters), unescaped control characters, lone surrogate escapes, escaped keys, numbers
/// that are not plain integers of at most 15 digits (only skipped values may be other
/// numbers, with short exponents), nesting deeper than 32, and anything after the value but
/// whitespace. So wherever it accepts a document, QJsonDocument would read the same values
/// (tests/providers check this on every recorded event and on damaged copies of them).
namespace valis::providers {

class JsonScanner
{
public:
    enum class Type { Object, Array, String, Number, True, False, Null, Invalid };

    /// Reads `json` in place: it must outlive the scanner.
    explicit JsonScanner(QByteArrayView json) : m_json(json) {}
    /// A temporary QByteArray would be gone before the first read (ASan found a test that
    /// passed one).
    template<typename T>
        requires std::is_same_v<T, QByteArray>
    explicit JsonScanner(T &&) = delete;

    /// The type of the next value (after whitespace), without consuming it.
    Type peek();

    /// Consumes '{'. Then call nextKey() until it returns false.
    bool beginObject();
    /// Reads the next key and its ':' into `key` (a view of the raw bytes: keys with escapes are
    /// refused); false at the object's end ('}' consumed) or on an error (see ok()).
    bool nextKey(QByteArrayView *key);
    /// Consumes '['. Then call nextElement() before each element until it returns false.
    bool beginArray();
    /// True when another element follows (its ',' consumed); false at ']' (consumed) or on an
    /// error (see ok()).
    bool nextElement();

    bool readString(QString *out);
    /// A plain integer: optional '-', no leading zeros, no fraction or exponent, <= 15 digits.
    bool readInteger(qint64 *out);
    bool readNull();
    /// Validates and skips any value.
    bool skipValue();
    /// True when only whitespace is left and nothing failed.
    bool atEnd();

    /// False once anything was refused; every later call fails too.
    bool ok() const { return m_ok; }

private:
    bool fail();
    void skipSpace();
    /// Past the next "," of an object or array, or past its `close` (then false, as at an error).
    bool nextMember(char close);
    bool expect(char c);
    bool skipValue(int depth);
    bool skipNumber();
    bool skipLiteral(QByteArrayView literal);
    bool scanString(QByteArrayView *raw, bool *escaped);

    QByteArrayView m_json;
    qsizetype m_pos = 0;
    bool m_ok = true;
    /// The next member or element is the first of its container (no ',' before it). Set by
    /// begin*, cleared by every key, element and container end, so after any value it is false.
    bool m_first = true;
};

/// Whether a decoder reads its frequent events with JsonScanner (On, the default) or every
/// event with QJsonDocument (Off: the reference the tests compare the fast path with).
enum class FastPath { On, Off };

/// True when `bytes` is UTF-8 QJsonDocument certainly accepts: well-formed, without overlong
/// forms, surrogates, code points above U+10FFFF or noncharacters.
bool isPlainUtf8(QByteArrayView bytes);

} // namespace valis::providers
