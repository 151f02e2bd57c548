// The BPE pre-tokeniser (the hand-written form of the split patterns) and the encoder over it,
// for o200k_base and cl100k_base, over any bytes.
//
// Checked: every piece is non-empty and within the text, so the pieces put together are the
// text again; decode(encode(x)) == x; count(x) == encode(x).size().
#include "fuzzsupport.h"
#include "tokens/pretokenizer.h"

#include "valis/tokens/bpeencoding.h"

#include <QFile>

namespace {

std::shared_ptr<const valis::BpeEncoding> loadEncoding(const QString &name)
{
    // From the npm package the build embeds it from (VALIS_TOKENIZER_DIR), not the library's
    // resource: the fuzz build links the parsers without the resources.
    QFile file(QStringLiteral(VALIS_TOKENIZER_DIR "/%1.tiktoken").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        valis::fuzz::fail(__FILE__, __LINE__, QStringLiteral("cannot read ") + file.fileName());
    auto encoding = valis::BpeEncoding::fromRankFile(name, file.readAll());
    if (!encoding.ok())
        valis::fuzz::fail(__FILE__, __LINE__, encoding.error().toString());
    return *encoding;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace valis;
    using namespace valis::fuzz;
    using valis::tokens::PreTokenizer;
    static const std::shared_ptr<const BpeEncoding> encodings[] = {loadEncoding(QStringLiteral("o200k_base")),
                                                                   loadEncoding(QStringLiteral("cl100k_base"))};
    const QByteArray text = bytes(data, size);
    const auto *utf8 = reinterpret_cast<const uchar *>(text.constData());
    for (PreTokenizer::Pattern pattern : {PreTokenizer::Pattern::O200k, PreTokenizer::Pattern::Cl100k}) {
        const PreTokenizer pretokenizer(pattern);
        for (qsizetype position = 0; position < text.size();) {
            const qsizetype end = pretokenizer.next(utf8, position, text.size());
            VALIS_FUZZ_CHECK(end > position && end <= text.size(),
                             QStringLiteral("the piece at %1 ends at %2 of %3").arg(position).arg(end).arg(text.size()));
            position = end;
        }
    }
    for (const std::shared_ptr<const BpeEncoding> &encoding : encodings) {
        const std::vector<quint32> ids = encoding->encode(QByteArrayView(text));
        VALIS_FUZZ_CHECK(encoding->count(QByteArrayView(text)) == qint64(ids.size()),
                         encoding->name() + QStringLiteral(": count() differs from encode()"));
        VALIS_FUZZ_CHECK(encoding->decode(ids) == text, encoding->name() + QStringLiteral(": decode(encode(x)) is not x"));
    }
    return 0;
}
