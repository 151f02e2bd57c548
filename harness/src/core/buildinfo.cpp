#include "valis/core/buildinfo.h"

#include <QCoreApplication>
#include <QStringList>

#include <sqlite3.h>

namespace valis {

BuildInfo buildInfo()
{
    BuildInfo info;
    info.version = QStringLiteral(VALIS_VERSION_STRING);
    info.qtBuilt = QStringLiteral(QT_VERSION_STR);
    info.qtRunning = QString::fromLatin1(qVersion());
    info.pluginApi = VALIS_PLUGIN_API_VERSION;
    info.sqliteVersion = QString::fromLatin1(sqlite3_libversion());
    return info;
}

QStringList versionFacts()
{
    const BuildInfo info = buildInfo();
    const QString qt = info.qtRunning == info.qtBuilt
                           ? QCoreApplication::translate("valis::BuildInfo", "Qt %1").arg(info.qtRunning)
                           : QCoreApplication::translate("valis::BuildInfo", "Qt %1 (built against Qt %2)").arg(info.qtRunning, info.qtBuilt);
    return {qt, QCoreApplication::translate("valis::BuildInfo", "Plugin API version %1").arg(info.pluginApi)};
}

QString versionText(const QString &program)
{
    // help2man takes the program's name and version from the first line, and a paragraph
    // starting "Copyright (C)" (the translations keep those words) for its COPYRIGHT section.
    return program + QLatin1Char(' ') + buildInfo().version + QLatin1Char('\n') + versionFacts().join(QLatin1Char('\n'))
         + QStringLiteral("\n\n") + copyrightNotice() + QLatin1Char('\n');
}

QString copyrightNotice()
{
    return QCoreApplication::translate("valis::BuildInfo", "Copyright (C) 2026 the Valis developers. All rights reserved.");
}

} // namespace valis
