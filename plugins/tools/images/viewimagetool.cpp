#include "viewimagetool.h"

#include "imageformat.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QJsonObject>

namespace valis::tools {

// Everything here is read by the model, which reads English best: not tr()'d.

namespace {

QString formatSize(qint64 bytes)
{
    if (bytes >= 1024 * 1024)
        return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QStringLiteral(" MB");
    if (bytes >= 1024)
        return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KB");
    return QString::number(bytes) + (bytes == 1 ? QStringLiteral(" byte") : QStringLiteral(" bytes"));
}

} // namespace

ToolSpec ViewImageTool::spec() const
{
    ToolSpec spec;
    spec.name = QStringLiteral("view_image");
    spec.description = QStringLiteral(
        "Look at an image file from the workspace (a screenshot, a chart, a UI mock-up, a photo): the image is "
        "attached to the result so you can see it. PNG, JPEG, GIF and WebP files up to 5 MB are supported; "
        "convert other formats (SVG, BMP, TIFF, PDF pages) to PNG first. Only works when the current model "
        "accepts images.");
    spec.inputSchema = ToolSchema()
                           .string(QStringLiteral("path"),
                                   QStringLiteral("The image file: relative to the workspace root (\"docs/screenshot.png\"), "
                                                  "or absolute inside the workspace."),
                                   1)
                           .required({QStringLiteral("path")})
                           .build();
    spec.readOnly = true; // it only reads a file
    return spec;
}

ToolOutcome ViewImageTool::run(const ToolCall &call) const
{
    ToolArguments arguments(QStringLiteral("view_image"), call.arguments);
    const QString path = arguments.requiredString(QStringLiteral("path"));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());
    if (!call.context.modelAcceptsImages) {
        return ToolOutcome::error(QStringLiteral("The current model cannot see images, so view_image cannot show you %1. "
                                                 "Describe what you need from it another way (its file name, size, or "
                                                 "text extracted with a command), or ask the user.")
                                      .arg(path));
    }
    AgentFilesystem *filesystem = call.context.filesystem;
    if (!filesystem)
        return ToolOutcome::error(QStringLiteral("This session has no workspace files, so view_image cannot read %1.").arg(path));

    const Result<AgentFilesystem::Location> location = filesystem->resolve(path);
    if (!location.ok())
        return ToolOutcome::error(location.error().message);
    const QString shown = location->agentPath;
    const Result<FileEntry> entry = filesystem->stat(path);
    if (!entry.ok())
        return ToolOutcome::error(entry.error().message);
    if (entry->isDirectory())
        return ToolOutcome::error(QStringLiteral("%1 is a folder, not an image file.").arg(shown));
    if (entry->size > MaxBytes) {
        return ToolOutcome::error(QStringLiteral("%1 is %2; view_image accepts images up to %3. Make a smaller copy "
                                                 "first (scaled down, or as JPEG).")
                                      .arg(shown, formatSize(entry->size), formatSize(MaxBytes)));
    }
    if (entry->size == 0)
        return ToolOutcome::error(QStringLiteral("%1 is empty (0 bytes), not an image.").arg(shown));
    if (call.isCancelled())
        return ToolOutcome::error(QStringLiteral("Cancelled."));

    const Result<QByteArray> bytes = filesystem->read(path, 0, MaxBytes + 1);
    if (!bytes.ok())
        return ToolOutcome::error(bytes.error().message);
    if (bytes->size() > MaxBytes) { // it grew after stat()
        return ToolOutcome::error(QStringLiteral("%1 is larger than %2; view_image accepts images up to %2.")
                                      .arg(shown, formatSize(MaxBytes)));
    }
    const ImageFormat format = ImageFormat::sniff(*bytes);
    if (!format.isSupported()) {
        const QString what = format.name.isEmpty() ? QStringLiteral("its first bytes match none of them")
                                                   : QStringLiteral("it looks like %1").arg(format.name);
        return ToolOutcome::error(QStringLiteral("%1 is not a PNG, JPEG, GIF or WebP image (%2). Convert it to PNG first.")
                                      .arg(shown, what));
    }

    QString description = format.name;
    if (format.size.isValid() && !format.size.isEmpty())
        description += QStringLiteral(", %1x%2 pixels").arg(format.size.width()).arg(format.size.height());
    description += QStringLiteral(", ") + formatSize(bytes->size());
    ToolOutcome outcome;
    outcome.content = {Part::makeText(QStringLiteral("Image %1 (%2):").arg(shown, description)),
                       Part::makeImage(ImageRef{format.mediaType, QString(), *bytes})};
    return outcome;
}

std::unique_ptr<ThreadedToolProvider> makeImagesToolProvider()
{
    auto provider = std::make_unique<ThreadedToolProvider>(QStringLiteral("images"));
    provider->add(std::make_unique<ViewImageTool>());
    return provider;
}

} // namespace valis::tools
