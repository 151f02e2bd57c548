#include "clicontext.h"
#include "commands.h"

namespace valis::cli {

int runTokens(CliContext &context, const QStringList &)
{
    return context.fail(QStringLiteral("tokens"), Error(QStringLiteral("cli.unavailable"), QStringLiteral("not built yet")));
}

} // namespace valis::cli
