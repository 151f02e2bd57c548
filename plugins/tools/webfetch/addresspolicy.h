#pragma once

#include <QHostAddress>
#include <QString>
#include <QUrl>

namespace valis::web {

/// Whether fetch_url may connect to loopback addresses (a test-only switch of config/web.json).
enum class LoopbackPolicy { Refuse, Allow };

/// Why an address may not be fetched; Allowed when it may.
enum class AddressVerdict {
    Allowed,
    Loopback,      ///< 127.0.0.0/8, ::1: refused unless LoopbackPolicy::Allow
    Private,       ///< 10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10
    LinkLocal,     ///< 169.254/16, fe80::/10
    Metadata,      ///< cloud metadata services (169.254.169.254, fd00:ec2::254, 168.63.129.16 ...)
    SharedAddress, ///< 100.64/10 (carrier-grade NAT)
    Multicast,
    Unspecified,   ///< 0.0.0.0/8, ::
    Reserved,      ///< documentation, benchmarking, 240/4, broadcast, and IPv6 outside 2000::/3
};

/// The SSRF guard of fetch_url: which addresses and host names it refuses to reach. Addresses
/// wrapped in IPv6 (IPv4-mapped and -compatible, 6to4, Teredo, NAT64) are judged by the IPv4
/// address they carry. Loopback is the only class a setting can let through: link-local,
/// metadata and private addresses stay refused whatever the settings say.
class AddressPolicy
{
public:
    explicit AddressPolicy(LoopbackPolicy loopback) : m_loopback(loopback) {}

    AddressVerdict classify(const QHostAddress &address) const;
    bool allows(const QHostAddress &address) const { return classify(address) == AddressVerdict::Allowed; }

    /// Host names that name a metadata service or an internal resolver ("metadata.google.internal",
    /// "instance-data"), refused before any lookup.
    static bool isMetadataHostName(const QString &host);

    /// "a private address (10.0.0.0/8 ...)" for messages the model reads.
    static QString describe(AddressVerdict verdict);

private:
    AddressVerdict classifyIPv4(quint32 ip) const;

    LoopbackPolicy m_loopback;
};

/// The host of `url` as fetch_url compares and approves it: lowercase, IDNA (ACE) encoded,
/// without a trailing dot; empty when the URL has none.
QString normalizedHost(const QUrl &url);

} // namespace valis::web
