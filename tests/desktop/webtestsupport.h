#pragma once

// Helpers for tests that drive the real conversation page (Qt WebEngine under Xvfb).

#include "conversationscheme.h"
#include "testsupport.h"

#include <QApplication>
#include <QVariant>
#include <QWebEnginePage>

namespace valis::test {

/// Runs `script` in `page` and returns its value, waiting up to ten seconds for it.
inline QVariant evaluateInPage(QWebEnginePage *page, const QString &script)
{
    QVariant result;
    bool done = false;
    page->runJavaScript(script, [&](const QVariant &value) {
        result = value;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 10000))
        qWarning("the page did not answer: %s", qPrintable(script));
    return result;
}

} // namespace valis::test

/// main() for a suite with the conversation page: the valis: scheme is registered before the
/// application exists, as Qt WebEngine requires.
#define VALIS_WEBENGINE_TEST_MAIN(TestObject)                                                    \
    int main(int argc, char *argv[])                                                             \
    {                                                                                            \
        ::valis::ConversationScheme::registerScheme();                                           \
        QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);                              \
        QApplication app(argc, argv);                                                            \
        TestObject test;                                                                         \
        QTEST_SET_MAIN_SOURCE_PATH                                                               \
        return ::valis::test::runTests(&test, argc, argv);                                       \
    }
