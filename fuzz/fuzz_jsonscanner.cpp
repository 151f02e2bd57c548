// JsonScanner, the decoders' fast JSON reader, against QJsonDocument: the scanner may refuse
// what Qt accepts, but wherever it accepts a document Qt must accept it too and read the same
// values (the promise jsonscanner.h makes, on which the fast path's correctness rests).
#include "fuzzsupport.h"
#include "jsonscanner.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using valis::providers::JsonScanner;

namespace {

/// The nesting skipValue() refuses beyond (jsonscanner.h); reading value by value keeps to
/// it too, so that the two readings stay comparable and deep input cannot exhaust the stack.
constexpr int maxDepth = 32;

/// A value as the scanner read it: numbers it only skips (fractions, exponents, long
/// integers) become a marker, compared with Qt's by type only.
QJsonValue scanValue(JsonScanner &scanner, bool *ok, int depth = 0)
{
    if (depth > maxDepth) {
        *ok = false;
        return {};
    }
    switch (scanner.peek()) {
    case JsonScanner::Type::Object: {
        QJsonObject object;
        if (!scanner.beginObject())
            break;
        QByteArrayView key;
        while (scanner.nextKey(&key)) {
            const QJsonValue value = scanValue(scanner, ok, depth + 1);
            if (!*ok)
                return {};
            object.insert(QString::fromUtf8(key), value);
        }
        if (!scanner.ok())
            break;
        return object;
    }
    case JsonScanner::Type::Array: {
        QJsonArray array;
        if (!scanner.beginArray())
            break;
        while (scanner.nextElement()) {
            const QJsonValue value = scanValue(scanner, ok, depth + 1);
            if (!*ok)
                return {};
            array.append(value);
        }
        if (!scanner.ok())
            break;
        return array;
    }
    case JsonScanner::Type::String: {
        QString text;
        if (scanner.readString(&text))
            return text;
        break;
    }
    case JsonScanner::Type::Number: {
        JsonScanner attempt = scanner;
        qint64 integer = 0;
        if (attempt.readInteger(&integer)) {
            scanner = attempt;
            return QJsonObject{{QStringLiteral("integer"), QString::number(integer)}};
        }
        if (scanner.skipValue())
            return QJsonObject{{QStringLiteral("number"), true}};
        break;
    }
    case JsonScanner::Type::True:
    case JsonScanner::Type::False:
    case JsonScanner::Type::Null: {
        const JsonScanner::Type type = scanner.peek();
        if (type == JsonScanner::Type::Null ? scanner.readNull() : scanner.skipValue())
            return type == JsonScanner::Type::Null ? QJsonValue() : QJsonValue(type == JsonScanner::Type::True);
        break;
    }
    case JsonScanner::Type::Invalid:
        break;
    }
    *ok = false;
    return {};
}

/// Whether Qt's value is the scanner's, with the number markers standing for numbers.
bool sameValue(const QJsonValue &scanned, const QJsonValue &qt)
{
    if (scanned.isObject() && qt.isDouble()) {
        const QJsonObject marker = scanned.toObject();
        if (marker.contains(QStringLiteral("number")))
            return true;
        return marker.value(QStringLiteral("integer")).toString() == QString::number(qt.toInteger());
    }
    if (scanned.type() != qt.type())
        return false;
    if (scanned.isObject()) {
        const QJsonObject a = scanned.toObject();
        // Qt keeps a key's bytes, hands it out through QString::fromUtf8 (which drops a leading
        // U+FEFF) and looks keys up by the bytes: b.contains(b.keys().first()) can be false.
        // Its keys are therefore taken as iterating hands them out.
        const QJsonObject qtObject = qt.toObject();
        QHash<QString, QJsonValue> b;
        for (auto it = qtObject.begin(); it != qtObject.end(); ++it)
            b.insert(it.key(), it.value());
        if (b.size() != qtObject.size())
            return true; // two keys that differ in a leading U+FEFF only: Qt's object is ambiguous
        if (a.size() != b.size())
            return false;
        for (auto it = a.begin(); it != a.end(); ++it) {
            const auto match = b.constFind(it.key());
            if (match == b.constEnd() || !sameValue(it.value(), *match))
                return false;
        }
        return true;
    }
    if (scanned.isArray()) {
        const QJsonArray a = scanned.toArray();
        const QJsonArray b = qt.toArray();
        if (a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!sameValue(a.at(i), b.at(i)))
                return false;
        }
        return true;
    }
    return scanned == qt;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis::fuzz;
    const QByteArray json = bytes(data, size);

    JsonScanner validator(json);
    const bool accepted = validator.skipValue() && validator.atEnd();
    JsonScanner reader(json);
    bool ok = true;
    const QJsonValue scanned = scanValue(reader, &ok);
    const bool read = ok && reader.atEnd();
    VALIS_FUZZ_CHECK(accepted == read, QStringLiteral("skipValue() and reading value by value disagree"));
    if (!accepted)
        return 0;

    // QJsonDocument reads only objects and arrays at the top; the scanner any value. The type
    // comes from the scanner, as a number is read into a marker object.
    const JsonScanner::Type top = JsonScanner(json).peek();
    if (top != JsonScanner::Type::Object && top != JsonScanner::Type::Array)
        return 0;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    VALIS_FUZZ_CHECK(error.error == QJsonParseError::NoError,
                     QStringLiteral("the scanner accepts what QJsonDocument refuses: ") + error.errorString());
    const QJsonValue qt = document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
    VALIS_FUZZ_CHECK(sameValue(scanned, qt), QStringLiteral("the scanner reads other values than QJsonDocument: ")
                                                 + QString::fromUtf8(document.toJson(QJsonDocument::Compact)));
    return 0;
}
