#include "addresspolicy.h"

#include <QStringList>

#include <array>

namespace valis::web {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

namespace {

struct Block4
{
    quint32 network;
    int prefix;
    AddressVerdict verdict;
};

constexpr quint32 ip4(int a, int b, int c, int d)
{
    return (quint32(a) << 24) | (quint32(b) << 16) | (quint32(c) << 8) | quint32(d);
}

// Order matters: the first block that contains the address decides (metadata before link-local).
constexpr std::array<Block4, 19> Ipv4Blocks{{
    {ip4(169, 254, 169, 254), 32, AddressVerdict::Metadata}, // AWS, GCP, Azure, OpenStack ...
    {ip4(168, 63, 129, 16), 32, AddressVerdict::Metadata},   // Azure's wire server
    {ip4(100, 100, 100, 200), 32, AddressVerdict::Metadata}, // Alibaba Cloud
    {ip4(0, 0, 0, 0), 8, AddressVerdict::Unspecified},
    {ip4(10, 0, 0, 0), 8, AddressVerdict::Private},
    {ip4(100, 64, 0, 0), 10, AddressVerdict::SharedAddress},
    {ip4(127, 0, 0, 0), 8, AddressVerdict::Loopback},
    {ip4(169, 254, 0, 0), 16, AddressVerdict::LinkLocal},
    {ip4(172, 16, 0, 0), 12, AddressVerdict::Private},
    {ip4(192, 0, 0, 0), 24, AddressVerdict::Reserved}, // IETF assignments (Oracle's metadata 192.0.0.192)
    {ip4(192, 0, 2, 0), 24, AddressVerdict::Reserved},
    {ip4(192, 88, 99, 0), 24, AddressVerdict::Reserved},
    {ip4(192, 168, 0, 0), 16, AddressVerdict::Private},
    {ip4(198, 18, 0, 0), 15, AddressVerdict::Reserved},
    {ip4(198, 51, 100, 0), 24, AddressVerdict::Reserved},
    {ip4(203, 0, 113, 0), 24, AddressVerdict::Reserved},
    {ip4(224, 0, 0, 0), 4, AddressVerdict::Multicast},
    {ip4(240, 0, 0, 0), 4, AddressVerdict::Reserved}, // includes 255.255.255.255
    {ip4(255, 255, 255, 255), 32, AddressVerdict::Reserved},
}};

bool inBlock(quint32 ip, quint32 network, int prefix)
{
    const quint32 mask = prefix == 0 ? 0 : ~quint32(0) << (32 - prefix);
    return (ip & mask) == (network & mask);
}

quint32 readIPv4(const Q_IPV6ADDR &bytes, int offset)
{
    return (quint32(bytes[offset]) << 24) | (quint32(bytes[offset + 1]) << 16) | (quint32(bytes[offset + 2]) << 8)
           | quint32(bytes[offset + 3]);
}

bool hasPrefix(const Q_IPV6ADDR &bytes, std::initializer_list<quint8> prefix, int bits)
{
    quint8 pattern[16] = {};
    int i = 0;
    for (quint8 byte : prefix)
        pattern[i++] = byte;
    for (int bit = 0; bit < bits; ++bit) {
        const int byte = bit / 8;
        const quint8 m = quint8(0x80 >> (bit % 8));
        if ((bytes[byte] & m) != (pattern[byte] & m))
            return false;
    }
    return true;
}

} // namespace

AddressVerdict AddressPolicy::classifyIPv4(quint32 ip) const
{
    for (const Block4 &block : Ipv4Blocks) {
        if (inBlock(ip, block.network, block.prefix)) {
            if (block.verdict == AddressVerdict::Loopback && m_loopback == LoopbackPolicy::Allow)
                return AddressVerdict::Allowed;
            return block.verdict;
        }
    }
    return AddressVerdict::Allowed;
}

AddressVerdict AddressPolicy::classify(const QHostAddress &address) const
{
    if (address.isNull())
        return AddressVerdict::Unspecified;
    if (address.protocol() == QAbstractSocket::IPv4Protocol)
        return classifyIPv4(address.toIPv4Address());

    const Q_IPV6ADDR b = address.toIPv6Address();
    // ::/96 holds ::, ::1 and the deprecated IPv4-compatible addresses; ::ffff:0:0/96 the mapped ones.
    if (hasPrefix(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 96)) {
        const quint32 low = readIPv4(b, 12);
        if (low == 0)
            return AddressVerdict::Unspecified;
        if (low == 1)
            return m_loopback == LoopbackPolicy::Allow ? AddressVerdict::Allowed : AddressVerdict::Loopback;
        const AddressVerdict embedded = classifyIPv4(low);
        return embedded == AddressVerdict::Allowed ? AddressVerdict::Reserved : embedded;
    }
    if (hasPrefix(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}, 96))
        return classifyIPv4(readIPv4(b, 12));
    // NAT64: the well-known prefix carries an IPv4 address; the local-use one is a private network.
    if (hasPrefix(b, {0x00, 0x64, 0xff, 0x9b}, 96))
        return classifyIPv4(readIPv4(b, 12));
    if (hasPrefix(b, {0x00, 0x64, 0xff, 0x9b, 0x00, 0x01}, 48))
        return AddressVerdict::Private;
    // 6to4 carries its IPv4 address in bits 16..47.
    if (hasPrefix(b, {0x20, 0x02}, 16))
        return classifyIPv4(readIPv4(b, 2));
    // Teredo: the server's address in bits 32..63, the client's inverted in the last 32.
    if (hasPrefix(b, {0x20, 0x01, 0x00, 0x00}, 32)) {
        const AddressVerdict server = classifyIPv4(readIPv4(b, 4));
        const AddressVerdict client = classifyIPv4(~readIPv4(b, 12));
        return server != AddressVerdict::Allowed ? server : client;
    }
    if (hasPrefix(b, {0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54}, 128))
        return AddressVerdict::Metadata; // AWS's IPv6 instance metadata, fd00:ec2::254
    if (hasPrefix(b, {0xfe, 0x80}, 10))
        return AddressVerdict::LinkLocal;
    if (hasPrefix(b, {0xfe, 0xc0}, 10) || hasPrefix(b, {0xfc, 0x00}, 7))
        return AddressVerdict::Private;
    if (hasPrefix(b, {0xff}, 8))
        return AddressVerdict::Multicast;
    if (hasPrefix(b, {0x20, 0x01, 0x0d, 0xb8}, 32) || hasPrefix(b, {0x20, 0x01, 0x00, 0x10}, 28)
        || hasPrefix(b, {0x20, 0x01, 0x00, 0x20}, 28) || hasPrefix(b, {0x20, 0x01, 0x00, 0x02, 0x00, 0x00}, 48))
        return AddressVerdict::Reserved; // documentation, ORCHID, benchmarking
    // Only global unicast (2000::/3) is on the Internet.
    if (!hasPrefix(b, {0x20}, 3))
        return AddressVerdict::Reserved;
    return AddressVerdict::Allowed;
}

