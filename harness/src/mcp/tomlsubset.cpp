#include "tomlsubset.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QStringList>

namespace valis::mcp {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::TomlReader)
};

class Reader
{
public:
    Reader(const QString &text, const QString &path) : m_text(text), m_path(path) {}

    Result<QJsonObject> read()
    {
        QStringList currentTable;
        bool arrayTable = false;
        while (true) {
            skipBlank(true);
            if (atEnd())
                break;
            if (peek() == QLatin1Char('[')) {
                advance();
                arrayTable = peek() == QLatin1Char('[');
                if (arrayTable)
                    advance();
                QStringList key;
                if (!readKey(&key))
                    return fail(Text::tr("a table name that cannot be read"));
                skipSpaces();
                if (!expect(QLatin1Char(']')) || (arrayTable && !expect(QLatin1Char(']'))))
                    return fail(Text::tr("a table name without its closing bracket"));
                currentTable = key;
                if (arrayTable) {
                    QJsonArray array = valueAt(currentTable).toArray();
                    array.append(QJsonObject());
                    setAt(currentTable, array);
                } else {
                    if (!valueAt(currentTable).isObject())
                        setAt(currentTable, QJsonObject());
                }
                if (!endOfLine())
                    return fail(Text::tr("something after a table name"));
                continue;
            }
            QStringList key;
            if (!readKey(&key))
                return fail(Text::tr("a key that cannot be read"));
            skipSpaces();
            if (!expect(QLatin1Char('=')))
                return fail(Text::tr("a key without \"=\""));
            skipSpaces();
            QJsonValue value;
            if (!readValue(&value))
                return fail(m_error.isEmpty() ? Text::tr("a value that cannot be read") : m_error);
            if (arrayTable) {
                QJsonArray array = valueAt(currentTable).toArray();
                QJsonObject last = array.isEmpty() ? QJsonObject() : array.last().toObject();
                setIn(last, key, value);
                if (array.isEmpty())
                    array.append(last);
                else
                    array[array.size() - 1] = last;
                setAt(currentTable, array);
            } else {
                setAt(currentTable + key, value);
            }
            if (!endOfLine())
                return fail(Text::tr("something after a value"));
        }
        return m_root;
    }

private:
    bool atEnd() const { return m_pos >= m_text.size(); }
    QChar peek(int ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text.at(m_pos + ahead) : QChar(); }
    void advance()
    {
        if (peek() == QLatin1Char('\n'))
            ++m_line;
        ++m_pos;
    }
    bool expect(QChar c)
    {
        if (peek() != c)
            return false;
        advance();
        return true;
    }
    void skipSpaces()
    {
        while (peek() == QLatin1Char(' ') || peek() == QLatin1Char('\t'))
            advance();
    }
    void skipComment()
    {
        if (peek() == QLatin1Char('#')) {
            while (!atEnd() && peek() != QLatin1Char('\n'))
                advance();
        }
    }
    void skipBlank(bool newlines)
    {
        for (;;) {
            skipSpaces();
            skipComment();
            if (newlines && (peek() == QLatin1Char('\n') || peek() == QLatin1Char('\r'))) {
                advance();
                continue;
            }
            return;
        }
    }
    bool endOfLine()
    {
        skipSpaces();
        skipComment();
        if (atEnd())
            return true;
        if (peek() == QLatin1Char('\r'))
            advance();
        return expect(QLatin1Char('\n'));
    }
    Error fail(const QString &message) const
    {
        return Error(QStringLiteral("toml.malformed"), message, m_path + QLatin1Char(':') + QString::number(m_line));
    }

    bool readKey(QStringList *key)
    {
        for (;;) {
            skipSpaces();
            QString part;
            if (peek() == QLatin1Char('"')) {
                QJsonValue value;
                if (!readBasicString(&value))
                    return false;
                part = value.toString();
            } else if (peek() == QLatin1Char('\'')) {
                QJsonValue value;
                if (!readLiteralString(&value))
                    return false;
                part = value.toString();
            } else {
                while (!atEnd() && (peek().isLetterOrNumber() || peek() == QLatin1Char('_') || peek() == QLatin1Char('-')))
                    part.append(m_text.at(m_pos++));
                if (part.isEmpty())
                    return false;
            }
            key->append(part);
            skipSpaces();
            if (peek() != QLatin1Char('.'))
                return true;
            advance();
        }
    }

