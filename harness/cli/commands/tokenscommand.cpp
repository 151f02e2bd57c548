#include "clicontext.h"
#include "commands.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/tokens/bpeencoding.h"
#include "valis/tokens/tokencounter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

namespace valis::cli {

namespace {

/// The text to count: FILE, or standard input for "-" or no argument.
Result<QByteArray> readInput(const QStringList &positional)
{
    QFile file;
    if (positional.isEmpty() || positional.first() == QLatin1String("-")) {
        if (!file.open(stdin, QIODevice::ReadOnly))
            return Error(QStringLiteral("cli.io"), Text::tr("cannot read standard input"));
    } else {
        file.setFileName(positional.first());
        if (!file.open(QIODevice::ReadOnly))
            return Error(QStringLiteral("cli.io"), Text::tr("cannot read %1: %2").arg(positional.first(), file.errorString()));
    }
    return file.readAll();
}

} // namespace

int runTokens(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("tokens");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("file"), Text::tr("The text to count; \"-\" or nothing reads standard input."),
                                 QStringLiteral("[FILE|-]"));
    const QCommandLineOption encodingOption(QStringLiteral("encoding"),
                                            Text::tr("The encoding: o200k_base (default) or cl100k_base."), QStringLiteral("NAME"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         Text::tr("Count as model M does: exactly where its tokenizer is public, else with the "
                                                  "calibrated estimate."),
                                         QStringLiteral("M"));
    const QCommandLineOption idsOption(QStringLiteral("ids"), Text::tr("Print the token ids too."));
    const QCommandLineOption jsonOption(QStringLiteral("json"), Text::tr("Print JSON."));
    parser.addOptions({encodingOption, modelOption, idsOption, jsonOption});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Counts the tokens of a text: exactly for OpenAI's public encodings (o200k_base, "
                                                "cl100k_base), as an estimate for models whose tokenizer is not public."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.isSet(encodingOption) && parser.isSet(modelOption))
        return context.usageError(command, Text::tr("choose --encoding or --model, not both"));
    if (parser.positionalArguments().size() > 1)
        return context.usageError(command, Text::tr("name at most one file"));

    QString encodingName = parser.isSet(encodingOption) ? parser.value(encodingOption) : QStringLiteral("o200k_base");
    QString model;
    bool estimate = false;
    if (parser.isSet(modelOption)) {
        const ModelMatch match = ModelCatalog::load(context.locations()).lookup(parser.value(modelOption));
        if (!match.isKnown())
            return context.fail(command, Error(QStringLiteral("cli.unknown-model"), match.message));
        model = match.model.id;
        estimate = !BpeEncoding::names().contains(match.model.tokenizer);
        encodingName = match.model.tokenizer;
    }
    if (estimate && parser.isSet(idsOption))
        return context.fail(command, Error(QStringLiteral("tokens.no-public-tokenizer"),
                                           Text::tr("%1 has no public tokenizer, so there are no ids to show; its count is an "
                                                    "estimate (leave out --ids)")
                                               .arg(model)));

    const Result<QByteArray> input = readInput(parser.positionalArguments());
    if (input.hasError())
        return context.fail(command, input.error());
    // tiktoken encodes text: bytes that are not UTF-8 are refused rather than guessed at.
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::Stateless);
    const QString text = decoder.decode(input.value());
    if (decoder.hasError())
        return context.fail(command, Error(QStringLiteral("tokens.invalid-utf8"),
                                           Text::tr("the text is not valid UTF-8; convert it first (for example with iconv)")));

    qint64 count = 0;
    std::vector<quint32> ids;
    QString family;
    if (estimate) {
        const std::shared_ptr<TokenCounter> counter = TokenCounter::estimate();
        count = counter->countText(text);
        family = counter->family();
    } else {
        const Result<std::shared_ptr<const BpeEncoding>> encoding = BpeEncoding::load(encodingName);
        if (encoding.hasError())
            return context.fail(command, encoding.error());
        if (parser.isSet(idsOption)) {
            ids = encoding.value()->encode(text);
            count = qint64(ids.size());
        } else {
            count = encoding.value()->count(text);
        }
        family = encodingName;
    }

    if (parser.isSet(jsonOption)) {
        QJsonObject json{{QStringLiteral("tokens"), count},
                         {QStringLiteral("encoding"), family},
                         {QStringLiteral("exact"), !estimate},
                         {QStringLiteral("bytes"), input->size()}};
        if (!model.isEmpty())
            json.insert(QStringLiteral("model"), model);
        if (parser.isSet(idsOption)) {
            QJsonArray list;
            for (quint32 id : ids)
                list.append(qint64(id));
            json.insert(QStringLiteral("ids"), list);
        }
        context.out() << QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)) << '\n';
        return 0;
    }
    context.out() << count << '\n';
    if (parser.isSet(idsOption)) {
        QStringList list;
        list.reserve(qsizetype(ids.size()));
        for (quint32 id : ids)
            list.append(QString::number(id));
        context.out() << list.join(QLatin1Char(' ')) << '\n';
    }
    if (estimate)
        context.err() << Text::tr("(an estimate: %1 has no public tokenizer)").arg(model) << Qt::endl;
    return 0;
}

} // namespace valis::cli
