#include "valis/core/ids.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QMutex>
#include <QRandomGenerator>

namespace valis {

namespace {

constexpr char alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32
constexpr int randomBits = 40;
constexpr quint64 randomMask = (quint64(1) << randomBits) - 1;

/// Appends the low `bits` bits of `value` as base32, most significant first.
void appendBase32(QString &out, quint64 value, int bits)
{
    for (int shift = bits - 5; shift >= 0; shift -= 5)
        out += QLatin1Char(alphabet[(value >> shift) & 0x1F]);
}

} // namespace

QString newTimeOrderedId(QStringView prefix)
{
    // 48 bits of milliseconds, then 40 bits that are random for the first id of a millisecond
    // and incremented for the next ones (as ULID's monotonic mode does): ids made by one
    // process are strictly increasing and never collide, ids of different processes collide
    // only with negligible probability.
    static QMutex mutex;
    static quint64 lastMillis = 0;
    static quint64 lastRandom = 0;
    quint64 millis = quint64(QDateTime::currentMSecsSinceEpoch()) & 0xFFFFFFFFFFFFull;
    quint64 random;
    {
        QMutexLocker locker(&mutex);
        if (millis <= lastMillis && lastRandom < randomMask) {
            millis = lastMillis;
            random = lastRandom + 1;
        } else {
            millis = qMax(millis, lastMillis + (millis <= lastMillis ? 1 : 0));
            random = QRandomGenerator::global()->generate64() & (randomMask >> 1); // room to count up
        }
        lastMillis = millis;
        lastRandom = random;
    }
    QString id = prefix.toString() + QLatin1Char('-');
    appendBase32(id, millis, 50); // 48 bits, padded to whole characters
    appendBase32(id, random, randomBits);
    return id;
}

QString contentId(QStringView prefix, QByteArrayView content, int hexDigits)
{
    const QByteArray hash = QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex();
    return prefix.toString() + QLatin1Char('-') + QString::fromLatin1(hash.left(hexDigits));
}

} // namespace valis
