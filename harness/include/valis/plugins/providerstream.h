#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/providerevent.h"
#include "valis/plugins/providerfailure.h"

#include <QObject>

namespace valis {

/// One streamed model request in flight (turn-scoped).
///
/// Created by Provider::stream() with a parent the caller chooses; the caller deletes it (or
/// lets its parent do so) after finished() or failed(). It emits eventReceived() for each
/// normalised event in order, then exactly one of finished() (after a Stopped event) or
/// failed(). Signals are emitted from the thread the stream was created in, never from inside
/// stream() itself, so a caller can connect after stream() returns.
///
/// Events already emitted stay valid when the stream fails afterwards: the host keeps the
/// partial answer (marked interrupted) and never runs a tool call that did not see its
/// ToolCallFinished.
class VALIS_HARNESS_EXPORT ProviderStream : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~ProviderStream() override;

    /// Stops the request. The stream then emits failed() with Kind::Cancelled (unless it
    /// already finished); it emits nothing else afterwards.
    virtual void cancel() = 0;

Q_SIGNALS:
    void eventReceived(const valis::ProviderEvent &event);
    void finished();
    /// The request failed; see ProviderFailure for the facts it carries.
    void failed(const valis::ProviderFailure &failure);
};

} // namespace valis
