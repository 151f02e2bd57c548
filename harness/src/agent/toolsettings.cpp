#include "valis/agent/toolsettings.h"

#include "core/jsonfile.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ToolSettings)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("settings.malformed");

ToolPack builtIn(const char *name, const QString &description, const QStringList &tools)
{
    return ToolPack{QString::fromLatin1(name), description, tools, {}};
}

} // namespace

SubagentProfile ToolSettings::generalPurposeSubagent()
{
    SubagentProfile profile;
    profile.name = QStringLiteral("general-purpose");
    profile.description = QStringLiteral(
        "A general agent with the same model and tools as you (except task): give it a self-contained, "
        "well-specified task; it works in its own context and returns only its final answer.");
    return profile;
}

namespace {

Result<QString> optionalString(const QJsonObject &json, const QString &key, const QString &where, const QString &path)
{
    const QJsonValue value = json.value(key);
    if (value.isUndefined())
        return QString();
    if (!value.isString())
        return Error(MalformedCode, Text::tr("%1.%2 must be a string").arg(where, key), path);
    return value.toString();
}

Result<ToolPack> readPack(const QString &name, const QJsonValue &value, const QString &path)
{
    const QString where = QStringLiteral("toolPacks.") + name;
    if (!value.isObject())
        return Error(MalformedCode, Text::tr("%1 must be an object with \"tools\"").arg(where), path);
    const QJsonObject json = value.toObject();
    ToolPack pack;
    pack.name = name;
    Result<QString> description = optionalString(json, QStringLiteral("description"), where, path);
    if (description.hasError())
        return description.error();
    pack.description = description.value();
    const QJsonValue tools = json.value(QLatin1String("tools"));
    if (!tools.isArray() || tools.toArray().isEmpty())
        return Error(MalformedCode, Text::tr("%1.tools must be a non-empty array of tool names").arg(where), path);
    for (const QJsonValue &tool : tools.toArray()) {
        if (!tool.isString() || tool.toString().isEmpty())
            return Error(MalformedCode, Text::tr("%1.tools must hold only tool names").arg(where), path);
        pack.tools.append(tool.toString());
    }
    return pack;
}

Result<SubagentProfile> readProfile(const QString &name, const QJsonValue &value, const QString &path)
{
    const QString where = QStringLiteral("subagents.") + name;
    if (!value.isObject())
        return Error(MalformedCode, Text::tr("%1 must be an object").arg(where), path);
    const QJsonObject json = value.toObject();
    SubagentProfile profile;
    profile.name = name;
    QString *fields[] = {&profile.description, &profile.model, &profile.toolPack, &profile.systemPrompt};
    const char *keys[] = {"description", "model", "toolPack", "systemPrompt"};
    for (int i = 0; i < 4; ++i) {
        Result<QString> text = optionalString(json, QString::fromLatin1(keys[i]), where, path);
        if (text.hasError())
            return text.error();
        *fields[i] = text.value();
    }
    if (profile.description.isEmpty())
        return Error(MalformedCode, Text::tr("%1.description is required: the model chooses a subagent by it").arg(where), path);
    const QJsonValue steps = json.value(QLatin1String("maxSteps"));
    if (!steps.isUndefined()) {
        if (!steps.isDouble() || steps.toDouble() < 1)
            return Error(MalformedCode, Text::tr("%1.maxSteps must be a number of at least 1").arg(where), path);
        profile.maxSteps = steps.toInt();
    }
    return profile;
}
} // namespace

