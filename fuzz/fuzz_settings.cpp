// The settings files a person edits by hand (or another program writes): the input's first
// byte picks the reader, the rest is the file. Each reader takes a path, so the input is
// written to a file of the name the reader expects.
//
// Checked: a file is read or refused with an Error that says what is wrong. (RecallSettings is
// not here: recallsettings.cpp also builds the retrievers over the store, which would bring the
// whole store into the fuzz build.)
#include "fuzzsupport.h"
#include "plugins/pluginsettings.h"

#include "valis/agent/providersettings.h"
#include "valis/context/contextsettings.h"
#include "valis/mcp/mcpserverconfig.h"
#include "valis/memory/memorysettings.h"

namespace {

template<typename T>
void check(const valis::Result<T> &result)
{
    if (!result.ok())
        VALIS_FUZZ_CHECK_ERROR(result.error());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    if (size == 0)
        return 0;
    const QByteArray content = bytes(data + 1, size - 1);
    switch (data[0] % 7) {
    case 0:
        check(ContextSettings::load(writeInput(content, QStringLiteral("context.json"))));
        break;
    case 1:
        check(MemorySettings::load(writeInput(content, QStringLiteral("memory.json"))));
        break;
    case 2:
        check(ProviderSettings::load(writeInput(content, QStringLiteral("providers.json"))));
        break;
    case 3: {
        const Result<McpSettings> settings = McpSettings::load(writeInput(content, QStringLiteral("mcp.json")));
        check(settings);
        if (settings.ok()) {
            for (const Error &problem : settings->problems())
                VALIS_FUZZ_CHECK_ERROR(problem);
        }
        break;
    }
    case 4:
    case 5: {
        const QString name = data[0] % 7 == 4 ? QStringLiteral("config.toml") : QStringLiteral(".mcp.json");
        QList<Error> problems;
        check(McpSettings::readForeign(writeInput(content, name), &problems));
        for (const Error &problem : problems)
            VALIS_FUZZ_CHECK_ERROR(problem);
        break;
    }
    default: {
        PluginSettings plugins(writeInput(content, QStringLiteral("plugins.json")));
        check(plugins.load());
        break;
    }
    }
    return 0;
}
