#pragma once

#include <QString>
#include <QUrl>

namespace valis::providers::openaichat {

/// The API root of an OpenAI-compatible server from what a person or OLLAMA_HOST wrote.
///
/// The rule, applied to the text of `written` (trimmed):
/// 1. No "://": it is Ollama's bare form "host[:port][/path]": "http://" is put in front, and
///    the port is 11434 (Ollama's) when none is given. With a scheme the URL's own (or the
///    scheme's default) port stands.
/// 2. The host 0.0.0.0 (what a server listens on, not an address to call) becomes 127.0.0.1.
/// 3. A URL without a path (or just "/") gets "/v1", Ollama's OpenAI-compatible root; a URL with
///    a path keeps it as written ("http://host:1234/v1", "https://openrouter.ai/api/v1",
///    "https://api.z.ai/api/coding/paas/v4"), trailing '/' removed.
/// So "localhost:11434", "http://localhost:11434", "http://localhost:11434/" and
/// "http://localhost:11434/v1/" all become "http://localhost:11434/v1". An empty text gives an
/// empty URL.
QUrl compatibleBaseUrl(const QString &written);

} // namespace valis::providers::openaichat
