// extractArtifacts(): what a summary must keep verbatim from the span it replaces.
#include "valis/context/spansummary.h"

#include "context/spantext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace valis {

namespace {

constexpr int MaxPerList = 200;
// Tool outputs can be megabytes of logs; their head and tail carry the paths and errors a
// summary needs, and scanning them whole would make summarising slow.
constexpr qsizetype ResultHead = 24000;
constexpr qsizetype ResultTail = 8000;

/// A list that keeps first-seen order, drops repeats and counts what did not fit.
class Collected
{
public:
    void add(const QString &value)
    {
        const QString item = value.trimmed();
        if (item.isEmpty() || m_seen.contains(item))
            return;
        m_seen.insert(item);
        if (m_items.size() < MaxPerList)
            m_items.append(item);
        else
            ++m_more;
    }
    QStringList items() const { return m_items; }
    int more() const { return m_more; }

private:
    QStringList m_items;
    QSet<QString> m_seen;
    int m_more = 0;
};

const QRegularExpression &urlPattern()
{
    static const QRegularExpression pattern(QStringLiteral("https?://[^\\s<>\"'`\\]\\[{}|\\\\^]+"));
    return pattern;
}

const QRegularExpression &pathPattern()
{
    // A path with folders and an extension (src/a/b.cpp, ./x.sh, ../y.h, ~/z.txt), an absolute
    // path of two components or more (/etc/hosts), or a bare file name with a known extension
    // (README.md, main.cpp); an optional :line is dropped.
    static const QRegularExpression pattern(QStringLiteral(
        "(?<![\\w/.~-])("
        "(?:\\.{1,2}/|~/|/)?(?:[\\w@+.-]+/)+[\\w@+.-]*[\\w-]\\.[A-Za-z][A-Za-z0-9]{0,7}"
        "|/(?:[\\w@+.-]+/)+[\\w@+-][\\w@+.-]*"
        "|[\\w-][\\w.-]*\\.(?:cpp|cc|cxx|c|h|hh|hpp|hxx|py|pyi|js|mjs|cjs|ts|tsx|jsx|rs|go|java|kt|kts|rb|php|cs|swift|m|mm|"
        "scala|lua|pl|r|md|rst|json|jsonl|yaml|yml|toml|ini|cfg|conf|txt|log|sh|bash|zsh|ps1|bat|cmake|mk|xml|html|css|scss|"
        "sql|lock|proto|gradle|ipynb|dockerfile|env|csv|tsv|patch|diff|qrc|ui|ts)"
        ")(?::\\d+(?::\\d+)?)?(?![\\w/])"));
    return pattern;
}

const QRegularExpression &versionPattern()
{
    static const QRegularExpression pattern(QStringLiteral("^v?\\d+(\\.\\d+)+[a-z]?$"));
    return pattern;
}

const QRegularExpression &hashIssuePattern()
{
    // "#123" not inside a word, a URL fragment, an HTML entity or a colour code.
    static const QRegularExpression pattern(QStringLiteral("(?<![\\w&/#=])#(\\d{1,6})\\b(?![-\\w])"));
    return pattern;
}

const QRegularExpression &keyIssuePattern()
{
    static const QRegularExpression pattern(QStringLiteral("\\b([A-Z][A-Z0-9]{1,9}-\\d{1,6})\\b"));
    return pattern;
}

bool isProbablyIssueKey(const QString &key)
{
    // Encodings, hashes, standards and model names look like Jira keys but are not issues.
    static const QSet<QString> notIssues{QStringLiteral("UTF"), QStringLiteral("ISO"), QStringLiteral("SHA"),
                                         QStringLiteral("GPT"), QStringLiteral("BASE"), QStringLiteral("IPV"),
                                         QStringLiteral("TLS"), QStringLiteral("SSL"), QStringLiteral("HTTP"),
                                         QStringLiteral("MD"), QStringLiteral("AES"), QStringLiteral("RSA"),
                                         QStringLiteral("UCS"), QStringLiteral("CP"), QStringLiteral("MP"),
                                         QStringLiteral("ES"), QStringLiteral("ECMA"), QStringLiteral("IEEE"),
                                         QStringLiteral("PDF"), QStringLiteral("WCAG"), QStringLiteral("X"),
                                         QStringLiteral("CRC"), QStringLiteral("LLAMA"), QStringLiteral("QWEN")};
    return !notIssues.contains(key.section(QLatin1Char('-'), 0, 0));
}

struct ErrorPattern
{
    QRegularExpression regex;
    QString format; ///< %1 is the first capture; empty: the whole match
};

const QList<ErrorPattern> &errorPatterns()
{
    static const QList<ErrorPattern> patterns{
        {QRegularExpression(QStringLiteral("\\b(E\\d{4})\\b")), {}},                               // rustc
        {QRegularExpression(QStringLiteral("\\b(TS\\d{4,5})\\b")), {}},                            // TypeScript
        {QRegularExpression(QStringLiteral("\\b((?:C|LNK)\\d{4})\\b")), {}},                        // MSVC
        {QRegularExpression(QStringLiteral("\\b(E(?:NOENT|ACCES|PERM|EXIST|NOTDIR|ISDIR|INVAL|NOMEM|AGAIN|CONNREFUSED|"
                                           "CONNRESET|TIMEDOUT|ADDRINUSE|PIPE|NOSPC|ROFS|BUSY|MFILE|NOTEMPTY|XDEV|"
                                           "HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN))\\b")),
         {}},                                                                                       // errno
        {QRegularExpression(QStringLiteral("\\b(SIG(?:SEGV|ABRT|KILL|TERM|INT|BUS|FPE|ILL|PIPE|HUP))\\b")), {}},
        {QRegularExpression(QStringLiteral("\\b(ERR_[A-Z][A-Z0-9_]{2,})\\b")), {}},                // Node/npm
        {QRegularExpression(QStringLiteral("\\bHTTP(?:/\\d(?:\\.\\d)?)? ([1-5]\\d\\d)\\b")), QStringLiteral("HTTP %1")},
        {QRegularExpression(QStringLiteral("\\bstatus(?: code)?[ :=]+([45]\\d\\d)\\b"),
                            QRegularExpression::CaseInsensitiveOption),
         QStringLiteral("HTTP %1")},
        {QRegularExpression(QStringLiteral("\\bexit(?:ed with)? (?:code|status) (-?[1-9]\\d{0,2})\\b"),
                            QRegularExpression::CaseInsensitiveOption),
         QStringLiteral("exit code %1")},
        {QRegularExpression(QStringLiteral("\\b([A-Z][A-Za-z0-9]*(?:Error|Exception))\\b")), {}},    // Python, Java, JS
    };
    return patterns;
}

/// The text of `part` worth scanning: all of a message's own text, the head and tail of a big
/// tool output.
QString scannable(const QString &text, bool output)
{
    if (!output || text.size() <= ResultHead + ResultTail)
        return text;
    return text.left(ResultHead) + QLatin1Char('\n') + text.right(ResultTail);
}

class Extractor
{
public:
    void scanText(const QString &text, bool output)
    {
        QString rest = scannable(text, output);
        // URLs first, then taken out so their path parts are not read as files.
        for (QRegularExpressionMatchIterator it = urlPattern().globalMatch(rest); it.hasNext();) {
            QString url = it.next().captured(0);
            while (!url.isEmpty() && QStringLiteral(".,;:!?)'\"").contains(url.back()))
                url.chop(1);
            urls.add(url);
        }
        rest.replace(urlPattern(), QStringLiteral(" "));
        for (QRegularExpressionMatchIterator it = pathPattern().globalMatch(rest); it.hasNext();) {
            const QString path = it.next().captured(1);
            if (!versionPattern().match(path).hasMatch() && path.size() <= 300)
                mentionedFiles.add(path);
        }
        for (QRegularExpressionMatchIterator it = hashIssuePattern().globalMatch(rest); it.hasNext();)
            issues.add(QLatin1Char('#') + it.next().captured(1));
        for (QRegularExpressionMatchIterator it = keyIssuePattern().globalMatch(rest); it.hasNext();) {
            const QString key = it.next().captured(1);
            if (isProbablyIssueKey(key))
                issues.add(key);
        }
        for (const ErrorPattern &pattern : errorPatterns()) {
            for (QRegularExpressionMatchIterator it = pattern.regex.globalMatch(rest); it.hasNext();) {
                const QRegularExpressionMatch match = it.next();
                errorCodes.add(pattern.format.isEmpty() ? match.captured(1) : pattern.format.arg(match.captured(1)));
            }
        }
    }

