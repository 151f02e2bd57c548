#include "skillfrontmatter.h"

#include <QRegularExpression>

namespace valis::tools {

// Messages go back to the model (in the skills section and tool results): English, not tr()'d.

namespace {

Error malformed(const QString &message)
{
    return Error(QStringLiteral("skill.malformed"), message);
}

qsizetype indentOf(const QString &line)
{
    qsizetype i = 0;
    while (i < line.size() && (line.at(i) == QLatin1Char(' ') || line.at(i) == QLatin1Char('\t')))
        ++i;
    return i;
}

/// A plain or quoted scalar, without a trailing ` # comment` on plain values.
QString scalar(QString value)
{
    value = value.trimmed();
    if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"'))) {
        value = value.mid(1, value.size() - 2);
        value.replace(QStringLiteral("\\\""), QStringLiteral("\""));
        value.replace(QStringLiteral("\\n"), QStringLiteral("\n"));
        value.replace(QStringLiteral("\\\\"), QStringLiteral("\\"));
        return value;
    }
    if (value.size() >= 2 && value.startsWith(QLatin1Char('\'')) && value.endsWith(QLatin1Char('\''))) {
        value = value.mid(1, value.size() - 2);
        value.replace(QStringLiteral("''"), QStringLiteral("'"));
        return value;
    }
    const qsizetype comment = value.indexOf(QStringLiteral(" #"));
    if (comment >= 0)
        value.truncate(comment);
    return value.trimmed();
}

QStringList splitList(const QString &text)
{
    QStringList items;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QString item = scalar(part);
        if (!item.isEmpty())
            items.append(item);
    }
    return items;
}

} // namespace

bool SkillFrontmatter::isValidName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    return !name.isEmpty() && name.size() <= MaxNameLength && pattern.match(name).hasMatch();
}

