#include "memory/memoryrules.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <vector>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::DetailStore)
};

Error invalid(const QString &message)
{
    return Error(QStringLiteral("memory.invalid"), message);
}

QString withoutMemoriesRoot(QString path)
{
    static const QLatin1String root("/memories/");
    if (path.startsWith(root))
        path = path.mid(root.size());
    while (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    return path;
}

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> row(size_t(b.size()) + 1);
    for (size_t j = 0; j < row.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[size_t(j)];
            const int substitution = diagonal + (a.at(i - 1) == b.at(j - 1) ? 0 : 1);
            row[size_t(j)] = std::min({above + 1, row[size_t(j - 1)] + 1, substitution});
            diagonal = above;
        }
    }
    return row.back();
}

qsizetype sharedPrefix(const QString &a, const QString &b)
{
    const qsizetype length = std::min(a.size(), b.size());
    qsizetype i = 0;
    while (i < length && a.at(i) == b.at(i))
        ++i;
    return i;
}

} // namespace

QString oneLine(const QString &text)
{
    QString line = text;
    for (QChar &c : line) {
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r') || c == QLatin1Char('\t') || c == QChar::LineSeparator
            || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    }
    return line.trimmed();
}

Result<NewMemory> checkedMemory(NewMemory memory)
{
    static const QRegularExpression typePattern(QStringLiteral("^[a-z][a-z0-9_]*$"));
    memory.agentId = memory.agentId.trimmed();
    if (memory.agentId.isEmpty())
        return invalid(Text::tr("a memory needs an agent id"));
    if (memory.type.size() > maxTypeLength || !typePattern.match(memory.type).hasMatch()) {
        return invalid(Text::tr("\"%1\" is not a memory type: use a short lower-case word such as note or "
                                "command_output").arg(memory.type.left(maxTypeLength)));
    }
    memory.sessionId = memory.sessionId.trimmed();
    memory.summary = oneLine(memory.summary);
    return memory;
}

Result<QString> checkedFilePath(const QString &path)
{
    const QString relative = withoutMemoriesRoot(path);
    const bool hasControl = std::any_of(relative.cbegin(), relative.cend(), [](QChar c) { return c.category() == QChar::Other_Control; });
    const QStringList components = relative.split(QLatin1Char('/'));
    const bool badComponent = std::any_of(components.cbegin(), components.cend(), [](const QString &name) {
        return name.isEmpty() || name == QLatin1String(".") || name == QLatin1String("..");
    });
    if (relative.isEmpty() || hasControl || badComponent)
        return invalid(Text::tr("\"%1\" is not a file path inside /memories/").arg(path));
    return relative;
}

QString normalisedPathPrefix(const QString &prefix)
{
    if (prefix == QLatin1String("/memories"))
        return {};
    return withoutMemoriesRoot(prefix);
}

QString summaryFromContent(const QByteArray &content)
{
    constexpr qsizetype maxLength = 200;
    qsizetype start = 0;
    while (start < content.size()) {
        qsizetype end = content.indexOf('\n', start);
        if (end < 0)
            end = content.size();
        const QString line = QString::fromUtf8(content.constData() + start, qMin(end - start, maxLength * 4)).trimmed();
        if (!line.isEmpty())
            return oneLine(line.size() > maxLength ? line.left(maxLength - 1) + QChar(0x2026) : line);
        start = end + 1;
    }
    return {};
}

QString normalisedKey(const QString &key)
{
    static const QRegularExpression bareHex(QStringLiteral("^[0-9a-fA-F]{6,64}$"));
    const QString trimmed = key.trimmed();
    if (trimmed.startsWith(QLatin1String("m-"), Qt::CaseInsensitive))
        return trimmed.toLower();
    if (bareHex.match(trimmed).hasMatch())
        return QStringLiteral("m-") + trimmed.toLower();
    return trimmed;
}

QByteArray indexedPart(const QByteArray &content)
{
    if (content.size() <= indexedContentBytes)
        return content;
    qsizetype end = indexedContentBytes;
    // Back off continuation bytes (10xxxxxx) to the start of the character that was cut.
    while (end > 0 && (uchar(content.at(end)) & 0xC0) == 0x80)
        --end;
    return content.left(end);
}

