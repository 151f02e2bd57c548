#pragma once

#include <QString>
#include <QStringList>

#include <js/RootingAPI.h>
#include <js/TypeDecls.h>

// What a script sees of the host (`tools`, `console`) and the conversions between engine values
// and the host's text. Everything here runs on an engine thread, inside the script's realm.
namespace valis::codemode {

/// Defines the frozen `tools` (one async function per name) and `console` on `global`.
bool defineBridge(JSContext *cx, JS::HandleObject global, const QStringList &toolNames);
/// A thrown value as the model reads it: "TypeError: x is undefined (line 3, column 7)".
QString describeException(JSContext *cx, JS::HandleValue exception);
/// A returned value as text: a string as is, undefined as nothing, anything else as JSON.
bool returnedText(JSContext *cx, JS::HandleValue value, QString *text);
/// A tool's result as a script value: parsed when it is a JSON object or array, else the text.
bool toolValue(JSContext *cx, const QString &text, JS::MutableHandleValue value);
/// A tool's error result as the Error its promise rejects with.
bool toolError(JSContext *cx, const QString &text, JS::MutableHandleValue value);

// Implemented by the engine thread (enginethread.cpp): the running job's counters and calls.
bool bridgeCountCall();
bool bridgeLog(const QString &line);
void bridgeStartCall(JSContext *cx, const QString &toolName, const QString &argumentsJson, JS::HandleObject promise);

} // namespace valis::codemode