    bool readValue(QJsonValue *value)
    {
        const QChar c = peek();
        if (c == QLatin1Char('"'))
            return readBasicString(value);
        if (c == QLatin1Char('\''))
            return readLiteralString(value);
        if (c == QLatin1Char('[') || c == QLatin1Char('{')) {
            // Arrays and inline tables are read by recursion: a file of thousands of "[" would
            // exhaust the stack (found by fuzz_tomlsubset).
            if (m_depth >= maxNesting) {
                m_error = Text::tr("values nested more than %1 deep").arg(maxNesting);
                return false;
            }
            ++m_depth;
            const bool read = c == QLatin1Char('[') ? readArray(value) : readInlineTable(value);
            --m_depth;
            return read;
        }
        QString word;
        while (!atEnd() && !QStringView(u",]}#\n\r \t").contains(peek()))
            word.append(m_text.at(m_pos++));
        // A date-time may hold one space between date and time.
        if (word.size() == 10 && word.at(4) == QLatin1Char('-') && peek() == QLatin1Char(' ') && peek(1).isDigit()) {
            word.append(m_text.at(m_pos++));
            while (!atEnd() && !QStringView(u",]}#\n\r \t").contains(peek()))
                word.append(m_text.at(m_pos++));
        }
        if (word == QLatin1String("true") || word == QLatin1String("false")) {
            *value = word == QLatin1String("true");
            return true;
        }
        QString number = word;
        number.remove(QLatin1Char('_'));
        bool ok = false;
        const qint64 integer = number.toLongLong(&ok, 10);
        if (ok) {
            *value = integer;
            return true;
        }
        const double real = number.toDouble(&ok);
        if (ok) {
            *value = real;
            return true;
        }
        if (!word.isEmpty() && word.at(0).isDigit()) {
            *value = word; // a date or time
            return true;
        }
        return false;
    }

    bool readBasicString(QJsonValue *value)
    {
        const bool multi = peek(1) == QLatin1Char('"') && peek(2) == QLatin1Char('"');
        m_pos += multi ? 3 : 1;
        if (multi && peek() == QLatin1Char('\n'))
            advance();
        QString out;
        for (;;) {
            if (atEnd())
                return false;
            const QChar c = peek();
            if (multi && c == QLatin1Char('"') && peek(1) == QLatin1Char('"') && peek(2) == QLatin1Char('"')) {
                m_pos += 3;
                break;
            }
            if (!multi && c == QLatin1Char('"')) {
                advance();
                break;
            }
            if (!multi && c == QLatin1Char('\n'))
                return false;
            if (c == QLatin1Char('\\')) {
                advance();
                const QChar e = peek();
                advance();
                switch (e.unicode()) {
                case 'n': out.append(QLatin1Char('\n')); break;
                case 't': out.append(QLatin1Char('\t')); break;
                case 'r': out.append(QLatin1Char('\r')); break;
                case 'b': out.append(QLatin1Char('\b')); break;
                case 'f': out.append(QLatin1Char('\f')); break;
                case '"': out.append(QLatin1Char('"')); break;
                case '\\': out.append(QLatin1Char('\\')); break;
                case 'u':
                case 'U': {
                    const int digits = e == QLatin1Char('u') ? 4 : 8;
                    bool ok = false;
                    const uint code = m_text.mid(m_pos, digits).toUInt(&ok, 16);
                    if (!ok)
                        return false;
                    m_pos += digits;
                    const char32_t codePoint = code;
                    out.append(QString::fromUcs4(&codePoint, 1));
                    break;
                }
                case '\n':
                case ' ':
                case '\t':
                case '\r':
                    if (!multi)
                        return false;
                    while (!atEnd() && peek().isSpace())
                        advance();
                    break;
                default:
                    return false;
                }
                continue;
            }
            out.append(c);
            advance();
        }
        *value = out;
        return true;
    }

