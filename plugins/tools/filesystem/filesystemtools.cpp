#include "filesystemtools.h"

#include "applypatchtool.h"
#include "editfiletool.h"
#include "listtool.h"
#include "readfiletool.h"
#include "writefiletool.h"

#ifdef VALIS_HAVE_FILESYSTEM_SEARCH
#include "searchtools.h"
#endif

namespace valis::tools::files {

std::unique_ptr<ThreadedToolProvider> makeFilesystemToolProvider()
{
    auto provider = std::make_unique<ThreadedToolProvider>(QStringLiteral("filesystem"));
    provider->add(std::make_unique<ListDirectoryTool>(QStringLiteral("ls")));
    provider->add(std::make_unique<ListDirectoryTool>(QStringLiteral("list_dir")));
    provider->add(std::make_unique<ReadFileTool>());
    provider->add(std::make_unique<WriteFileTool>());
    provider->add(std::make_unique<EditFileTool>());
    provider->add(std::make_unique<ApplyPatchTool>());
#ifdef VALIS_HAVE_FILESYSTEM_SEARCH
    for (std::unique_ptr<ThreadedTool> &tool : valis::tools::makeSearchTools())
        provider->add(std::move(tool));
#endif
    return provider;
}

} // namespace valis::tools::files