bool AddressPolicy::isMetadataHostName(const QString &host)
{
    static const QStringList names{QStringLiteral("metadata"), QStringLiteral("metadata.google.internal"),
                                   QStringLiteral("metadata.goog"), QStringLiteral("instance-data"),
                                   QStringLiteral("instance-data.ec2.internal"), QStringLiteral("metadata.azure.internal"),
                                   QStringLiteral("metadata.platformequinix.com")};
    QString name = host.toLower();
    while (name.endsWith(QLatin1Char('.')))
        name.chop(1);
    return names.contains(name);
}

QString AddressPolicy::describe(AddressVerdict verdict)
{
    switch (verdict) {
    case AddressVerdict::Allowed:
        return QStringLiteral("a public address");
    case AddressVerdict::Loopback:
        return QStringLiteral("a loopback address (this machine)");
    case AddressVerdict::Private:
        return QStringLiteral("a private network address");
    case AddressVerdict::LinkLocal:
        return QStringLiteral("a link-local address");
    case AddressVerdict::Metadata:
        return QStringLiteral("a cloud metadata service");
    case AddressVerdict::SharedAddress:
        return QStringLiteral("a carrier-grade NAT address (100.64.0.0/10)");
    case AddressVerdict::Multicast:
        return QStringLiteral("a multicast address");
    case AddressVerdict::Unspecified:
        return QStringLiteral("an unspecified address");
    case AddressVerdict::Reserved:
        return QStringLiteral("a reserved address");
    }
    return QStringLiteral("a refused address");
}

QString normalizedHost(const QUrl &url)
{
    QString host = url.host(QUrl::FullyDecoded);
    if (host.isEmpty())
        return {};
    // An IPv6 literal keeps its colons; a name becomes its ASCII (punycode) form.
    if (!host.contains(QLatin1Char(':'))) {
        const QByteArray ace = QUrl::toAce(host);
        if (!ace.isEmpty())
            host = QString::fromLatin1(ace);
    }
    host = host.toLower();
    while (host.endsWith(QLatin1Char('.')))
        host.chop(1);
    return host;
}

} // namespace valis::web
