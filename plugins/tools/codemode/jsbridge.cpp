#include "jsbridge.h"

#include <js/Conversions.h>
#include <js/ErrorReport.h>
#include <js/Exception.h>
#include <js/JSON.h>
#include <js/Object.h>
#include <js/Promise.h>
#include <js/PropertyAndElement.h>
#include <js/String.h>
#include <jsapi.h>
#include <jsfriendapi.h>

#include <mozilla/Range.h>

namespace valis::codemode {

// What the model reads is English and not tr()'d.

namespace {

constexpr unsigned Frozen = JSPROP_ENUMERATE | JSPROP_READONLY | JSPROP_PERMANENT;

QString toQString(JSContext *cx, JSString *string)
{
    JS::RootedString rooted(cx, string);
    QString text(qsizetype(JS_GetStringLength(rooted)), Qt::Uninitialized);
    if (!JS_CopyStringChars(cx, mozilla::Range<char16_t>(reinterpret_cast<char16_t *>(text.data()), size_t(text.size())),
                            rooted))
        return {};
    return text;
}

JSString *fromQString(JSContext *cx, const QString &text)
{
    return JS_NewUCStringCopyN(cx, reinterpret_cast<const char16_t *>(text.utf16()), size_t(text.size()));
}

bool appendJson(const char16_t *chars, uint32_t length, void *data)
{
    static_cast<QString *>(data)->append(QStringView(chars, qsizetype(length)));
    return true;
}

bool stringify(JSContext *cx, JS::HandleValue value, QString *text)
{
    JS::RootedValue copy(cx, value);
    return JS_Stringify(cx, &copy, nullptr, JS::UndefinedHandleValue, appendJson, text);
}

// A console argument: strings as they are, other values as JSON where they have it.
QString logText(JSContext *cx, JS::HandleValue value)
{
    if (value.isString())
        return toQString(cx, value.toString());
    if (value.isUndefined())
        return QStringLiteral("undefined");
    QString text;
    if (!value.isSymbol() && stringify(cx, value, &text) && !text.isEmpty())
        return text;
    JS_ClearPendingException(cx);
    if (value.isSymbol())
        return QStringLiteral("Symbol()");
    JSString *string = JS::ToString(cx, value);
    if (!string) {
        JS_ClearPendingException(cx);
        return QStringLiteral("[value]");
    }
    return toQString(cx, string);
}

bool toolNative(JSContext *cx, unsigned argc, JS::Value *vp)
{
    JS::CallArgs args = JS::CallArgsFromVp(argc, vp);
    const QString name = toQString(cx, js::GetFunctionNativeReserved(&args.callee(), 0).toString());
    QString json;
    if (args.get(0).isUndefined()) {
        json = QStringLiteral("{}");
    } else if (!stringify(cx, args.get(0), &json)) {
        return false;
    }
    // A call past the limit ends the script (no exception: nothing can catch it).
    if (!bridgeCountCall())
        return false;
    JS::RootedObject promise(cx, JS::NewPromiseObject(cx, nullptr));
    if (!promise)
        return false;
    bridgeStartCall(cx, name, json, promise);
    args.rval().setObject(*promise);
    return true;
}

bool consoleNative(JSContext *cx, unsigned argc, JS::Value *vp)
{
    JS::CallArgs args = JS::CallArgsFromVp(argc, vp);
    const QString level = toQString(cx, js::GetFunctionNativeReserved(&args.callee(), 0).toString());
    QStringList parts;
    for (unsigned i = 0; i < args.length(); ++i)
        parts.append(logText(cx, args[i]));
    QString line = parts.join(QLatin1Char(' '));
    if (level == QLatin1String("warn") || level == QLatin1String("error"))
        line = QLatin1Char('[') + level + QStringLiteral("] ") + line;
    if (!bridgeLog(line))
        return false;
    args.rval().setUndefined();
    return true;
}

bool defineFunction(JSContext *cx, JS::HandleObject target, const QString &name, JSNative native, const QString &slot)
{
    const QByteArray utf8 = name.toUtf8();
    JSFunction *function = js::NewFunctionWithReserved(cx, native, 1, 0, utf8.constData());
    if (!function)
        return false;
    JS::RootedObject object(cx, JS_GetFunctionObject(function));
    JS::RootedString slotString(cx, fromQString(cx, slot));
    if (!slotString)
        return false;
    js::SetFunctionNativeReserved(object, 0, JS::StringValue(slotString));
    return JS_DefineUCProperty(cx, target, reinterpret_cast<const char16_t *>(name.utf16()), size_t(name.size()), object,
                               Frozen);
}

} // namespace

bool defineBridge(JSContext *cx, JS::HandleObject global, const QStringList &toolNames)
{
    JS::RootedObject tools(cx, JS_NewPlainObject(cx));
    if (!tools)
        return false;
    QStringList names = toolNames;
    names.sort();
    for (const QString &name : std::as_const(names)) {
        if (!defineFunction(cx, tools, name, toolNative, name))
            return false;
    }
    JS::RootedObject console(cx, JS_NewPlainObject(cx));
    if (!console)
        return false;
    for (const char *level : {"log", "info", "warn", "error", "debug"}) {
        if (!defineFunction(cx, console, QString::fromLatin1(level), consoleNative, QString::fromLatin1(level)))
            return false;
    }
    // Frozen, with their functions: a script cannot swap a tool for its own function or hang
    // data on the bridge for the next script (each script gets a new global anyway).
    return JS_DeepFreezeObject(cx, tools) && JS_DeepFreezeObject(cx, console)
           && JS_DefineProperty(cx, global, "tools", tools, Frozen) && JS_DefineProperty(cx, global, "console", console, Frozen);
}

QString describeException(JSContext *cx, JS::HandleValue exception)
{
    if (exception.isObject()) {
        JS::RootedObject object(cx, &exception.toObject());
        if (JSErrorReport *report = JS_ErrorFromException(cx, object)) {
            QString name = QStringLiteral("Error");
            JS::RootedValue nameValue(cx);
            if (JS_GetProperty(cx, object, "name", &nameValue) && nameValue.isString())
                name = toQString(cx, nameValue.toString());
            JS_ClearPendingException(cx);
            QString text = name + QStringLiteral(": ") + QString::fromUtf8(report->message().c_str());
            // Line 0 is the wrapper: an error made by the host (a tool's error) has no line of its own.
            if (report->lineno > 0)
                text += QStringLiteral(" (line %1, column %2)").arg(report->lineno).arg(report->column + 1);
            return text;
        }
    }
    return QStringLiteral("Uncaught exception: ") + logText(cx, exception);
}

bool returnedText(JSContext *cx, JS::HandleValue value, QString *text)
{
    if (value.isUndefined()) {
        text->clear();
        return true;
    }
    if (value.isString()) {
        *text = toQString(cx, value.toString());
        return true;
    }
    return stringify(cx, value, text);
}

bool toolValue(JSContext *cx, const QString &text, JS::MutableHandleValue value)
{
    const QStringView trimmed = QStringView(text).trimmed();
    if (trimmed.startsWith(QLatin1Char('{')) || trimmed.startsWith(QLatin1Char('['))) {
        if (JS_ParseJSON(cx, reinterpret_cast<const char16_t *>(text.utf16()), uint32_t(text.size()), value))
            return true;
        if (JS_IsThrowingOutOfMemory(cx))
            return false;
        JS_ClearPendingException(cx);
    }
    JSString *string = fromQString(cx, text);
    if (!string)
        return false;
    value.setString(string);
    return true;
}

bool toolError(JSContext *cx, const QString &text, JS::MutableHandleValue value)
{
    JS_ReportErrorUTF8(cx, "%s", text.toUtf8().constData());
    if (!JS_GetPendingException(cx, value))
        return false;
    JS_ClearPendingException(cx);
    return true;
}

} // namespace valis::codemode
