#pragma once

#include <QString>

#include <optional>

namespace valis::codex {

/// Replays the Codex TUI's prompt composer from the key events a session log records, to recover
/// the prompts a person submitted (the log holds no prompt text of its own).
///
/// It knows the editing keys that change the text (characters, Backspace, Delete, Left, Right,
/// Home, End, Ctrl+C and Ctrl+U clear, Enter with a modifier inserts a newline) and treats the
/// rest (history recall, popups, Tab) as not changing it, so a prompt recalled with Up or picked
/// from a popup is not recovered.
class CodexComposer
{
public:
    /// Applies one key event in crossterm's Debug form ("KeyEvent { code: Char('h'), modifiers:
    /// KeyModifiers(0x0), kind: Press, ... }"). Returns the submitted text when the key was a
    /// plain Enter on a non-empty composer; the composer is empty afterwards.
    std::optional<QString> press(const QString &event);

private:
    void insert(const QString &text);

    QString m_text;
    qsizetype m_cursor = 0;
};

} // namespace valis::codex
