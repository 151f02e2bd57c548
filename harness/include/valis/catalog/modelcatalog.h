#pragma once

#include "valis/catalog/modelinfo.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis {

class DataLocations;

/// A problem met while loading a catalogue file. Errors drop what they are about (a whole
/// override file that is not valid JSON, or one bad entry); warnings drop nothing.
struct VALIS_HARNESS_EXPORT CatalogIssue
{
    enum class Severity { Warning, Error };
    Severity severity = Severity::Error;
    Error error; ///< code "catalog.*", translated message, location "path:line"
};

/// Model id -> context window, output limit, prices and capabilities.
///
/// The built-in list is resources/models.json, compiled into the harness (":/valis/models.json").
/// A user override file in the same format (DataLocations::modelCatalogOverridePath()) adds
/// models and changes built-in ones field by field: a key present in an override entry replaces
/// the built-in value, inside "prices", "longContextPrices" and "capabilities" key by key, and a
/// null price makes that price unknown. An override entry names the model it changes by its id
/// or any of its aliases. A malformed override never costs the built-ins: it is reported in
/// issues() with "path:line" and skipped (the whole file when it is not JSON, else the entry).
///
/// A ModelCatalog is a plain value: load it once, copy it freely, use it from any thread.
class VALIS_HARNESS_EXPORT ModelCatalog
{
public:
    /// The fallback window and output limit for a model nobody knows.
    static constexpr qint64 FallbackContextWindow = 32768;
    static constexpr qint64 FallbackMaxOutputTokens = 4096;
    /// The resource path of the built-in list.
    static QString builtInPath();

    /// An empty catalogue: every lookup falls back.
    ModelCatalog() = default;

    /// The built-in list only.
    static ModelCatalog builtIn();
    /// The built-in list and, when the file exists, the user's override at `overridePath`.
    static ModelCatalog load(const QString &overridePath);
    /// The built-in list and the override of this profile.
    static ModelCatalog load(const DataLocations &locations);

    /// Every model, sorted by provider then id.
    QList<ModelInfo> models() const { return m_models; }
    qsizetype size() const { return m_models.size(); }
    /// The model with exactly this id.
    std::optional<ModelInfo> model(const QString &id) const;
    /// The ids of the models provider `providerId` serves, in catalogue order: the models of that
    /// provider, and of the provider whose API it is another form of ("openai-responses" serves
    /// OpenAI's).
    QStringList modelIdsFor(const QString &providerId) const;

    /// Finds the model behind any name a transcript or a user may use: exact id, then alias,
    /// then normalised forms, then the longest known prefix; else the conservative fallback.
    ModelMatch lookup(const QString &name) const;
    /// lookup(modelName) then costOf(); an unknown model costs "unknown".
    Cost cost(const QString &modelName, const Usage &usage) const;

    /// Warnings and errors from loading, in file order; empty when all went well.
    QList<CatalogIssue> issues() const { return m_issues; }
    bool hasErrors() const;
    /// The override file this catalogue looked for (empty for builtIn()), and whether it was read.
    QString overridePath() const { return m_overridePath; }
    bool overrideLoaded() const { return m_overrideLoaded; }
    /// The built-in file's "checked" date and "sources", for `valis-cli models --sources`.
    QString checked() const { return m_checked; }
    QStringList sources() const { return m_sources; }

    /// The model lookup() returns for a name nobody knows.
    static ModelInfo fallbackModel(const QString &name);

private:
    void rebuildIndex();

    QList<ModelInfo> m_models;
    QHash<QString, qsizetype> m_ids;     ///< id -> index, as written
    QHash<QString, qsizetype> m_aliases; ///< alias -> index, as written
    QHash<QString, qsizetype> m_folded;  ///< lower-cased id or alias -> index
    QHash<QString, QString> m_foldedKey; ///< lower-cased key -> the key as written
    QList<CatalogIssue> m_issues;
    QString m_overridePath;
    bool m_overrideLoaded = false;
    QString m_checked;
    QStringList m_sources;
};

} // namespace valis
