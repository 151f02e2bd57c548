#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QObject>

namespace valis {

/// One command running in a sandbox (turn-scoped).
///
/// Created by Sandbox::start() with a parent the caller chooses; the caller deletes it (or lets
/// its parent do so) after finished() or failed(). Output arrives as it is produced, in order
/// per channel; then exactly one of finished() (the command ran and exited) or failed() (it could
/// not start, timed out, or was killed). Signals are never emitted from inside start().
class VALIS_HARNESS_EXPORT SandboxProcess : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~SandboxProcess() override;

    /// Stops the command and whatever it started. The process then emits failed() with code
    /// "sandbox.killed", unless it had already finished.
    virtual void kill() = 0;

Q_SIGNALS:
    void standardOutputReceived(const QByteArray &data);
    void standardErrorReceived(const QByteArray &data);
    /// The command exited on its own; a non-zero `exitCode` is the command's failure, not the
    /// sandbox's.
    void finished(int exitCode);
    /// "sandbox.start-failed", "sandbox.timeout", "sandbox.killed", or a remote sandbox's errors.
    void failed(const valis::Error &error);
};

} // namespace valis
