#pragma once

#include <QMetaType>
#include <QString>
#include <QtGlobal>

#include <chrono>

namespace valis::codemode {

/// What one run_script call may use. The defaults are the ones the tool description states.
struct ScriptLimits
{
    /// From start to the returned value, nested tool calls included.
    std::chrono::milliseconds wallTime = std::chrono::seconds(30);
    /// The engine's heap (JSGC_MAX_BYTES) and, where the platform tells, the growth of the
    /// process's resident memory while the script runs (typed arrays and array elements live
    /// outside the GC heap).
    qint64 memoryBytes = 256LL * 1024 * 1024;
    /// Nested tool calls one script may start.
    int maxToolCalls = 100;
    /// The console output and the returned value together, in UTF-8 bytes.
    qint64 maxOutputBytes = 200LL * 1024;
};

/// Why a script was stopped before it settled.
enum class ScriptStop { None, WallTime, Memory, ToolCalls, OutputSize, Cancelled, EngineFailure };

/// How a script ended: its returned value (JSON text unless it returned a string), what it
/// logged, or the error that ended it (with line and column where the engine knows them).
struct ScriptOutcome
{
    bool ok = false;
    /// ok: the returned value; a string as is, anything else as JSON; empty for undefined.
    QString value = {};
    /// console.log/info/warn/error lines, in order.
    QString logs = {};
    /// !ok: what ended the script, for the model ("TypeError: x is undefined (line 3, column 7)").
    QString error = {};
    ScriptStop stop = ScriptStop::None;
    int toolCalls = 0;
};

/// The error text naming a limit, as the model reads it ("run_script stopped: wall time limit of 30 s reached").
QString limitMessage(ScriptStop stop, const ScriptLimits &limits);

} // namespace valis::codemode

Q_DECLARE_METATYPE(valis::codemode::ScriptOutcome)
