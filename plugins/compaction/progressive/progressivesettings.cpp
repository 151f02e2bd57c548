#include "progressivesettings.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis::progressive {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ProgressiveStrategy)
};

Error badSetting(const QString &key, const QString &why)
{
    return Error(QStringLiteral("context.bad-setting"),
                 Text::tr("the progressive strategy's setting \"%1\" %2").arg(key, why));
}

ProgressiveSettings builtIn()
{
    ProgressiveSettings settings;
    settings.neverMove = {QStringLiteral("write_todos"),  QStringLiteral("update_plan"),    QStringLiteral("TodoWrite"),
                          QStringLiteral("load_skill"),   QStringLiteral("Skill"),          QStringLiteral("store_memory"),
                          QStringLiteral("retrieve_memory"), QStringLiteral("search_memory")};
    settings.writeTools = {
        {QStringLiteral("write_file"), {QStringLiteral("content")}},
        {QStringLiteral("Write"), {QStringLiteral("content")}},
        {QStringLiteral("create_file"), {QStringLiteral("content"), QStringLiteral("file_text")}},
        {QStringLiteral("edit_file"), {QStringLiteral("old_string"), QStringLiteral("new_string")}},
        {QStringLiteral("Edit"), {QStringLiteral("old_string"), QStringLiteral("new_string")}},
        {QStringLiteral("MultiEdit"), {QStringLiteral("edits")}},
        {QStringLiteral("NotebookEdit"), {QStringLiteral("new_source")}},
        {QStringLiteral("str_replace_editor"), {QStringLiteral("file_text"), QStringLiteral("old_str"), QStringLiteral("new_str")}},
        {QStringLiteral("apply_patch"), {QStringLiteral("patch"), QStringLiteral("input")}},
    };
    settings.pathKeys = {QStringLiteral("path"), QStringLiteral("file_path"), QStringLiteral("filename"),
                         QStringLiteral("notebook_path")};
    return settings;
}

QJsonArray sortedArray(const QSet<QString> &set)
{
    QStringList list(set.cbegin(), set.cend());
    list.sort();
    return QJsonArray::fromStringList(list);
}

} // namespace

QJsonObject ProgressiveSettings::defaults()
{
    const ProgressiveSettings s = builtIn();
    QJsonObject writeTools;
    for (auto it = s.writeTools.cbegin(); it != s.writeTools.cend(); ++it)
        writeTools.insert(it.key(), QJsonArray::fromStringList(it.value()));
    return {{QStringLiteral("offloadTokens"), s.offloadTokens},
            {QStringLiteral("previewHeadLines"), s.previewHeadLines},
            {QStringLiteral("previewTailLines"), s.previewTailLines},
            {QStringLiteral("evictAt"), s.evictAt},
            {QStringLiteral("evictTo"), s.evictTo},
            {QStringLiteral("evictEarlyTokens"), s.evictEarlyTokens},
            {QStringLiteral("evictEarlyShare"), s.evictEarlyShare},
            {QStringLiteral("keepRecentResults"), s.keepRecentResults},
            {QStringLiteral("evictInputTokens"), s.evictInputTokens},
            {QStringLiteral("summariseAt"), s.summariseAt},
            {QStringLiteral("summaryReserveTokens"), s.summaryReserveTokens},
            {QStringLiteral("keepRecentShare"), s.keepRecentShare},
            {QStringLiteral("swapWhenReady"), s.swapWhenReady},
            {QStringLiteral("summariseForCost"), s.summariseForCost},
            {QStringLiteral("summaryMaxWords"), s.summaryMaxWords},
            {QStringLiteral("neverMove"), sortedArray(s.neverMove)},
            {QStringLiteral("writeTools"), writeTools},
            {QStringLiteral("pathKeys"), QJsonArray::fromStringList(s.pathKeys)}};
}

Result<ProgressiveSettings> ProgressiveSettings::fromJson(const QJsonObject &json)
{
    ProgressiveSettings s = builtIn();
    const QJsonObject known = defaults();
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        if (!known.contains(it.key()))
            return badSetting(it.key(), Text::tr("is not one it knows (see valis-cli context --settings)"));
    }
    const auto number = [&json](const char *key, auto *out, double low, double high) -> std::optional<Error> {
        const QJsonValue value = json.value(QLatin1String(key));
        if (value.isUndefined())
            return std::nullopt;
        if (!value.isDouble() || value.toDouble() < low || value.toDouble() > high)
            return badSetting(QLatin1String(key), Text::tr("must be a number from %1 to %2").arg(low).arg(high));
        *out = static_cast<std::remove_pointer_t<decltype(out)>>(value.toDouble());
        return std::nullopt;
    };
    for (const std::optional<Error> &error :
         {number("offloadTokens", &s.offloadTokens, 100, 1e9), number("previewHeadLines", &s.previewHeadLines, 0, 1000),
          number("previewTailLines", &s.previewTailLines, 0, 1000), number("evictAt", &s.evictAt, 0.05, 1.0),
          number("evictTo", &s.evictTo, 0.01, 1.0), number("evictEarlyTokens", &s.evictEarlyTokens, 0, 1e9),
          number("evictEarlyShare", &s.evictEarlyShare, 0.05, 1.0), number("keepRecentResults", &s.keepRecentResults, 0, 1000),
          number("evictInputTokens", &s.evictInputTokens, 0, 1e9), number("summariseAt", &s.summariseAt, 0.05, 1.0),
          number("summaryReserveTokens", &s.summaryReserveTokens, 0, 1e7),
          number("keepRecentShare", &s.keepRecentShare, 0.0, 0.9), number("summaryMaxWords", &s.summaryMaxWords, 50, 20000)}) {
        if (error)
            return *error;
    }
    for (const auto &[key, flag] : {std::pair{"swapWhenReady", &s.swapWhenReady}, std::pair{"summariseForCost", &s.summariseForCost}}) {
        if (!json.contains(QLatin1String(key)))
            continue;
        if (!json.value(QLatin1String(key)).isBool())
            return badSetting(QLatin1String(key), Text::tr("must be true or false"));
        *flag = json.value(QLatin1String(key)).toBool();
    }
    if (s.evictTo >= s.evictAt)
        return badSetting(QStringLiteral("evictTo"), Text::tr("must be below evictAt (%1), or eviction would run every turn").arg(s.evictAt));
    if (json.contains(QLatin1String("neverMove"))) {
        s.neverMove.clear();
        for (const QJsonValue &name : json.value(QLatin1String("neverMove")).toArray())
            s.neverMove.insert(name.toString());
    }
    if (json.contains(QLatin1String("writeTools"))) {
        const QJsonValue tools = json.value(QLatin1String("writeTools"));
        if (!tools.isObject())
            return badSetting(QStringLiteral("writeTools"), Text::tr("must map tool names to lists of argument keys"));
        s.writeTools.clear();
        const QJsonObject object = tools.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            QStringList keys;
            for (const QJsonValue &key : it.value().toArray())
                keys.append(key.toString());
            s.writeTools.insert(it.key(), keys);
        }
    }
    if (json.contains(QLatin1String("pathKeys"))) {
        s.pathKeys.clear();
        for (const QJsonValue &key : json.value(QLatin1String("pathKeys")).toArray())
            s.pathKeys.append(key.toString());
    }
    return s;
}

} // namespace valis::progressive
