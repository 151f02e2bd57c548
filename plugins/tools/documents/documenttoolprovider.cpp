#include "documenttoolprovider.h"

#include "deletedocumenttool.h"
#include "getdocumenttool.h"
#include "listdocumentstool.h"
#include "savedocumenttool.h"

namespace valis::tools {

DocumentToolProvider::DocumentToolProvider() : ThreadedToolProvider(QStringLiteral("documents"))
{
    add(std::make_unique<documents::SaveDocumentTool>());
    add(std::make_unique<documents::GetDocumentTool>());
    add(std::make_unique<documents::ListDocumentsTool>());
    add(std::make_unique<documents::DeleteDocumentTool>());
}

} // namespace valis::tools
