#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/provider.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace valis {

class ProviderStream;

/// An optional capability of a Provider: the exact bytes its stream() would send for a request.
///
/// A provider implements it by calling the same function its stream() serialises the request
/// with, so the request inspector can rebuild a recorded request and compare the SHA-256 of the
/// rebuilt body with the one recorded when it was sent. Found with dynamic_cast on the Provider;
/// a provider without it is inspected by the provider-independent view hash alone.
class VALIS_HARNESS_EXPORT RequestBodyWriter
{
public:
    virtual ~RequestBodyWriter();
    /// The request body (the HTTP POST payload), byte for byte as stream() sends it.
    virtual QByteArray requestBody(const ProviderRequest &request) const = 0;
};

/// What was hashed of a request body on its way out.
struct VALIS_HARNESS_EXPORT RequestBodyDigest
{
    QString sha256; ///< lower-case hex of the SHA-256 of the bytes sent
    qint64 bytes = 0;
};

/// Marks `stream` with the digest of the body it sends. The transport that puts the bytes on the
/// wire calls it (HttpSseStream does for every SSE provider). It is a dynamic property, so the
/// ProviderStream layout, and with it the plugin API, stays as it is.
VALIS_HARNESS_EXPORT void setRequestBodyDigest(ProviderStream *stream, const QByteArray &body);
/// The digest a stream was marked with, or nullopt when its transport does not hash.
VALIS_HARNESS_EXPORT std::optional<RequestBodyDigest> requestBodyDigest(const ProviderStream *stream);
/// Lower-case hex SHA-256 of `bytes`.
VALIS_HARNESS_EXPORT QString sha256Hex(const QByteArray &bytes);

} // namespace valis
