#pragma once

#include "valis/record/message.h"

#include <QStringList>

/// What the span summaries read from tool calls, whatever agent made them: Valis's tools, Claude
/// Code's, Codex's, OpenHands' and SWE-agent's spellings of the same things.
namespace valis::spantext {

/// Argument keys that name a file.
const QStringList &pathKeys();
/// The command a shell call ran (exec, Bash, shell with an argv array, execute_bash), or empty.
QString commandOf(const Part &call);
/// The files an apply_patch call's patch touches.
QStringList patchedFiles(const Part &call);
/// The file a read call read (read_file, Read, view_file, str_replace_editor view, a plain
/// `cat FILE` in a shell), or empty.
QString readPathOf(const Part &call);
/// A plan a call wrote (write_todos, update_plan, TodoWrite): each item's text and status
/// ("pending", "in_progress", "completed"); empty when the call is no plan.
QList<QPair<QString, QString>> planOf(const Part &call);
/// A tool result's text parts, joined as the record keeps them.
QString resultText(const Part &result);
/// Whether a user message is a request a person wrote (not tool results, not a reminder).
bool isRequest(const Message &message);
/// The first line of `text`, at most `width` characters, cut at a word.
QString firstLine(const QString &text, int width);

} // namespace valis::spantext
