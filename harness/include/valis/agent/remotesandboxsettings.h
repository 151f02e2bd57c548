#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace valis {

struct RemoteMachineSpec;

/// How Valis uses one remote sandbox service: one section of config/sandboxes.json, keyed by the
/// sandbox id.
///
/// ```json
/// {"version": 1,
///  "daytona": {"image": "python:3.12-slim", "cpus": 2, "memoryGb": 4, "diskGb": 10,
///              "reuse": "", "setupScript": "setup-daytona.sh", "setupVariables": ["GIT_TOKEN"],
///              "environment": {"CI": "1"}, "labels": {"team": "core"},
///              "readyTimeoutSeconds": 180, "idleMinutes": 60, "upload": true,
///              "uploadExclude": [".git", "node_modules"], "keep": false}}
/// ```
struct VALIS_HARNESS_EXPORT RemoteSandboxSettings
{
    QString image;        ///< image, snapshot or blueprint; empty: the service's default
    int cpus = 0;
    int memoryGb = 0;
    int diskGb = 0;
    /// A machine to attach to instead of creating one; it is never deleted by Valis.
    QString reuse;
    /// A shell script run once after the machine is created (a path, relative to the config
    /// folder); `${VAR}` in it is filled only from the variables setupVariables lists.
    QString setupScript;
    QStringList setupVariables;
    QHash<QString, QString> environment;
    QHash<QString, QString> labels;
    int readyTimeoutSeconds = 180;
    /// The service stops the machine after this long idle, should Valis die before cleaning up.
    int idleMinutes = 60;
    /// Copy the local workspace to the machine when the session starts.
    bool upload = true;
    /// Folder and file names never uploaded (anywhere in the tree).
    QStringList uploadExclude{QStringLiteral(".git")};
    /// Keep the machine when the session ends (delete it with `valis-cli sandbox cleanup`).
    bool keep = false;

    /// The section `sandboxId` of config/sandboxes.json in `configDir`; missing file or section:
    /// the defaults. A malformed file is an Error ("sandbox.settings") naming the key.
    static Result<RemoteSandboxSettings> load(const QString &configDir, const QString &sandboxId);
    static QString path(const QString &configDir);

    /// The machine request for session `sessionId`.
    RemoteMachineSpec spec(const QString &sessionId) const;
};

} // namespace valis