    void scanCall(const Part &call)
    {
        const QJsonObject arguments = call.arguments.toObject();
        for (const QString &key : spantext::pathKeys()) {
            const QJsonValue value = arguments.value(key);
            if (value.isString())
                files.add(value.toString());
            for (const QJsonValue &item : value.toArray()) {
                if (item.isString())
                    files.add(item.toString());
            }
        }
        for (const QString &path : spantext::patchedFiles(call))
            files.add(path);
        const QString command = spantext::commandOf(call);
        if (!command.isEmpty()) {
            commands.add(command.section(QLatin1Char('\n'), 0, 0).left(200));
            scanText(command, false);
        }
        // Text arguments (a message to send, a description) may name artifacts too.
        for (auto it = arguments.constBegin(); it != arguments.constEnd(); ++it) {
            if (it.value().isString() && !spantext::pathKeys().contains(it.key()) && it.key() != QLatin1String("command")
                && it.value().toString().size() < 4000)
                scanText(it.value().toString(), false);
        }
    }

    Collected files;          ///< named by tool arguments: first, they are what the work touched
    Collected mentionedFiles; ///< found in text and outputs
    Collected urls;
    Collected issues;
    Collected errorCodes;
    Collected commands;
};

void listLine(QString *markdown, const char *title, const QStringList &items, int more)
{
    if (items.isEmpty())
        return;
    *markdown += QStringLiteral("- %1: %2").arg(QLatin1String(title), items.join(QStringLiteral(", ")));
    if (more > 0)
        *markdown += QStringLiteral(" (and %1 more, in the saved transcript)").arg(more);
    *markdown += QLatin1Char('\n');
}

} // namespace

