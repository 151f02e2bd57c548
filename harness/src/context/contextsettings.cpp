#include "valis/context/contextsettings.h"

#include "core/jsonfile.h"
#include "valis/agent/session.h"
#include "valis/plugins/contextstrategy.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ContextSettings)
};

constexpr int FormatVersion = 1;
const QString ErrorCode = QStringLiteral("context-settings.malformed");

Error malformed(const QString &path, const QString &why)
{
    return Error(ErrorCode, why, path);
}

void merge(QJsonObject &into, const QJsonObject &from)
{
    for (auto it = from.constBegin(); it != from.constEnd(); ++it)
        into.insert(it.key(), it.value());
}

} // namespace

Result<ContextSettings> ContextSettings::load(const QString &path)
{
    Result<std::optional<QJsonObject>> file = readJsonObjectFile(path, ErrorCode, FormatVersion);
    if (file.hasError())
        return file.error();
    ContextSettings settings;
    if (!file->has_value())
        return settings;
    const QJsonObject json = **file;
    static const QStringList known{QStringLiteral("version"), QStringLiteral("strategies"), QStringLiteral("settings"),
                                   QStringLiteral("models"), QStringLiteral("history")};
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        if (!known.contains(it.key()))
            return malformed(path, Text::tr("unknown field \"%1\" (known: %2)").arg(it.key(), known.join(QStringLiteral(", "))));
    }
    if (json.contains(QLatin1String("strategies"))) {
        const QJsonValue list = json.value(QLatin1String("strategies"));
        if (!list.isArray())
            return malformed(path, Text::tr("\"strategies\" must be a list of strategy ids"));
        settings.strategies.clear();
        for (const QJsonValue &id : list.toArray()) {
            if (!id.isString() || id.toString().isEmpty())
                return malformed(path, Text::tr("\"strategies\" must be a list of strategy ids"));
            settings.strategies.append(id.toString());
        }
    }
    const QJsonValue history = json.value(QLatin1String("history"));
    if (!history.isUndefined()) {
        if (!HistoryStrategies::names().contains(history.toString()))
            return malformed(path, Text::tr("\"history\" must be one of %1").arg(HistoryStrategies::names().join(QStringLiteral(", "))));
        settings.history = history.toString();
    }
    const QJsonValue perStrategy = json.value(QLatin1String("settings"));
    if (!perStrategy.isUndefined()) {
        if (!perStrategy.isObject())
            return malformed(path, Text::tr("\"settings\" must map strategy ids to objects"));
        const QJsonObject object = perStrategy.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!it.value().isObject())
                return malformed(path, Text::tr("\"settings.%1\" must be an object").arg(it.key()));
            settings.settings.insert(it.key(), it.value().toObject());
        }
    }
    const QJsonValue models = json.value(QLatin1String("models"));
    if (!models.isUndefined()) {
        if (!models.isObject())
            return malformed(path, Text::tr("\"models\" must map model ids to objects"));
        const QJsonObject object = models.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!it.value().isObject())
                return malformed(path, Text::tr("\"models.%1\" must map strategy ids to objects").arg(it.key()));
            const QJsonObject strategies = it.value().toObject();
            for (auto s = strategies.constBegin(); s != strategies.constEnd(); ++s) {
                if (!s.value().isObject())
                    return malformed(path, Text::tr("\"models.%1.%2\" must be an object").arg(it.key(), s.key()));
                settings.modelSettings[it.key()].insert(s.key(), s.value().toObject());
            }
        }
    }
    return settings;
}

Result<void> ContextSettings::save(const QString &path) const
{
    QJsonObject perStrategy;
    for (auto it = settings.cbegin(); it != settings.cend(); ++it)
        perStrategy.insert(it.key(), it.value());
    QJsonObject models;
    for (auto it = modelSettings.cbegin(); it != modelSettings.cend(); ++it) {
        QJsonObject strategies;
        for (auto s = it->cbegin(); s != it->cend(); ++s)
            strategies.insert(s.key(), s.value());
        models.insert(it.key(), strategies);
    }
    QJsonObject json{{QStringLiteral("version"), FormatVersion},
                     {QStringLiteral("strategies"), QJsonArray::fromStringList(strategies)}};
    if (!history.isEmpty())
        json.insert(QStringLiteral("history"), history);
    if (!perStrategy.isEmpty())
        json.insert(QStringLiteral("settings"), perStrategy);
    if (!models.isEmpty())
        json.insert(QStringLiteral("models"), models);
    return writeJsonObjectFile(path, json, ErrorCode);
}

