#include "transcriptgreppane.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

namespace valis {

namespace {

constexpr int DebounceMs = 200;
constexpr int SessionRole = Qt::UserRole + 1;
constexpr int MessageRole = Qt::UserRole + 2;
constexpr int HtmlRole = Qt::UserRole + 3;

// The snippet as rich text: everything escaped, matched words (between the store's markers) bold.
QString snippetHtml(const QString &snippet)
{
    QString html;
    QString run;
    for (const QChar c : snippet) {
        if (c == snippetMatchStart || c == snippetMatchEnd) {
            html += run.toHtmlEscaped();
            run.clear();
            html += c == snippetMatchStart ? QStringLiteral("<b style='background-color: palette(highlight); color: palette(highlighted-text)'>")
                                           : QStringLiteral("</b>");
            continue;
        }
        run += c;
    }
    html += run.toHtmlEscaped();
    return html.replace(QLatin1Char('\n'), QLatin1Char(' '));
}

// Draws an item's rich text (its header and snippet).
class HitDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear();
        QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
        QTextDocument document;
        document.setDefaultFont(opt.font);
        document.setHtml(index.data(HtmlRole).toString());
        document.setTextWidth(opt.rect.width() - 8);
        painter->save();
        painter->translate(opt.rect.left() + 4, opt.rect.top() + 2);
        QAbstractTextDocumentLayout::PaintContext context;
        context.palette = opt.palette;
        if (opt.state & QStyle::State_Selected)
            context.palette.setColor(QPalette::Text, opt.palette.color(QPalette::HighlightedText));
        document.documentLayout()->draw(painter, context);
        painter->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QTextDocument document;
        document.setDefaultFont(option.font);
        document.setHtml(index.data(HtmlRole).toString());
        document.setTextWidth(qMax(200, option.rect.width() - 8));
        return {int(document.idealWidth()) + 8, int(document.size().height()) + 4};
    }
};

} // namespace

std::optional<TranscriptGrepPane::RegexWords> TranscriptGrepPane::wordsOfRegex(const QString &pattern)
{
    // The index finds passages by their words and the regex then checks each passage, so a
    // regex needs words every match must contain: runs of letters and digits outside bracket
    // expressions and escapes, cut before an optional or repeated-from-zero character, searched
    // as prefixes ("zanz[a-z]+" looks for words starting "zanz").
    QStringList words;
    QString run;
    const auto flush = [&] {
        if (run.size() >= 3)
            words.append(run.toLower());
        run.clear();
    };
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('\\')) {
            flush();
            ++i; // the escaped character (\d, \., ...) is not taken as a letter
            continue;
        }
        if (c == QLatin1Char('[')) {
            flush();
            while (i < pattern.size() && pattern.at(i) != QLatin1Char(']'))
                ++i;
            continue;
        }
        if (c.isLetterOrNumber() || c == QLatin1Char('_')) {
            run += c;
            continue;
        }
        if ((c == QLatin1Char('?') || c == QLatin1Char('*') || c == QLatin1Char('{')) && !run.isEmpty())
            run.chop(1);
        flush();
    }
    flush();
    if (words.isEmpty())
        return std::nullopt;
    RegexWords out;
    // Alternatives: any of the words may be the one a match holds.
    out.anyOf = pattern.contains(QLatin1Char('|'));
    out.words = words;
    return out;
}

TranscriptGrepPane::TranscriptGrepPane(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("transcriptGrepPane"));
    m_query = new QLineEdit(this);
    m_query->setObjectName(QStringLiteral("grepQuery"));
    m_query->setAccessibleName(tr("Search every transcript"));
    m_query->setPlaceholderText(tr("Search every transcript"));
    m_query->setClearButtonEnabled(true);
    m_regex = new QCheckBox(tr("Regex"), this);
    m_regex->setToolTip(tr("Match a regular expression instead of words"));
    m_thisSession = new QCheckBox(tr("This session"), this);
    m_role = new QComboBox(this);
    m_role->setObjectName(QStringLiteral("grepRole"));
    m_role->setAccessibleName(tr("Only messages of this role"));
    m_role->addItem(tr("Any role"), QString());
    m_role->addItem(tr("User"), QStringLiteral("user"));
    m_role->addItem(tr("Assistant"), QStringLiteral("assistant"));
    m_role->addItem(tr("Tool"), QStringLiteral("tool"));
    m_when = new QComboBox(this);
    m_when->setObjectName(QStringLiteral("grepWhen"));
    m_when->setAccessibleName(tr("Only messages written in this time"));
    m_when->setToolTip(tr("Only messages written in this time"));
    m_when->addItem(tr("Any time"), 0);
    m_when->addItem(tr("Last 24 hours"), 1);
    m_when->addItem(tr("Last 7 days"), 7);
    m_when->addItem(tr("Last 30 days"), 30);
    m_when->addItem(tr("Last year"), 365);
    m_tool = new QLineEdit(this);
    m_tool->setObjectName(QStringLiteral("grepTool"));
    m_tool->setAccessibleName(tr("Only calls of this tool"));
    m_tool->setPlaceholderText(tr("Tool"));
    m_tool->setMaximumWidth(110);
    m_results = new QListWidget(this);
    m_results->setObjectName(QStringLiteral("grepResults"));
    m_results->setAccessibleName(tr("Search results"));
    m_results->setItemDelegate(new HitDelegate(m_results));
    m_results->setWordWrap(true);
    m_results->setUniformItemSizes(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("grepStatus"));
    m_status->setWordWrap(true);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_regex);
    filters->addWidget(m_thisSession);
    filters->addWidget(m_role);
    filters->addWidget(m_when);
    filters->addWidget(m_tool);
    filters->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_query);
    layout->addLayout(filters);
    layout->addWidget(m_results, 1);
    layout->addWidget(m_status);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(DebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &TranscriptGrepPane::runSearch);
    connect(m_query, &QLineEdit::textChanged, this, &TranscriptGrepPane::scheduleSearch);
    connect(m_tool, &QLineEdit::textChanged, this, &TranscriptGrepPane::scheduleSearch);
    connect(m_regex, &QCheckBox::toggled, this, &TranscriptGrepPane::scheduleSearch);
    connect(m_thisSession, &QCheckBox::toggled, this, &TranscriptGrepPane::scheduleSearch);
    connect(m_role, &QComboBox::currentIndexChanged, this, &TranscriptGrepPane::scheduleSearch);
    connect(m_when, &QComboBox::currentIndexChanged, this, &TranscriptGrepPane::scheduleSearch);
    connect(m_results, &QListWidget::itemActivated, this, &TranscriptGrepPane::activate);
    // Enter in the query opens the hit in front (the first one), so a search needs no mouse.
    connect(m_query, &QLineEdit::returnPressed, this, [this] {
        if (m_results->count() == 0)
            return;
        if (!m_results->currentItem())
            m_results->setCurrentRow(0);
        activate(m_results->currentItem());
    });
    connect(m_results, &QListWidget::itemClicked, this, &TranscriptGrepPane::activate);
}

