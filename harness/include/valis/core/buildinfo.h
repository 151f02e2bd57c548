#pragma once

#include "valis/harness_export.h"

#include <QString>

namespace valis {

/// What this build of Valis is: the facts `valis --version`, `valis-cli --version` and the
/// About dialog show, gathered in one place so they always say the same.
struct BuildInfo
{
    QString version;      ///< Valis's own version ("0.1.0")
    QString qtBuilt;      ///< the Qt Valis was compiled against
    QString qtRunning;    ///< the Qt loaded now (differs when the system's Qt was upgraded)
    int pluginApi = 0;    ///< the plugin API version plugins must be built for
    QString sqliteVersion; ///< the SQLite library the session store runs on
};

VALIS_HARNESS_EXPORT BuildInfo buildInfo();

/// The lines after the first of `--version`: the Qt version (both when the running one differs
/// from the one built against) and the plugin API version, translated.
VALIS_HARNESS_EXPORT QStringList versionFacts();

/// The whole `--version` text for `program` ("valis", "valis-cli"): "program 0.1.0" on the first
/// line (help2man reads the name and version from it), then versionFacts(), then the copyright.
VALIS_HARNESS_EXPORT QString versionText(const QString &program);

/// "Copyright (C) 2026 the Valis developers. All rights reserved.", translated: Valis is
/// proprietary (LicenseRef-proprietary in its AppStream metadata).
VALIS_HARNESS_EXPORT QString copyrightNotice();

} // namespace valis
