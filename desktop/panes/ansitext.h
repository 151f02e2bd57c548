#pragma once

#include <QString>

namespace valis {

/// Terminal output as HTML for a read-only text view: SGR colour and bold/underline sequences
/// (the 8/16 colours, 256-colour and true-colour forms) become spans, every other escape
/// sequence is dropped, and all text is escaped. A colour left open at the end of one chunk
/// carries on in the next through `state`.
class AnsiText
{
public:
    struct State
    {
        QString foreground;
        QString background;
        bool bold = false;
        bool underline = false;
    };

    static QString toHtml(const QString &text, State *state);
};

} // namespace valis
