// The TOML subset reader (other hosts' MCP configuration, ~/.codex/config.toml) over any bytes.
//
// Checked: a refusal says what and where (the line); a table read is an object whose nested
// tables are objects all the way down (what the config readers walk).
#include "fuzzsupport.h"
#include "mcp/tomlsubset.h"

#include <QJsonArray>

namespace {

int depth(const QJsonValue &value)
{
    int deepest = 0;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            deepest = qMax(deepest, depth(it.value()));
    } else if (value.isArray()) {
        for (const QJsonValue &element : value.toArray())
            deepest = qMax(deepest, depth(element));
    } else {
        return 0;
    }
    return deepest + 1;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    const QString path = QStringLiteral("/fuzz/config.toml");
    const Result<QJsonObject> table = mcp::parseTomlSubset(bytes(data, size), path);
    if (!table.ok()) {
        VALIS_FUZZ_CHECK_ERROR(table.error());
        VALIS_FUZZ_CHECK(table.error().location.startsWith(path), QStringLiteral("an error that names no place: ") + table.error().toString());
        return 0;
    }
    VALIS_FUZZ_CHECK(depth(*table) <= qsizetype(size) + 1, QStringLiteral("deeper than the input is long"));
    return 0;
}
