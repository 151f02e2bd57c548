#pragma once

#include "eventloopwait.h"

#include <QVariant>
#include <QWebEnginePage>

#include <optional>

namespace valis::bench {

/// Runs `script` in `page` and returns its value, spinning the event loop meanwhile; nothing
/// when the page does not answer within 30 s.
inline std::optional<QVariant> evaluateInPage(QWebEnginePage *page, const QString &script)
{
    QVariant result;
    bool done = false;
    page->runJavaScript(script, [&result, &done](const QVariant &value) {
        result = value;
        done = true;
    });
    if (!spinUntil([&done] { return done; }, 30000))
        return std::nullopt;
    return result;
}

} // namespace valis::bench