QStringList rankSimilarKeys(const QString &key, const QStringList &candidates, int limit)
{
    struct Ranked
    {
        QString key;
        bool extends;      ///< begins with `key`: a key cut short
        int distance;
        qsizetype prefix;
    };
    std::vector<Ranked> ranked;
    ranked.reserve(size_t(candidates.size()));
    for (const QString &candidate : candidates) {
        if (candidate != key)
            ranked.push_back({candidate, candidate.startsWith(key), editDistance(key, candidate), sharedPrefix(key, candidate)});
    }
    std::sort(ranked.begin(), ranked.end(), [](const Ranked &a, const Ranked &b) {
        if (a.extends != b.extends)
            return a.extends;
        if (a.distance != b.distance)
            return a.distance < b.distance;
        if (a.prefix != b.prefix)
            return a.prefix > b.prefix;
        return a.key < b.key;
    });
    QStringList best;
    for (const Ranked &entry : ranked) {
        if (best.size() >= limit)
            break;
        if (!best.contains(entry.key))
            best << entry.key;
    }
    return best;
}

QStringList keyNeighbours(const QString &key)
{
    static const QRegularExpression keyPattern(QStringLiteral("^m-[0-9a-f]{1,24}$"));
    if (!keyPattern.match(key).hasMatch())
        return {};
    static const QString hexDigits = QStringLiteral("0123456789abcdef");
    const QString prefix = QStringLiteral("m-");
    const QString digits = key.mid(prefix.size());
    QSet<QString> neighbours;
    for (qsizetype i = 0; i <= digits.size(); ++i) {
        for (QChar hex : hexDigits) {
            neighbours.insert(prefix + digits.left(i) + hex + digits.mid(i));   // one added
            if (i < digits.size()) {
                QString changed = digits;
                changed[i] = hex;
                neighbours.insert(prefix + changed);                             // one changed
            }
        }
        if (i < digits.size())
            neighbours.insert(prefix + digits.left(i) + digits.mid(i + 1));      // one dropped
        if (i + 1 < digits.size()) {
            QString swapped = digits;
            std::swap(swapped[i], swapped[i + 1]);
            neighbours.insert(prefix + swapped);                                 // two swapped
        }
    }
    neighbours.remove(key);
    QStringList sorted = neighbours.values();
    sorted.sort();
    return sorted;
}

// Read by the model in retrieve_memory's result: English, not tr()'d.
Error unknownKeyError(const QString &key, const QStringList &similar)
{
    if (similar.isEmpty())
        return Error(QStringLiteral("memory.unknown-key"), QStringLiteral("there is no memory with the key %1").arg(key));
    return Error(QStringLiteral("memory.unknown-key"),
                 QStringLiteral("there is no memory with the key %1; similar keys: %2")
                     .arg(key, similar.join(QStringLiteral(", "))));
}

QStringList ancestorPaths(const QString &path)
{
    QStringList ancestors;
    for (qsizetype slash = path.indexOf(QLatin1Char('/')); slash > 0; slash = path.indexOf(QLatin1Char('/'), slash + 1))
        ancestors.append(path.left(slash));
    return ancestors;
}

QString placeCheckSql(const QString &opening, qsizetype ancestorCount)
{
    QString sql = opening;
    for (qsizetype i = 0; i < ancestorCount; ++i)
        sql += QStringLiteral(" OR m.path = ?");
    return sql + QStringLiteral(") LIMIT 1");
}

Error pathConflict(const QString &path, const QString &found, const QString &agentId)
{
    if (found.startsWith(path + QLatin1Char('/'))) {
        return Error(QStringLiteral("memory.path-is-folder"),
                     Text::tr("/memories/%1 of agent %2 is a folder (it holds /memories/%3), not a file").arg(path, agentId, found));
    }
    return Error(QStringLiteral("memory.path-under-file"),
                 Text::tr("/memories/%1 of agent %2 cannot be written: /memories/%3 is a file where a folder is needed")
                     .arg(path, agentId, found));
}

Error writeConflict(const QString &path, const QString &agentId)
{
    return Error(QStringLiteral("memory.conflict"),
                 Text::tr("/memories/%1 of agent %2 was changed by another writer since it was read").arg(path, agentId));
}

} // namespace valis::memory
