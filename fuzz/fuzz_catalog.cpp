// The model catalogue file (resources/models.json and the user's override of it) over any bytes:
// the parser entry by entry, then the whole load that lays the file over the built-in list.
//
// Checked: every refusal and warning says what and where; an override never costs the
// built-in models (a broken file or entry is reported and skipped).
#include "catalog/catalogfile.h"
#include "fuzzsupport.h"

#include "valis/catalog/modelcatalog.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    const QByteArray content = bytes(data, size);
    const QString path = writeInput(content, QStringLiteral("models.json"));

    QList<CatalogIssue> issues;
    const Result<catalog::CatalogFile> file = catalog::parseCatalogFile(content, path, &issues);
    if (file.ok()) {
        for (const catalog::CatalogEntry &entry : file->entries) {
            const Result<ModelInfo> model = catalog::modelFromJson(entry.object, catalog::locationOf(path, entry.line), &issues);
            if (!model.ok())
                VALIS_FUZZ_CHECK_ERROR(model.error());
        }
    } else {
        VALIS_FUZZ_CHECK_ERROR(file.error());
    }
    Q_UNUSED(catalog::modelEntryLines(content));

    static const qsizetype builtIns = ModelCatalog::builtIn().models().size();
    const ModelCatalog loaded = ModelCatalog::load(path);
    for (const CatalogIssue &issue : loaded.issues())
        VALIS_FUZZ_CHECK_ERROR(issue.error);
    VALIS_FUZZ_CHECK(loaded.models().size() >= builtIns,
                     QStringLiteral("an override cost built-in models: %1 of %2").arg(loaded.models().size()).arg(builtIns));
    return 0;
}
