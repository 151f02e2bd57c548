#include "valis/catalog/modelcatalog.h"

#include "catalog/catalogfile.h"
#include "catalog/modelname.h"
#include "valis/core/datalocations.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ModelCatalog)
};

using catalog::CatalogEntry;
using catalog::locationOf;

void addError(QList<CatalogIssue> *issues, const Error &error)
{
    issues->append({CatalogIssue::Severity::Error, error});
}

// The models loaded so far, each with the JSON it was built from so an override can be laid
// over it field by field.
struct Loaded
{
    QList<ModelInfo> models;
    QList<QJsonObject> objects;

    qsizetype find(const QString &name) const
    {
        const QString folded = name.trimmed().toLower();
        for (qsizetype i = 0; i < models.size(); ++i) {
            if (models.at(i).id.toLower() == folded)
                return i;
        }
        for (qsizetype i = 0; i < models.size(); ++i) {
            for (const QString &alias : models.at(i).aliases) {
                if (alias.toLower() == folded)
                    return i;
            }
        }
        return -1;
    }
};

Result<QByteArray> readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error(QStringLiteral("catalog.unreadable"),
                     Text::tr("cannot read the model catalogue: %1").arg(file.errorString()), path);
    }
    return file.readAll();
}

void loadBuiltIn(Loaded *loaded, QList<CatalogIssue> *issues, QString *checked,
                 QStringList *sources)
{
    const QString path = ModelCatalog::builtInPath();
    const Result<QByteArray> bytes = readFile(path);
    if (!bytes.ok()) {
        addError(issues, bytes.error());
        return;
    }
    const Result<catalog::CatalogFile> file = catalog::parseCatalogFile(*bytes, path, issues);
    if (!file.ok()) {
        addError(issues, file.error());
        return;
    }
    *checked = file->checked;
    *sources = file->sources;
    for (const CatalogEntry &entry : file->entries) {
        const QString where = locationOf(path, entry.line);
        Result<ModelInfo> model = catalog::modelFromJson(entry.object, where, issues);
        if (!model.ok()) {
            addError(issues, model.error());
            continue;
        }
        if (loaded->find(model->id) >= 0) {
            addError(issues, Error(QStringLiteral("catalog.duplicate-id"),
                                   Text::tr("model \"%1\" is listed twice; the second entry is skipped")
                                       .arg(model->id),
                                   where));
            continue;
        }
        model->origin = ModelOrigin::BuiltIn;
        loaded->models.append(*model);
        loaded->objects.append(entry.object);
    }
}

// Returns whether the file was read (even if some entries were skipped).
bool applyOverride(const QString &path, Loaded *loaded, QList<CatalogIssue> *issues)
{
    const Result<QByteArray> bytes = readFile(path);
    if (!bytes.ok()) {
        addError(issues, bytes.error());
        return false;
    }
    const Result<catalog::CatalogFile> file = catalog::parseCatalogFile(*bytes, path, issues);
    if (!file.ok()) {
        addError(issues, file.error());
        return false;
    }
    for (const CatalogEntry &entry : file->entries) {
        const QString where = locationOf(path, entry.line);
        const QJsonValue id = entry.object.value(QLatin1String("id"));
        const qsizetype target = id.isString() ? loaded->find(id.toString()) : -1;
        if (target < 0) {
            Result<ModelInfo> model = catalog::modelFromJson(entry.object, where, issues);
            if (!model.ok()) {
                addError(issues, model.error());
                continue;
            }
            model->origin = ModelOrigin::Override;
            loaded->models.append(*model);
            loaded->objects.append(entry.object);
            continue;
        }
        // An override may name a built-in model by an alias; the model keeps its own id.
        QJsonObject merged = catalog::mergeEntries(loaded->objects.at(target), entry.object);
        merged.insert(QStringLiteral("id"), loaded->models.at(target).id);
        Result<ModelInfo> model = catalog::modelFromJson(merged, where, issues);
        if (!model.ok()) {
            Error error = model.error();
            error.message += QLatin1Char(' ') + Text::tr("(the built-in entry is kept)");
            addError(issues, error);
            continue;
        }
        model->origin = loaded->models.at(target).origin == ModelOrigin::Override
                            ? ModelOrigin::Override
                            : ModelOrigin::BuiltInWithOverride;
        loaded->models[target] = *model;
        loaded->objects[target] = merged;
    }
    return true;
}
} // namespace

