#include "historytoolprovider.h"

#include "getturntool.h"
#include "searchhistorytool.h"

namespace valis::tools {

HistoryToolProvider::HistoryToolProvider() : ThreadedToolProvider(QStringLiteral("history"))
{
    add(std::make_unique<history::SearchHistoryTool>());
    add(std::make_unique<history::GetTurnTool>());
}

} // namespace valis::tools
