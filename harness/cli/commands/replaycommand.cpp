#include "clicontext.h"
#include "commands.h"

namespace valis::cli {

int runReplay(CliContext &context, const QStringList &)
{
    return context.fail(QStringLiteral("replay"), Error(QStringLiteral("cli.unavailable"), QStringLiteral("not built yet")));
}

} // namespace valis::cli
