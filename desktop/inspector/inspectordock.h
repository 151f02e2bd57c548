#pragma once

#include "inspectorworker.h"

#include "valis/core/datalocations.h"

#include <QDockWidget>
#include <QThread>

namespace valis {

class InspectorView;
class PluginManager;

/// The context inspector as a dock of the main window: an InspectorView fed by an
/// InspectorWorker on its own thread. It starts hidden and comes forward when asked to show a
/// request (from the context gauge or "What did the model see?" on an answer).
class InspectorDock : public QDockWidget
{
    Q_OBJECT

public:
    InspectorDock(const DataLocations &locations, QWidget *parent = nullptr);
    ~InspectorDock() override;

    /// Shows request `query` of its session, raising the dock; the inspection runs on the
    /// worker thread and supersedes any still running.
    void showQuery(const InspectionQuery &query);
    InspectorView *view() const { return m_view; }
    QString sessionId() const { return m_sessionId; }
    /// The loaded plugins, whose providers' body writers let the inspector check the body hash
    /// (nullptr: only the view hash is checked).
    void setPlugins(PluginManager *plugins) { m_plugins = plugins; }
    /// Ends the worker thread (before the plugins it may use go).
    void stop();
    /// Whether the last request of its session is shown (or being fetched): it follows new turns.
    bool showsLastRequest() const;
    /// Whether an inspection is running.
    bool isBusy() const { return m_pending != 0; }

Q_SIGNALS:
    /// An inspection arrived and is shown (for tests and the status bar).
    void inspectionShown(const QJsonObject &inspection);
    void inspectionFailed(const QString &message);

private:
    InspectorView *m_view = nullptr;
    QThread m_thread;
    InspectorWorker *m_worker = nullptr;
    PluginManager *m_plugins = nullptr;
    QString m_sessionId;
    int m_generation = 0;
    int m_pending = 0; ///< the generation being inspected, 0 when none
    bool m_askedForLast = false; ///< the pending inspection is of the last request
};

} // namespace valis
