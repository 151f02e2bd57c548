#pragma once

#include "valis/harness_export.h"

#include <QByteArrayView>
#include <QString>

namespace valis {

/// A new time-ordered id: `prefix-` followed by 18 base32 characters (48 bits of milliseconds
/// since the epoch, then 40 bits, random for the first id of a millisecond and counted up for
/// the next), so ids sort by creation time as plain strings and one process never repeats one.
VALIS_HARNESS_EXPORT QString newTimeOrderedId(QStringView prefix);

/// A short content-addressed id: `prefix-` followed by the first `hexDigits` hex digits of the
/// SHA-256 of `content`. Used for pointers the model sees (`r-3f9a2c`), never for record ids.
VALIS_HARNESS_EXPORT QString contentId(QStringView prefix, QByteArrayView content, int hexDigits = 6);

} // namespace valis
