#include "historytoolprovider.h"

#include "searchhistorytool.h"

namespace valis::tools {

HistoryToolProvider::HistoryToolProvider() : ThreadedToolProvider(QStringLiteral("history"))
{
    add(std::make_unique<history::SearchHistoryTool>());
}

} // namespace valis::tools
