#include "valis/plugins/pluginapi.h"

#include "core/enumnames.h"

// The generated header and the build's VALIS_PLUGIN_API_VERSION come from the same CMake
// variable; this catches a stale generated header in a build folder.
static_assert(valis::PluginApiVersion == VALIS_PLUGIN_API_VERSION,
              "valis/plugins/pluginapiversion.h is out of date: re-run CMake");

namespace valis {

namespace {
constexpr EnumName<PluginKind> kindNames[] = {
    {PluginKind::Provider, "provider"},
    {PluginKind::Tool, "tool"},
    {PluginKind::Strategy, "strategy"},
    {PluginKind::Sandbox, "sandbox"},
    {PluginKind::Embedding, "embedding"},
};
} // namespace

QList<PluginKind> pluginKinds()
{
    QList<PluginKind> kinds;
    for (const auto &row : kindNames)
        kinds.append(row.value);
    return kinds;
}

QString pluginKindName(PluginKind kind)
{
    return enumName(kindNames, kind);
}

bool pluginKindFromName(QStringView name, PluginKind *kind)
{
    return enumFromName(kindNames, name, kind);
}

QString pluginKindInterfaceId(PluginKind kind)
{
    switch (kind) {
    case PluginKind::Provider:
        return QStringLiteral(VALIS_PROVIDER_PLUGIN_IID);
    case PluginKind::Tool:
        return QStringLiteral(VALIS_TOOL_PLUGIN_IID);
    case PluginKind::Strategy:
        return QStringLiteral(VALIS_STRATEGY_PLUGIN_IID);
    case PluginKind::Sandbox:
        return QStringLiteral(VALIS_SANDBOX_PLUGIN_IID);
    case PluginKind::Embedding:
        return QStringLiteral(VALIS_EMBEDDING_PLUGIN_IID);
    }
    Q_UNREACHABLE();
}

} // namespace valis
