#include "valis/core/ids.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QRandomGenerator>

namespace valis {

QString newTimeOrderedId(QStringView prefix)
{
    static constexpr char alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32
    const quint64 millis = quint64(QDateTime::currentMSecsSinceEpoch()) & 0xFFFFFFFFFFFFull;
    const quint64 random = QRandomGenerator::system()->generate();
    // 80 bits: 48 of time, 32 of randomness, written as 16 characters of 5 bits each.
    QString id = prefix.toString() + QLatin1Char('-');
    for (int i = 0; i < 16; ++i) {
        const int bit = 75 - i * 5; // position of this character's lowest bit in the 80-bit value
        quint64 chunk;
        if (bit >= 32)
            chunk = millis >> (bit - 32);
        else if (bit + 5 <= 32)
            chunk = random >> bit;
        else
            chunk = (millis << (32 - bit)) | (random >> bit);
        id += QLatin1Char(alphabet[chunk & 0x1F]);
    }
    return id;
}

QString contentId(QStringView prefix, QByteArrayView content, int hexDigits)
{
    const QByteArray hash = QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex();
    return prefix.toString() + QLatin1Char('-') + QString::fromLatin1(hash.left(hexDigits));
}

} // namespace valis