void TranscriptGrepPane::setCurrentSession(const QString &sessionId)
{
    m_currentSession = sessionId;
    if (m_thisSession->isChecked())
        scheduleSearch();
}

void TranscriptGrepPane::focusQuery()
{
    m_query->setFocus();
    m_query->selectAll();
}

QString TranscriptGrepPane::statusText() const
{
    return m_status->text();
}

void TranscriptGrepPane::scheduleSearch()
{
    // Anything already asked for is outdated now, even before the pause ends.
    ++m_generation;
    m_debounce->start();
}

void TranscriptGrepPane::runSearch()
{
    const QString text = m_query->text().trimmed();
    if (text.isEmpty()) {
        m_results->clear();
        m_status->clear();
        return;
    }
    SearchQuery query;
    if (m_regex->isChecked()) {
        const std::optional<RegexWords> words = wordsOfRegex(text);
        if (!words) {
            m_results->clear();
            m_status->setText(tr("A regex needs a word of three letters or more that every match contains, "
                                 "such as \"undefined.*reference\"."));
            return;
        }
        query.regex = text;
        if (words->anyOf) {
            QStringList terms;
            for (const QString &word : words->words)
                terms << QLatin1Char('"') + word + QStringLiteral("\"*");
            query.text = terms.join(QStringLiteral(" OR "));
            query.ftsSyntax = true;
        } else {
            query.text = words->words.join(QStringLiteral("* ")) + QLatin1Char('*');
        }
    } else {
        query.text = text;
    }
    if (m_thisSession->isChecked()) {
        if (m_currentSession.isEmpty()) {
            m_results->clear();
            m_status->setText(tr("No session is shown."));
            return;
        }
        query.sessionId = m_currentSession;
    }
    Role role;
    if (const QString name = m_role->currentData().toString(); !name.isEmpty() && roleFromName(name, &role))
        query.role = role;
    query.toolName = m_tool->text().trimmed();
    if (const int days = m_when->currentData().toInt(); days > 0)
        query.since = QDateTime::currentDateTimeUtc().addDays(-days);
    query.limit = 100;
    m_status->setText(tr("Searching…"));
    Q_EMIT searchRequested(query, m_generation);
}

void TranscriptGrepPane::showResults(int generation, const SearchResults &results, qint64 elapsedMs)
{
    if (generation != m_generation)
        return;
    m_results->clear();
    for (const SearchHit &hit : results.hits) {
        QString where = hit.sessionTitle.isEmpty() ? hit.sessionId : hit.sessionTitle;
        QString what = roleName(hit.role);
        if (!hit.toolName.isEmpty())
            what += QStringLiteral(" · ") + hit.toolName;
        const QString html = QStringLiteral("<div><span style='color: palette(mid)'>%1 · #%2 · %3</span><br>%4</div>")
                                 .arg(where.toHtmlEscaped())
                                 .arg(hit.seq)
                                 .arg(what.toHtmlEscaped(), snippetHtml(hit.snippet));
        auto *item = new QListWidgetItem(m_results);
        item->setData(SessionRole, hit.sessionId);
        item->setData(MessageRole, hit.messageId);
        item->setData(HtmlRole, html);
        item->setToolTip(where);
    }
    m_status->setText(results.hits.isEmpty() ? tr("No match (%1 ms).").arg(elapsedMs)
                                             : (results.hits.size() == 1 ? tr("1 hit in %1 ms")
                                                                          : tr("%n hits in %1 ms", nullptr, int(results.hits.size())))
                                                       .arg(elapsedMs)
                                                   + (results.exhausted ? QString() : tr(", best first")));
}

void TranscriptGrepPane::showFailure(int generation, const Error &error)
{
    if (generation != m_generation)
        return;
    m_results->clear();
    m_status->setText(tr("Search failed: %1").arg(error.message));
}

void TranscriptGrepPane::activate(QListWidgetItem *item)
{
    if (item)
        Q_EMIT hitActivated(item->data(SessionRole).toString(), item->data(MessageRole).toString());
}

} // namespace valis
