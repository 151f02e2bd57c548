#pragma once

#include "conversationscheme.h"

#include <QCoreApplication>

#include <unistd.h>

namespace valis::bench {

/// What a bench showing the conversation page does before it makes its QApplication: Chromium
/// without its sandbox as root (it refuses to start otherwise), the page's scheme registered,
/// and shared GL contexts, as the app's main() does.
inline void prepareConversationApp()
{
    if (::geteuid() == 0 && !qEnvironmentVariable("QTWEBENGINE_CHROMIUM_FLAGS").contains(QLatin1String("--no-sandbox")))
        qputenv("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox");
    valis::ConversationScheme::registerScheme();
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
}

} // namespace valis::bench