QString ModelCatalog::builtInPath()
{
    return QStringLiteral(":/valis/models.json");
}

ModelCatalog ModelCatalog::builtIn()
{
    ModelCatalog catalog;
    Loaded loaded;
    loadBuiltIn(&loaded, &catalog.m_issues, &catalog.m_checked, &catalog.m_sources);
    catalog.m_models = loaded.models;
    catalog.rebuildIndex();
    return catalog;
}

ModelCatalog ModelCatalog::load(const QString &overridePath)
{
    ModelCatalog catalog;
    Loaded loaded;
    loadBuiltIn(&loaded, &catalog.m_issues, &catalog.m_checked, &catalog.m_sources);
    catalog.m_overridePath = overridePath;
    if (!overridePath.isEmpty() && QFileInfo::exists(overridePath))
        catalog.m_overrideLoaded = applyOverride(overridePath, &loaded, &catalog.m_issues);
    catalog.m_models = loaded.models;
    catalog.rebuildIndex();
    return catalog;
}

ModelCatalog ModelCatalog::load(const DataLocations &locations)
{
    return load(locations.modelCatalogOverridePath());
}

bool ModelCatalog::hasErrors() const
{
    return std::any_of(m_issues.cbegin(), m_issues.cend(), [](const CatalogIssue &issue) {
        return issue.severity == CatalogIssue::Severity::Error;
    });
}

void ModelCatalog::rebuildIndex()
{
    std::stable_sort(m_models.begin(), m_models.end(), [](const ModelInfo &a, const ModelInfo &b) {
        return a.provider != b.provider ? a.provider < b.provider : a.id < b.id;
    });
    m_ids.clear();
    m_aliases.clear();
    m_folded.clear();
    m_foldedKey.clear();
    // Ids first, so a model's own id always beats another model's alias; then aliases, built-in
    // models before the ones an override touched, so the user's claim on a name wins.
    for (qsizetype i = 0; i < m_models.size(); ++i) {
        m_ids.insert(m_models.at(i).id, i);
        m_folded.insert(m_models.at(i).id.toLower(), i);
        m_foldedKey.insert(m_models.at(i).id.toLower(), m_models.at(i).id);
    }
    for (const bool userPass : {false, true}) {
        for (qsizetype i = 0; i < m_models.size(); ++i) {
            const ModelInfo &model = m_models.at(i);
            if ((model.origin != ModelOrigin::BuiltIn) != userPass)
                continue;
            for (const QString &alias : model.aliases) {
                const QString folded = alias.toLower();
                const auto owner = m_folded.constFind(folded);
                if (owner != m_folded.cend() && *owner != i) {
                    const ModelInfo &other = m_models.at(*owner);
                    if (m_ids.contains(m_foldedKey.value(folded))) {
                        m_issues.append({CatalogIssue::Severity::Warning,
                                         Error(QStringLiteral("catalog.alias-conflict"),
                                               Text::tr("\"%1\" is the id of %2, so it cannot be an "
                                                        "alias of %3")
                                                   .arg(alias, other.id, model.id),
                                               userPass ? m_overridePath : builtInPath())});
                        continue;
                    }
                    m_issues.append({CatalogIssue::Severity::Warning,
                                     Error(QStringLiteral("catalog.alias-conflict"),
                                           Text::tr("the name \"%1\" is claimed by %2 and %3; %3 wins")
                                               .arg(alias, other.id, model.id),
                                           userPass ? m_overridePath : builtInPath())});
                }
                m_aliases.insert(alias, i);
                m_folded.insert(folded, i);
                m_foldedKey.insert(folded, alias);
            }
        }
    }
}

std::optional<ModelInfo> ModelCatalog::model(const QString &id) const
{
    const auto it = m_ids.constFind(id);
    if (it == m_ids.cend())
        return std::nullopt;
    return m_models.at(*it);
}

