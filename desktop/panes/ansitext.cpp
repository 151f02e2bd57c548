#include "ansitext.h"

#include <QStringList>

namespace valis {

namespace {

// The xterm palette's first 16 colours.
const char *const BasicColours[16] = {"#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
                                      "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"};

QString colour256(int n)
{
    if (n < 16)
        return QString::fromLatin1(BasicColours[qBound(0, n, 15)]);
    if (n < 232) {
        const int c = n - 16;
        const auto level = [](int v) { return v == 0 ? 0 : 55 + v * 40; };
        return QStringLiteral("#%1%2%3")
            .arg(level(c / 36), 2, 16, QLatin1Char('0'))
            .arg(level((c / 6) % 6), 2, 16, QLatin1Char('0'))
            .arg(level(c % 6), 2, 16, QLatin1Char('0'));
    }
    const int grey = 8 + (qMin(n, 255) - 232) * 10;
    return QStringLiteral("#%1%1%1").arg(grey, 2, 16, QLatin1Char('0'));
}

void applySgr(const QStringList &codes, AnsiText::State *state)
{
    for (int i = 0; i < codes.size(); ++i) {
        const int code = codes.at(i).isEmpty() ? 0 : codes.at(i).toInt();
        if (code == 0) {
            *state = {};
        } else if (code == 1) {
            state->bold = true;
        } else if (code == 22) {
            state->bold = false;
        } else if (code == 4) {
            state->underline = true;
        } else if (code == 24) {
            state->underline = false;
        } else if (code >= 30 && code <= 37) {
            state->foreground = QString::fromLatin1(BasicColours[code - 30]);
        } else if (code >= 90 && code <= 97) {
            state->foreground = QString::fromLatin1(BasicColours[code - 90 + 8]);
        } else if (code == 39) {
            state->foreground.clear();
        } else if (code >= 40 && code <= 47) {
            state->background = QString::fromLatin1(BasicColours[code - 40]);
        } else if (code >= 100 && code <= 107) {
            state->background = QString::fromLatin1(BasicColours[code - 100 + 8]);
        } else if (code == 49) {
            state->background.clear();
        } else if ((code == 38 || code == 48) && i + 1 < codes.size()) {
            QString colour;
            if (codes.at(i + 1) == QLatin1String("5") && i + 2 < codes.size()) {
                colour = colour256(codes.at(i + 2).toInt());
                i += 2;
            } else if (codes.at(i + 1) == QLatin1String("2") && i + 4 < codes.size()) {
                colour = QStringLiteral("#%1%2%3")
                             .arg(qBound(0, codes.at(i + 2).toInt(), 255), 2, 16, QLatin1Char('0'))
                             .arg(qBound(0, codes.at(i + 3).toInt(), 255), 2, 16, QLatin1Char('0'))
                             .arg(qBound(0, codes.at(i + 4).toInt(), 255), 2, 16, QLatin1Char('0'));
                i += 4;
            }
            (code == 38 ? state->foreground : state->background) = colour;
        }
    }
}

QString openSpan(const AnsiText::State &state)
{
    QStringList style;
    if (!state.foreground.isEmpty())
        style << QStringLiteral("color:") + state.foreground;
    if (!state.background.isEmpty())
        style << QStringLiteral("background-color:") + state.background;
    if (state.bold)
        style << QStringLiteral("font-weight:bold");
    if (state.underline)
        style << QStringLiteral("text-decoration:underline");
    return style.isEmpty() ? QString() : QStringLiteral("<span style=\"%1\">").arg(style.join(QLatin1Char(';')));
}

} // namespace

QString AnsiText::toHtml(const QString &text, State *state)
{
    QString html;
    QString span = openSpan(*state);
    html += span;
    QString run;
    const auto flushRun = [&] {
        html += run.toHtmlEscaped();
        run.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c != QChar(0x1b)) {
            if (c == QLatin1Char('\r') || (c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t')))
                continue; // carriage returns and other controls have nothing to show here
            run += c;
            continue;
        }
        flushRun();
        if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('[')) {
            // CSI: parameters, then one final byte in @..~.
            qsizetype end = i + 2;
            while (end < text.size() && !(text.at(end).unicode() >= 0x40 && text.at(end).unicode() <= 0x7e))
                ++end;
            if (end < text.size() && text.at(end) == QLatin1Char('m')) {
                applySgr(text.mid(i + 2, end - i - 2).split(QLatin1Char(';')), state);
                if (!span.isEmpty())
                    html += QStringLiteral("</span>");
                span = openSpan(*state);
                html += span;
            }
            i = end;
        } else if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char(']')) {
            // OSC (window titles, hyperlinks): up to BEL or ESC backslash.
            qsizetype end = i + 2;
            while (end < text.size() && text.at(end) != QChar(0x07)
                   && !(text.at(end) == QChar(0x1b) && end + 1 < text.size() && text.at(end + 1) == QLatin1Char('\\')))
                ++end;
            i = end < text.size() && text.at(end) == QChar(0x1b) ? end + 1 : end;
        } else {
            ++i; // a two-character escape
        }
    }
    flushRun();
    if (!span.isEmpty())
        html += QStringLiteral("</span>");
    return html;
}

} // namespace valis
