#include "valis/mcp/mcphttptransport.h"

namespace valis {

QHash<QString, QString> McpAuthChallenge::parseParameters(const QByteArray &header)
{
    // auth-param = token BWS "=" BWS ( token / quoted-string ), separated by commas; a new scheme
    // name (a token followed by a space, not "=") starts another challenge. Only Bearer's count.
    QHash<QString, QString> parameters;
    const QString text = QString::fromLatin1(header);
    qsizetype i = 0;
    const qsizetype n = text.size();
    bool inBearer = false;
    auto skipSpace = [&] {
        while (i < n && (text.at(i) == QLatin1Char(' ') || text.at(i) == QLatin1Char('\t') || text.at(i) == QLatin1Char(',')))
            ++i;
    };
    while (i < n) {
        skipSpace();
        const qsizetype start = i;
        while (i < n && text.at(i) != QLatin1Char('=') && text.at(i) != QLatin1Char(' ') && text.at(i) != QLatin1Char(',')
               && text.at(i) != QLatin1Char('\t'))
            ++i;
        const QString token = text.mid(start, i - start);
        if (token.isEmpty())
            break;
        qsizetype look = i;
        while (look < n && (text.at(look) == QLatin1Char(' ') || text.at(look) == QLatin1Char('\t')))
            ++look;
        if (look >= n || text.at(look) != QLatin1Char('=')) {
            // A scheme name.
            inBearer = token.compare(QLatin1String("Bearer"), Qt::CaseInsensitive) == 0;
            continue;
        }
        i = look + 1;
        while (i < n && (text.at(i) == QLatin1Char(' ') || text.at(i) == QLatin1Char('\t')))
            ++i;
        QString value;
        if (i < n && text.at(i) == QLatin1Char('"')) {
            ++i;
            while (i < n && text.at(i) != QLatin1Char('"')) {
                if (text.at(i) == QLatin1Char('\\') && i + 1 < n)
                    ++i;
                value.append(text.at(i));
                ++i;
            }
            ++i;
        } else {
            const qsizetype valueStart = i;
            while (i < n && text.at(i) != QLatin1Char(',') && text.at(i) != QLatin1Char(' '))
                ++i;
            value = text.mid(valueStart, i - valueStart);
        }
        if (inBearer)
            parameters.insert(token.toLower(), value);
    }
    return parameters;
}

} // namespace valis