QList<ToolPack> ToolSettings::builtInPacks()
{
    // Tool names, not plugin ids: a pack keeps working when a tool moves between plugins.
    const QStringList reading = {QStringLiteral("ls"), QStringLiteral("list_dir"), QStringLiteral("read_file"),
                                 QStringLiteral("glob"), QStringLiteral("grep"), QStringLiteral("file_search")};
    const QStringList editing = {QStringLiteral("write_file"), QStringLiteral("edit_file"), QStringLiteral("apply_patch")};
    const QStringList planning = {QStringLiteral("write_todos"), QStringLiteral("update_plan")};
    // search_history brings back what compaction took out of the context: every pack that keeps
    // a long conversation going needs it.
    const QStringList memory = {QStringLiteral("store_memory"), QStringLiteral("retrieve_memory"),
                                QStringLiteral("search_memory"), QStringLiteral("search_history")};
    return {
        builtIn("core", Text::tr("Read, edit, run commands, plan and load skills: what a coding agent needs."),
                QStringList{QStringLiteral("ls"), QStringLiteral("read_file"), QStringLiteral("glob"), QStringLiteral("grep"),
                            QStringLiteral("write_file"), QStringLiteral("edit_file"), QStringLiteral("exec"),
                            QStringLiteral("write_todos"), QStringLiteral("load_skill"), QStringLiteral("view_image")}
                    + memory),
        builtIn("file-ops", Text::tr("Every file tool (read, search, edit, patch) and the plan; no commands."),
                reading + editing + planning + memory),
        builtIn("research", Text::tr("Read-only tools, web search and fetching, skills, images and subagents: look, never change."),
                reading + planning + memory
                    + QStringList{QStringLiteral("web_search"), QStringLiteral("fetch_url"), QStringLiteral("load_skill"),
                                  QStringLiteral("view_image"), QStringLiteral("task")}),
        builtIn("all", Text::tr("Every tool of every installed plugin."), QStringList{QStringLiteral("*")}),
    };
}

Result<ToolPack> ToolSettings::pack(const QString &name) const
{
    for (const ToolPack &candidate : m_packs) {
        if (candidate.name == name)
            return candidate;
    }
    QStringList names;
    for (const ToolPack &candidate : m_packs)
        names.append(candidate.name);
    return Error(QStringLiteral("tools.unknown-pack"),
                 Text::tr("there is no tool pack \"%1\"; the packs are: %2").arg(name, names.join(QStringLiteral(", "))));
}

Result<ToolSettings> ToolSettings::load(const QString &path)
{
    ToolSettings settings;
    const Result<std::optional<QJsonObject>> file = readJsonObjectFile(path, MalformedCode, FormatVersion);
    if (file.hasError())
        return file.error();
    if (!file.value())
        return settings;
    const QJsonObject root = **file;

    for (const char *key : {"sandbox", "toolPack", "agent"}) {
        Result<QString> text = optionalString(root, QString::fromLatin1(key), QStringLiteral("tools"), path);
        if (text.hasError())
            return text.error();
        if (text.value().isEmpty())
            continue;
        if (qstrcmp(key, "sandbox") == 0)
            settings.m_sandbox = text.value();
        else if (qstrcmp(key, "toolPack") == 0)
            settings.m_toolPack = text.value();
        else
            settings.m_agentId = text.value();
    }
    // The agent id names a folder: keep it a plain name.
    static const QRegularExpression agentName(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"));
    if (!agentName.match(settings.m_agentId).hasMatch())
        return Error(MalformedCode, Text::tr("agent \"%1\" must be a plain name (letters, digits, '.', '-', '_')").arg(settings.m_agentId),
                     path);
    const QJsonValue network = root.value(QLatin1String("network"));
    if (!network.isUndefined()) {
        if (!network.isBool())
            return Error(MalformedCode, Text::tr("network must be true or false"), path);
        settings.m_network = network.toBool() ? NetworkAccess::Allowed : NetworkAccess::Denied;
    }
    const QJsonValue depth = root.value(QLatin1String("maxSubagentDepth"));
    if (!depth.isUndefined()) {
        if (!depth.isDouble() || depth.toDouble() < 0 || depth.toDouble() > 5)
            return Error(MalformedCode, Text::tr("maxSubagentDepth must be a number from 0 to 5"), path);
        settings.m_maxSubagentDepth = depth.toInt();
    }
    const QJsonObject packs = root.value(QLatin1String("toolPacks")).toObject();
    for (auto it = packs.constBegin(); it != packs.constEnd(); ++it) {
        Result<ToolPack> pack = readPack(it.key(), it.value(), path);
        if (pack.hasError())
            return pack.error();
        settings.m_packs.removeIf([&](const ToolPack &existing) { return existing.name == it.key(); });
        settings.m_packs.append(pack.value());
    }
    const QJsonObject subagents = root.value(QLatin1String("subagents")).toObject();
    for (auto it = subagents.constBegin(); it != subagents.constEnd(); ++it) {
        Result<SubagentProfile> profile = readProfile(it.key(), it.value(), path);
        if (profile.hasError())
            return profile.error();
        settings.m_subagents.removeIf([&](const SubagentProfile &existing) { return existing.name == it.key(); });
        settings.m_subagents.append(profile.value());
    }
    return settings;
}

} // namespace valis
