#include "valis/plugins/pluginapi.h"

// The generated header and the build's VALIS_PLUGIN_API_VERSION come from the same CMake
// variable; this catches a stale generated header in a build folder.
static_assert(valis::PluginApiVersion == VALIS_PLUGIN_API_VERSION,
              "valis/plugins/pluginapiversion.h is out of date: re-run CMake");

namespace valis {

namespace {
struct KindEntry { PluginKind kind; const char *name; const char *interfaceId; };
constexpr KindEntry kindEntries[] = {
    {PluginKind::Provider, "provider", VALIS_PROVIDER_PLUGIN_IID},
    {PluginKind::Tool, "tool", VALIS_TOOL_PLUGIN_IID},
    {PluginKind::Strategy, "strategy", VALIS_STRATEGY_PLUGIN_IID},
    {PluginKind::Sandbox, "sandbox", VALIS_SANDBOX_PLUGIN_IID},
};

const KindEntry &entryOf(PluginKind kind)
{
    for (const auto &entry : kindEntries) {
        if (entry.kind == kind)
            return entry;
    }
    Q_UNREACHABLE();
}
} // namespace

QList<PluginKind> pluginKinds()
{
    QList<PluginKind> kinds;
    for (const auto &entry : kindEntries)
        kinds.append(entry.kind);
    return kinds;
}

QString pluginKindName(PluginKind kind)
{
    return QString::fromLatin1(entryOf(kind).name);
}

bool pluginKindFromName(QStringView name, PluginKind *kind)
{
    for (const auto &entry : kindEntries) {
        if (name == QLatin1String(entry.name)) {
            *kind = entry.kind;
            return true;
        }
    }
    return false;
}

QString pluginKindInterfaceId(PluginKind kind)
{
    return QString::fromLatin1(entryOf(kind).interfaceId);
}

} // namespace valis
