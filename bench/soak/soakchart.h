#pragma once

#include "soaksampler.h"

#include <QImage>
#include <QList>
#include <QString>

namespace valis::bench {

/// The curve of a soak run as a picture: PSS of the tree and of the app process, descriptors
/// and threads, the store's size and the turns done, against minutes, with the end of the
/// warm-up marked. Drawn with QPainter (no chart library needed).
QImage soakChart(const QList<SoakSample> &samples, double warmupMinutes, const QString &title);

} // namespace valis::bench
