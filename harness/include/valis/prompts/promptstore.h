#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace valis {

/// One version of a stored prompt. Versions are append-only: set() adds version n+1, remove()
/// adds a tombstone; nothing is rewritten, so any earlier version can be shown or rendered.
struct VALIS_HARNESS_EXPORT PromptVersion
{
    QString key;            ///< "review", "summarise-diff": lower-case letters, digits, '-', '_', '/'
    int version = 0;        ///< 1, 2, ... per key
    QString text;           ///< with {{variable}} and {{> other-key}} includes
    QString description;    ///< one line, for lists, the composer and MCP prompts/list
    QDateTime createdAt;    ///< UTC
    bool removed = false;   ///< a tombstone written by remove()
    /// The variables `text` names, in order of first use (includes not expanded).
    QStringList variables() const;
};

/// Prompts stored and versioned by key, in one SQLite file (DataLocations::promptStorePath()).
/// The template language ({{variable}}, {{> include}}, `\{{` for a literal) is described in
/// harness/src/prompts/prompttemplate.h; substituted values are never parsed again.
///
/// Shared by the desktop, valis-cli, llm_call and the MCP server (exposed as MCP prompts). Any
/// thread may call an instance (each thread gets its own SQLite connection, closed when the
/// thread ends); several instances and processes may share the file (WAL, a busy timeout, and
/// writes in BEGIN IMMEDIATE, so versions are numbered one after the other).
class VALIS_HARNESS_EXPORT PromptStore
{
public:
    /// Opens (creating when missing) the store at `path`.
    static Result<std::unique_ptr<PromptStore>> open(const QString &path);
    ~PromptStore();

    QString path() const;
    /// The newest version of every key that is not removed, by key.
    Result<QList<PromptVersion>> list() const;
    /// Version `version` of `key` (0: the newest). "prompt.unknown" for a key never set or
    /// removed (when asking for the newest), "prompt.unknown-version" for a missing version.
    Result<PromptVersion> get(const QString &key, int version = 0) const;
    /// Every version of `key`, oldest first, tombstones included.
    Result<QList<PromptVersion>> history(const QString &key) const;
    /// Appends a new version ("prompt.invalid-key" for a key outside the allowed characters;
    /// "prompt.include-cycle" when its includes would loop). Setting the text the newest
    /// version already has adds nothing and returns that version.
    Result<PromptVersion> set(const QString &key, const QString &text, const QString &description = {});
    /// Appends a tombstone; "prompt.unknown" when there is nothing to remove.
    Result<void> remove(const QString &key);
    /// The text of `key` (version 0: newest) with includes expanded and `variables` filled in.
    /// A variable with no value fails with "prompt.missing-variable" naming it; an include of an
    /// unknown key with "prompt.unknown", a cycle with "prompt.include-cycle".
    Result<QString> render(const QString &key, const QJsonObject &variables, int version = 0) const;
    /// The variables render() needs for `key`, includes followed, in order of first use (the
    /// composer's form, MCP prompts/get arguments). Fails as render() does, except for values.
    Result<QStringList> variables(const QString &key, int version = 0) const;
    /// A number that grows with every version or tombstone anyone (another process too) appends:
    /// comparing two readings says cheaply whether the prompts changed in between.
    Result<qint64> revision() const;
    /// How deep includes may nest before render() fails with "prompt.include-depth".
    static constexpr int maxIncludeDepth = 16;

private:
    PromptStore();
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace valis