ModelInfo ModelCatalog::fallbackModel(const QString &name)
{
    ModelInfo model;
    model.id = name;
    model.displayName = name;
    model.provider = QStringLiteral("unknown");
    model.contextWindow = FallbackContextWindow;
    model.maxOutputTokens = FallbackMaxOutputTokens;
    // Tools stay on: nearly every chat model served today takes them, and turning them off
    // would break an agent on a model that merely is not listed yet.
    model.capabilities.tools = true;
    model.tokenizer = QStringLiteral("estimate");
    model.status = QStringLiteral("unknown");
    model.origin = ModelOrigin::Fallback;
    return model;
}

QStringList ModelCatalog::modelIdsFor(const QString &providerId) const
{
    QStringList ids;
    for (const ModelInfo &model : m_models) {
        if (model.provider == providerId || providerId.startsWith(model.provider + QLatin1Char('-')))
            ids << model.id;
    }
    return ids;
}

ModelMatch ModelCatalog::lookup(const QString &name) const
{
    ModelMatch match;
    match.query = name;

    if (const auto id = m_ids.constFind(name); id != m_ids.cend()) {
        match.kind = MatchKind::Exact;
        match.matchedKey = name;
        match.model = m_models.at(*id);
        match.message = Text::tr("%1 is a model id").arg(name);
        return match;
    }
    if (const auto alias = m_aliases.constFind(name); alias != m_aliases.cend()) {
        match.kind = MatchKind::Alias;
        match.matchedKey = name;
        match.model = m_models.at(*alias);
        match.message = Text::tr("\"%1\" is an alias of %2").arg(name, match.model.id);
        return match;
    }

    const QList<catalog::NameCandidate> candidates = catalog::normalisedCandidates(name);
    for (const catalog::NameCandidate &candidate : candidates) {
        const auto found = m_folded.constFind(candidate.name);
        if (found == m_folded.cend())
            continue;
        match.kind = MatchKind::Normalised;
        match.matchedKey = m_foldedKey.value(candidate.name);
        match.steps = candidate.steps;
        if (match.steps.isEmpty()) // only the letter case of the known name differs
            match.steps << Text::tr("ignored letter case");
        match.model = m_models.at(*found);
        match.message = Text::tr("\"%1\" was read as %2 (%3)")
                            .arg(name, match.model.id, match.steps.join(QStringLiteral("; ")));
        return match;
    }

    // The longest known name the most stripped spelling starts with, "gpt-5-codex" for
    // "gpt-5-codex-mini". Its limits may not be the real ones, which the message says.
    if (!candidates.isEmpty()) {
        const catalog::NameCandidate &stripped = candidates.constLast();
        QString bestKey;
        for (auto it = m_folded.cbegin(); it != m_folded.cend(); ++it) {
            if (it.key().size() > bestKey.size() && catalog::isBoundaryPrefix(it.key(), stripped.name))
                bestKey = it.key();
        }
        if (!bestKey.isEmpty()) {
            match.kind = MatchKind::Prefix;
            match.matchedKey = m_foldedKey.value(bestKey);
            match.steps = stripped.steps;
            match.model = m_models.at(m_folded.value(bestKey));
            match.message = Text::tr("\"%1\" is not in the model catalogue; using %2, the longest known "
                                     "name it starts with. Its limits and prices may differ.")
                                .arg(name, match.model.id);
            return match;
        }
    }

    match.kind = MatchKind::Unknown;
    match.model = fallbackModel(name);
    const QString where = m_overridePath.isEmpty() ? Text::tr("your model catalogue override")
                                                   : m_overridePath;
    match.message = Text::tr("Valis does not know the model \"%1\"; it assumes a %2-token context "
                             "window, %3 output tokens and unknown prices. Add the model to %4 to set "
                             "its real limits.")
                        .arg(name, formatTokenCount(FallbackContextWindow),
                             formatTokenCount(FallbackMaxOutputTokens), where);
    return match;
}

Cost ModelCatalog::cost(const QString &modelName, const Usage &usage) const
{
    return costOf(lookup(modelName).model, usage);
}

} // namespace valis
