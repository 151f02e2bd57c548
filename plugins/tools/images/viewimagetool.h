#pragma once

#include "threadedtool.h"

namespace valis::tools {

/// `view_image`: puts an image from the workspace into the conversation, for models that
/// accept images. Reads through ToolContext::filesystem (so confinement holds), accepts PNG,
/// JPEG, GIF and WebP by their magic bytes, and refuses files over MaxBytes with their size.
/// The result is a short text part and the image part with the bytes inline; the SessionStore
/// moves them into its blob folder when the result is recorded.
class ViewImageTool : public ThreadedTool
{
public:
    /// The largest image sent: Anthropic's per-image limit, which the other APIs exceed.
    static constexpr qint64 MaxBytes = 5 * 1024 * 1024;

    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

/// The "images" tool provider: view_image.
std::unique_ptr<ThreadedToolProvider> makeImagesToolProvider();

} // namespace valis::tools