bool SpanArtifacts::isEmpty() const
{
    return files.isEmpty() && urls.isEmpty() && issues.isEmpty() && errorCodes.isEmpty() && commands.isEmpty();
}

QString SpanArtifacts::toMarkdown() const
{
    QString markdown;
    listLine(&markdown, "Files", files, moreFiles);
    listLine(&markdown, "URLs", urls, moreUrls);
    listLine(&markdown, "Issues", issues, moreIssues);
    listLine(&markdown, "Error codes", errorCodes, moreErrorCodes);
    listLine(&markdown, "Commands run", commands, moreCommands);
    return markdown;
}

SpanArtifacts extractArtifacts(const QList<Message> &span)
{
    Extractor extractor;
    for (const Message &message : span) {
        for (const Part &part : message.parts) {
            switch (part.kind) {
            case PartKind::Text:
                extractor.scanText(part.text, false);
                break;
            case PartKind::ToolCall:
                extractor.scanCall(part);
                break;
            case PartKind::ToolResult:
                for (const Part &inner : part.content) {
                    if (inner.kind == PartKind::Text)
                        extractor.scanText(inner.text, true);
                }
                break;
            case PartKind::Thinking:
            case PartKind::Image:
                break;
            }
        }
    }
    SpanArtifacts artifacts;
    // Files the tools were called on come first, then the ones text mentions, to the same cap.
    Collected files = extractor.files;
    for (const QString &path : extractor.mentionedFiles.items())
        files.add(path);
    artifacts.files = files.items();
    artifacts.moreFiles = files.more() + extractor.mentionedFiles.more();
    artifacts.urls = extractor.urls.items();
    artifacts.moreUrls = extractor.urls.more();
    artifacts.issues = extractor.issues.items();
    artifacts.moreIssues = extractor.issues.more();
    artifacts.errorCodes = extractor.errorCodes.items();
    artifacts.moreErrorCodes = extractor.errorCodes.more();
    artifacts.commands = extractor.commands.items();
    artifacts.moreCommands = extractor.commands.more();
    return artifacts;
}

} // namespace valis