    bool readLiteralString(QJsonValue *value)
    {
        const bool multi = peek(1) == QLatin1Char('\'') && peek(2) == QLatin1Char('\'');
        m_pos += multi ? 3 : 1;
        if (multi && peek() == QLatin1Char('\n'))
            advance();
        QString out;
        for (;;) {
            if (atEnd())
                return false;
            if (multi && peek() == QLatin1Char('\'') && peek(1) == QLatin1Char('\'') && peek(2) == QLatin1Char('\'')) {
                m_pos += 3;
                break;
            }
            if (!multi && peek() == QLatin1Char('\'')) {
                advance();
                break;
            }
            if (!multi && peek() == QLatin1Char('\n'))
                return false;
            out.append(peek());
            advance();
        }
        *value = out;
        return true;
    }

    bool readArray(QJsonValue *value)
    {
        advance();
        QJsonArray array;
        for (;;) {
            skipBlank(true);
            if (expect(QLatin1Char(']')))
                break;
            QJsonValue item;
            if (!readValue(&item))
                return false;
            array.append(item);
            skipBlank(true);
            if (expect(QLatin1Char(',')))
                continue;
            skipBlank(true);
            if (expect(QLatin1Char(']')))
                break;
            return false;
        }
        *value = array;
        return true;
    }

    bool readInlineTable(QJsonValue *value)
    {
        advance();
        QJsonObject table;
        skipSpaces();
        if (expect(QLatin1Char('}'))) {
            *value = table;
            return true;
        }
        for (;;) {
            QStringList key;
            if (!readKey(&key))
                return false;
            skipSpaces();
            if (!expect(QLatin1Char('=')))
                return false;
            skipSpaces();
            QJsonValue item;
            if (!readValue(&item))
                return false;
            setIn(table, key, item);
            skipSpaces();
            if (expect(QLatin1Char(','))) {
                skipSpaces();
                continue;
            }
            if (expect(QLatin1Char('}')))
                break;
            return false;
        }
        *value = table;
        return true;
    }

    static void setIn(QJsonObject &object, const QStringList &key, const QJsonValue &value)
    {
        if (key.size() == 1) {
            object.insert(key.first(), value);
            return;
        }
        QJsonObject child = object.value(key.first()).toObject();
        setIn(child, key.mid(1), value);
        object.insert(key.first(), child);
    }

    QJsonValue valueAt(const QStringList &key) const
    {
        QJsonValue current = m_root;
        for (const QString &part : key) {
            if (current.isArray()) {
                const QJsonArray array = current.toArray();
                current = array.isEmpty() ? QJsonValue() : array.last();
            }
            current = current.toObject().value(part);
        }
        return current;
    }

    void setAt(const QStringList &key, const QJsonValue &value)
    {
        if (key.isEmpty())
            return;
        setPath(m_root, key, value);
    }

    static void setPath(QJsonObject &object, const QStringList &key, const QJsonValue &value)
    {
        if (key.size() == 1) {
            object.insert(key.first(), value);
            return;
        }
        QJsonValue child = object.value(key.first());
        if (child.isArray()) {
            QJsonArray array = child.toArray();
            QJsonObject last = array.isEmpty() ? QJsonObject() : array.last().toObject();
            setPath(last, key.mid(1), value);
            if (array.isEmpty())
                array.append(last);
            else
                array[array.size() - 1] = last;
            object.insert(key.first(), array);
            return;
        }
        QJsonObject childObject = child.toObject();
        setPath(childObject, key.mid(1), value);
        object.insert(key.first(), childObject);
    }

    QString m_text;
    QString m_path;
    qsizetype m_pos = 0;
    int m_line = 1;
    QString m_error;
    static constexpr int maxNesting = 128;
    int m_depth = 0;
    QJsonObject m_root;
};

} // namespace

Result<QJsonObject> parseTomlSubset(const QByteArray &text, const QString &path)
{
    Reader reader(QString::fromUtf8(text), path);
    return reader.read();
}

} // namespace valis::mcp
