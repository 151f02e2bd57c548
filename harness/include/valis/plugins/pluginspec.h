#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/pluginapi.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVersionNumber>

#include <memory>

class QObject;
class QPluginLoader;

namespace valis {

class Plugin;
struct PluginContext;

/// One dependency as a plugin's metadata declares it.
struct VALIS_HARNESS_EXPORT PluginDependency
{
    enum class Type { Required, Optional };

    QString id;
    QString version; ///< The version the plugin was built against (x.y.z).
    Type type = Type::Required;

    bool operator==(const PluginDependency &other) const = default;
};

/// What the host knows about one plugin file, and where that plugin is in its life cycle.
///
/// Created by PluginManager::scan() for every library in the plugin folders, and owned by the
/// manager. The metadata is read with QPluginLoader::metaData(), which does not run any plugin
/// code. States move forward only:
///
///     Read -> Resolved -> Loaded -> Initialized -> Running -> Stopped
///
/// and a plugin that cannot go on ends in one of
///
///     Invalid   its metadata is missing or wrong (read time); nothing of it is loaded
///     Disabled  not loaded by choice: the user disabled it, safe mode, or another copy overrides it
///     Failed    a dependency problem, or loading / initialising it failed
///
/// reason() says why, in a sentence for people; errors() lists every problem found (metadata
/// validation reports all of them, not only the first). The metadata accessors are meaningful
/// from Read on, and for an Invalid plugin hold whatever could be read.
class VALIS_HARNESS_EXPORT PluginSpec
{
public:
    enum class State { Read, Resolved, Loaded, Initialized, Running, Stopped, Invalid, Disabled, Failed };

    /// A stable lowercase name for listings and JSON output: "read", ..., "failed".
    static QString stateName(State state);

    ~PluginSpec();
    PluginSpec(const PluginSpec &) = delete;
    PluginSpec &operator=(const PluginSpec &) = delete;

    QString filePath() const { return m_filePath; }
    /// The plugin folder the file was found in.
    QString folder() const { return m_folder; }
    /// True for a plugin found in the per-user folder rather than a system folder.
    bool isUserPlugin() const { return m_userPlugin; }

    QString id() const { return m_id; }  ///< Empty when the metadata has no usable id.
    QString name() const { return m_name; }
    QString description() const { return m_description; }
    QString vendor() const { return m_vendor; }
    /// The kind as the metadata spells it; kind() is meaningful only when it is a known one.
    QString kindName() const { return m_kindName; }
    PluginKind kind() const { return m_kind; }
    QString version() const { return m_version; }
    QString compatVersion() const { return m_compatVersion; }
    int apiVersion() const { return m_apiVersion; }
    /// The interface id from Q_PLUGIN_METADATA(IID ...).
    QString interfaceId() const { return m_interfaceId; }
    QList<PluginDependency> dependencies() const { return m_dependencies; }
    /// The plugin's own metadata object (the JSON file it was built with).
    QJsonObject metaData() const { return m_metaData; }

    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }
    /// Why the plugin is Invalid, Disabled or Failed; empty otherwise.
    QString reason() const { return m_reason; }
    QList<Error> errors() const { return m_errors; }
    bool hasErrors() const { return !m_errors.isEmpty(); }
    /// Things worth telling that are not errors: a missing optional dependency, a copy this one
    /// overrides.
    QStringList notes() const { return m_notes; }

    /// True when this plugin can stand in for `version` of itself: compatVersion <= version <=
    /// version(). False when either is not a valid x.y.z version.
    bool provides(const QString &version) const;
    /// The plugins this one depends on that were found in a compatible version (from Resolved on).
    QList<const PluginSpec *> dependencySpecs() const;

    /// The plugin's root object from Loaded until it is stopped; nullptr otherwise.
    QObject *instance() const { return m_instance; }
    /// The same object as a Plugin, from Loaded until it is stopped; nullptr otherwise.
    Plugin *plugin() const { return m_plugin; }

private:
    friend class PluginManager;
    struct ResolvedDependency
    {
        PluginSpec *spec = nullptr;
        PluginDependency::Type type = PluginDependency::Type::Required;
    };

    PluginSpec(const QString &filePath, const QString &folder, int folderIndex, bool userPlugin);

    /// Reads and validates the metadata: Read or Invalid. Defined in pluginspecmetadata.cpp.
    void readMetaData();
    void validateMetaData(const QJsonObject &qtMetaData);
    void readDependencies(const QJsonValue &value);

    void addError(const QString &code, const QString &message);
    void invalidate(const QString &code, const QString &message);
    void fail(const QString &code, const QString &message);
    void disable(const QString &reason);
    void addNote(const QString &note) { m_notes.append(note); }

    /// Resolved -> Loaded (or Failed): loads the library, creates the root object, checks its
    /// interface.
    void load();
    /// Loaded -> Initialized (or Failed).
    void initialize(const PluginContext &context);
    void markRunning();
    /// Initialized/Running -> Stopped: shutdown() and delete the root object.
    void stop();
    void deleteInstance();

    QString m_filePath;
    QString m_folder;
    int m_folderIndex = 0;
    bool m_userPlugin = false;
    bool m_overridden = false; ///< Disabled because a copy in a later folder has the same id.

    QString m_id;
    QString m_name;
    QString m_description;
    QString m_vendor;
    QString m_kindName;
    PluginKind m_kind = PluginKind::Provider;
    QString m_version;
    QString m_compatVersion;
    QVersionNumber m_parsedVersion;
    QVersionNumber m_parsedCompatVersion;
    int m_apiVersion = -1;
    QString m_interfaceId;
    QList<PluginDependency> m_dependencies;
    QJsonObject m_metaData;

    State m_state = State::Read;
    QString m_reason;
    QList<Error> m_errors;
    QStringList m_notes;
    QList<ResolvedDependency> m_resolved;

    std::unique_ptr<QPluginLoader> m_loader;
    QObject *m_instance = nullptr;
    Plugin *m_plugin = nullptr;
};

} // namespace valis
