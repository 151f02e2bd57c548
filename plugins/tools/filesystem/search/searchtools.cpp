#include "searchtools.h"

#include "searchtoolfactories.h"

namespace valis::tools {

std::vector<std::unique_ptr<ThreadedTool>> makeSearchTools()
{
    std::vector<std::unique_ptr<ThreadedTool>> tools;
    tools.push_back(search::makeGlobTool());
    tools.push_back(search::makeGrepTool());
    tools.push_back(search::makeFileSearchTool());
    return tools;
}

namespace search {

QString ignoredFilesNote()
{
    // For the model; not tr()'d.
    return QStringLiteral("files left out by .gitignore, .ignore and the default ignore rules (.git/, node_modules/, "
                          "/build/ ...) were not looked at; set include_ignored: true to include them");
}

} // namespace search

} // namespace valis::tools