QList<ContextStrategy *> ContextSettings::select(const QList<ContextStrategy *> &available, QList<Error> *warnings) const
{
    QList<ContextStrategy *> selected;
    for (const QString &id : strategies) {
        ContextStrategy *found = nullptr;
        for (ContextStrategy *strategy : available) {
            if (strategy->id() == id)
                found = strategy;
        }
        if (found) {
            selected.append(found);
            continue;
        }
        if (warnings) {
            QStringList ids;
            for (ContextStrategy *strategy : available)
                ids.append(strategy->id());
            warnings->append(Error(QStringLiteral("context.unknown-strategy"),
                                   Text::tr("no plugin offers the context strategy \"%1\" (available: %2); the context "
                                            "is not managed by it")
                                       .arg(id, ids.isEmpty() ? Text::tr("none") : ids.join(QStringLiteral(", ")))));
        }
    }
    return selected;
}

QHash<QString, QJsonObject> ContextSettings::settingsFor(const QString &model,
                                                         const QHash<QString, QJsonObject> &sessionOverrides) const
{
    // The longest model key that is the model id or a prefix of it.
    QString modelKey;
    for (auto it = modelSettings.cbegin(); it != modelSettings.cend(); ++it) {
        if ((model == it.key() || model.startsWith(it.key())) && it.key().size() > modelKey.size())
            modelKey = it.key();
    }
    QHash<QString, QJsonObject> result;
    QStringList ids = strategies;
    for (auto it = sessionOverrides.cbegin(); it != sessionOverrides.cend(); ++it) {
        if (!ids.contains(it.key()))
            ids.append(it.key());
    }
    for (const QString &id : std::as_const(ids)) {
        QJsonObject merged = settings.value(id);
        if (!modelKey.isEmpty())
            merge(merged, modelSettings.value(modelKey).value(id));
        merge(merged, sessionOverrides.value(id));
        if (!merged.isEmpty())
            result.insert(id, merged);
    }
    return result;
}

QHash<QString, QJsonObject> ContextSettings::effectiveSettings(const QList<ContextStrategy *> &selected,
                                                               const QString &model) const
{
    const QHash<QString, QJsonObject> chosen = settingsFor(model);
    QHash<QString, QJsonObject> effective;
    for (ContextStrategy *strategy : selected) {
        QJsonObject values = strategy->defaultSettings();
        const QJsonObject own = chosen.value(strategy->id());
        for (auto it = own.constBegin(); it != own.constEnd(); ++it)
            values.insert(it.key(), it.value());
        effective.insert(strategy->id(), values);
    }
    return effective;
}

QList<Error> ContextSettings::apply(const QList<ContextStrategy *> &available,
                                   const QHash<QString, QJsonObject> &sessionOverrides, SessionConfig *config) const
{
    QList<Error> warnings;
    config->strategies = select(available, &warnings);
    config->history = HistoryStrategies::from(config->strategies, available);
    config->defaultHistoryStrategy = history;
    // The settings of every strategy a history switch may bring in, not only those in use now.
    QHash<QString, QJsonObject> overrides = sessionOverrides;
    for (const QString &name : HistoryStrategies::names()) {
        if (name != HistoryStrategies::regular() && config->history.contains(name) && !overrides.contains(name))
            overrides.insert(name, QJsonObject());
    }
    config->strategySettings = settingsFor(config->model, overrides);
    return warnings;
}

Result<QHash<QString, QJsonObject>> parseContextOverrides(const QStringList &assignments, const QString &defaultStrategy)
{
    QHash<QString, QJsonObject> overrides;
    for (const QString &assignment : assignments) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        if (equals <= 0)
            return Error(QStringLiteral("context.bad-override"),
                         Text::tr("\"%1\" is not KEY=VALUE (for example evictAt=0.8)").arg(assignment));
        QString key = assignment.left(equals).trimmed();
        const QString text = assignment.mid(equals + 1).trimmed();
        QString strategy = defaultStrategy;
        const qsizetype dot = key.indexOf(QLatin1Char('.'));
        if (dot > 0) {
            strategy = key.left(dot);
            key = key.mid(dot + 1);
        }
        QJsonValue value = text;
        const QJsonDocument parsed = QJsonDocument::fromJson(QStringLiteral("[%1]").arg(text).toUtf8());
        if (parsed.isArray() && parsed.array().size() == 1 && !parsed.array().first().isString())
            value = parsed.array().first();
        overrides[strategy].insert(key, value);
    }
    return overrides;
}

} // namespace valis