Result<SkillFrontmatter> SkillFrontmatter::parse(const QString &text)
{
    QString source = text;
    if (source.startsWith(QChar(0xFEFF)))
        source.remove(0, 1);
    const qsizetype skipped = text.size() - source.size();

    // Lines with their start offsets, so the body offset is exact whatever the line endings.
    QStringList lines;
    QList<qsizetype> starts;
    qsizetype position = 0;
    while (position <= source.size()) {
        qsizetype end = source.indexOf(QLatin1Char('\n'), position);
        if (end < 0)
            end = source.size();
        QString line = source.mid(position, end - position);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        lines.append(line);
        starts.append(position);
        position = end + 1;
    }

    if (lines.isEmpty() || lines.constFirst().trimmed() != QLatin1String("---"))
        return malformed(QStringLiteral("it does not start with a `---` line opening the frontmatter"));
    qsizetype closing = -1;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines.at(i).trimmed() == QLatin1String("---") || lines.at(i).trimmed() == QLatin1String("...")) {
            closing = i;
            break;
        }
    }
    if (closing < 0)
        return malformed(QStringLiteral("the frontmatter has no closing `---` line"));

    SkillFrontmatter result;
    result.bodyOffset = skipped + (closing + 1 < starts.size() ? starts.at(closing + 1) : source.size());
    static const QRegularExpression keyLine(QStringLiteral("^([A-Za-z0-9_-]+)\\s*:(.*)$"));

    bool sawName = false;
    bool sawDescription = false;
    for (qsizetype i = 1; i < closing; ++i) {
        const QString line = lines.at(i);
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#')))
            continue;
        if (indentOf(line) > 0)
            continue; // belongs to a key we do not read (nested metadata)
        const QRegularExpressionMatch match = keyLine.match(line);
        if (!match.hasMatch()) {
            return malformed(QStringLiteral("frontmatter line %1 is not `key: value`: \"%2\"")
                                 .arg(i + 1)
                                 .arg(line.left(80)));
        }
        const QString key = match.captured(1);
        const QString rest = match.captured(2).trimmed();

        // Continuation lines: indented lines (and blank ones inside them) that follow the key.
        QStringList block;
        qsizetype next = i + 1;
        while (next < closing && (lines.at(next).trimmed().isEmpty() || indentOf(lines.at(next)) > 0
                                  || lines.at(next).trimmed().startsWith(QLatin1String("- ")))) {
            block.append(lines.at(next));
            ++next;
        }
        while (!block.isEmpty() && block.constLast().trimmed().isEmpty())
            block.removeLast();

        QString value;
        QStringList list;
        bool isList = false;
        if (rest.startsWith(QLatin1Char('|')) || rest.startsWith(QLatin1Char('>'))) {
            qsizetype common = -1;
            for (const QString &b : block) {
                if (!b.trimmed().isEmpty())
                    common = common < 0 ? indentOf(b) : qMin(common, indentOf(b));
            }
            QStringList texts;
            for (const QString &b : block)
                texts.append(b.trimmed().isEmpty() ? QString() : b.mid(qMax<qsizetype>(common, 0)));
            if (rest.startsWith(QLatin1Char('|'))) {
                value = texts.join(QLatin1Char('\n'));
            } else {
                // Folded: lines join with spaces, blank lines become line breaks.
                QString folded;
                for (const QString &t : texts) {
                    if (t.isEmpty())
                        folded += QLatin1Char('\n');
                    else if (folded.isEmpty() || folded.endsWith(QLatin1Char('\n')))
                        folded += t;
                    else
                        folded += QLatin1Char(' ') + t;
                }
                value = folded;
            }
            i = next - 1;
        } else if (rest.isEmpty() && !block.isEmpty()) {
            // A block list ("- a" lines) or a plain scalar continued on indented lines.
            bool allItems = true;
            for (const QString &b : block) {
                if (!b.trimmed().isEmpty() && !b.trimmed().startsWith(QLatin1Char('-')))
                    allItems = false;
            }
            if (allItems) {
                isList = true;
                for (const QString &b : block) {
                    if (!b.trimmed().isEmpty())
                        list.append(scalar(b.trimmed().mid(1)));
                }
            } else {
                QStringList parts;
                for (const QString &b : block)
                    parts.append(b.trimmed());
                value = parts.join(QLatin1Char(' ')).trimmed();
            }
            i = next - 1;
        } else if (rest.startsWith(QLatin1Char('[')) && rest.endsWith(QLatin1Char(']'))) {
            isList = true;
            list = splitList(rest.mid(1, rest.size() - 2));
        } else {
            value = scalar(rest);
            // A plain scalar may continue on indented lines.
            if (!block.isEmpty() && !rest.startsWith(QLatin1Char('"')) && !rest.startsWith(QLatin1Char('\''))) {
                for (const QString &b : block) {
                    if (!b.trimmed().isEmpty())
                        value += QLatin1Char(' ') + b.trimmed();
                }
                i = next - 1;
            }
        }

        if (key == QLatin1String("name")) {
            if (isList)
                return malformed(QStringLiteral("`name` must be a single value, not a list"));
            result.name = value.trimmed();
            sawName = true;
        } else if (key == QLatin1String("description")) {
            if (isList)
                return malformed(QStringLiteral("`description` must be text, not a list"));
            result.description = value.trimmed();
            sawDescription = true;
        } else if (key == QLatin1String("tags")) {
            result.tags = isList ? list : splitList(value);
        }
    }

    if (!sawName || result.name.isEmpty())
        return malformed(QStringLiteral("`name` is missing from the frontmatter"));
    if (!isValidName(result.name)) {
        return malformed(QStringLiteral("`name` \"%1\" is not a valid skill name (letters, digits, '-', '_' and '.', "
                                        "at most %2 characters)")
                             .arg(result.name.left(80))
                             .arg(MaxNameLength));
    }
    if (!sawDescription || result.description.isEmpty())
        return malformed(QStringLiteral("`description` is missing from the frontmatter"));
    return result;
}

} // namespace valis::tools
