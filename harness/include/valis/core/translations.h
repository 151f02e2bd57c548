#pragma once

#include "valis/harness_export.h"

#include <QLocale>

class QCoreApplication;

namespace valis {

/// Installs Valis's translations (compiled into the harness from translations/*.ts) and Qt's
/// own for `locale` on `app`. Languages without a translation stay English. Both `valis` and
/// `valis-cli` call this once at start.
VALIS_HARNESS_EXPORT void installTranslations(QCoreApplication &app, const QLocale &locale = QLocale());

} // namespace valis
