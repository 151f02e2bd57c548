#pragma once

#include <QList>
#include <QString>
#include <QStringList>

/// The template language of stored prompts, shared by the store, its renderer and
/// PromptVersion::variables().
///
/// - `{{name}}` or `{{ name }}`: a variable (a letter or '_', then letters, digits, '_', '-', '.').
/// - `{{> key}}` (spaces optional): the newest text of another stored prompt, itself rendered.
/// - `\{{` is a literal `{{`; `\\{{` is a literal backslash before a tag. No other backslash is
///   special.
/// - A `{{` that starts no well-formed tag (`{{#each}}`, `{{ two words }}`, no closing `}}`) is
///   kept as it is written, so prompts that show other template languages need no escaping.
namespace valis::prompts {

struct TemplatePiece
{
    enum class Kind { Text, Variable, Include };
    Kind kind = Kind::Text;
    QString value = {}; ///< the text, the variable's name or the included key
};

QList<TemplatePiece> parseTemplate(const QString &text);
/// The variables `text` names, in order of first use (includes not followed).
QStringList templateVariables(const QString &text);
/// The keys `text` includes, in order of first use.
QStringList templateIncludes(const QString &text);
/// Whether `key` is a valid prompt key: lower-case letters, digits, '-', '_', and '/' between
/// non-empty parts; at most 128 characters.
bool isValidPromptKey(const QString &key);

} // namespace valis::prompts
