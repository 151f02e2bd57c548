#include "catalog/modelname.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace valis::catalog {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ModelCatalog)
};

// Provider wrappers and suffixes, compiled once. Dots inside versions ("gpt-4.1") are never
// touched by these; only the dashed variant rewrites them, and only as an extra spelling.
const QRegularExpression &bracketSuffix()
{
    static const QRegularExpression re(QStringLiteral("\\[[^\\]]*\\]$"));
    return re;
}
const QRegularExpression &bedrockPrefix()
{
    static const QRegularExpression re(QStringLiteral(
        "^((?:(?:us|eu|apac|au|ca|jp|global|us-gov)\\.)?"
        "(?:anthropic|meta|mistral|amazon|cohere|ai21|deepseek|openai|qwen|writer)\\.)(.+)$"));
    return re;
}
const QRegularExpression &bedrockVersion()
{
    static const QRegularExpression re(QStringLiteral("-v\\d+(?::\\d+)?$"));
    return re;
}
const QRegularExpression &dateSuffix()
{
    static const QRegularExpression re(
        QStringLiteral("(-\\d{8}|-\\d{4}-\\d{2}-\\d{2}|-\\d{4}|-latest)$"));
    return re;
}
const QRegularExpression &effortSuffix()
{
    static const QRegularExpression re(QStringLiteral(
        "-(minimal|low|medium|high|xhigh|max|thinking|reasoning|non-reasoning)$"));
    return re;
}
const QRegularExpression &tagVariantPart()
{
    // Parts of an Ollama / llama.cpp tag that say how the weights are packed or tuned, not
    // which model they are: "8b-instruct-q4_K_M" -> "8b".
    static const QRegularExpression re(QStringLiteral(
        "^(q\\d.*|iq\\d.*|fp\\d+|bf16|f16|f32|int\\d|\\d+bit|mlx|gguf|awq|gptq|instruct|it|chat|text)$"));
    return re;
}
const QRegularExpression &versionDot()
{
    static const QRegularExpression re(QStringLiteral("(\\d)\\.(?=\\d)"));
    return re;
}
const QRegularExpression &claudeVersionFirst()
{
    static const QRegularExpression re(
        QStringLiteral("^claude-(\\d+(?:-\\d+)?)-(opus|sonnet|haiku|fable|mythos)(.*)$"));
    return re;
}
const QRegularExpression &claudeFamilyFirst()
{
    static const QRegularExpression re(
        QStringLiteral("^claude-(opus|sonnet|haiku|fable|mythos)-(\\d+(?:-\\d+)?)(.*)$"));
    return re;
}

QString dashed(const QString &name)
{
    QString out = name;
    out.replace(versionDot(), QStringLiteral("\\1-"));
    return out;
}

QString swappedClaude(const QString &name)
{
    QRegularExpressionMatch match = claudeVersionFirst().match(name);
    if (match.hasMatch()) {
        return QStringLiteral("claude-") + match.captured(2) + QLatin1Char('-') + match.captured(1)
               + match.captured(3);
    }
    match = claudeFamilyFirst().match(name);
    if (match.hasMatch()) {
        return QStringLiteral("claude-") + match.captured(2) + QLatin1Char('-') + match.captured(1)
               + match.captured(3);
    }
    return {};
}

class Builder
{
public:
    void add(const QString &name, const QStringList &steps)
    {
        push(name, steps);
        const QString withDashes = dashed(name);
        if (withDashes != name)
            push(withDashes, steps + QStringList{Text::tr("wrote version dots as dashes")});
        for (const QString &base : {name, withDashes}) {
            const QString swapped = swappedClaude(base);
            if (!swapped.isEmpty()) {
                QStringList more = steps;
                if (base != name)
                    more << Text::tr("wrote version dots as dashes");
                more << Text::tr("put the model family before its version");
                push(swapped, more);
            }
        }
    }
    QList<NameCandidate> take() { return std::move(m_out); }

private:
    void push(const QString &name, const QStringList &steps)
    {
        if (name.isEmpty())
            return;
        for (const NameCandidate &existing : std::as_const(m_out)) {
            if (existing.name == name)
                return;
        }
        m_out.append({name, steps});
    }
    QList<NameCandidate> m_out;
};

QString stripTagVariants(const QString &tag)
{
    QStringList kept;
    const QStringList parts = tag.split(QLatin1Char('-'));
    for (const QString &part : parts) {
        if (!tagVariantPart().match(part).hasMatch())
            kept << part;
    }
    return kept.join(QLatin1Char('-'));
}

// Removes date, "-latest" and effort suffixes one at a time, adding a candidate after each.
void stripSuffixes(QString *current, QStringList *steps, Builder *builder)
{
    bool changed = true;
    while (changed) {
        changed = false;
        QRegularExpressionMatch match = dateSuffix().match(*current);
        if (match.hasMatch() && match.capturedStart() > 0) {
            const QString suffix = match.captured(1);
            current->chop(suffix.size());
            *steps << (suffix == QLatin1String("-latest")
                           ? Text::tr("removed \"-latest\"")
                           : Text::tr("removed the date suffix \"%1\"").arg(suffix));
            builder->add(*current, *steps);
            changed = true;
            continue;
        }
        match = effortSuffix().match(*current);
        if (match.hasMatch() && match.capturedStart() > 0) {
            const QString suffix = match.captured(0);
            current->chop(suffix.size());
            *steps << Text::tr("removed the reasoning suffix \"%1\"").arg(suffix);
            builder->add(*current, *steps);
            changed = true;
        }
    }
}
} // namespace

QList<NameCandidate> normalisedCandidates(const QString &name)
{
    Builder builder;
    QStringList steps;
    QString current = name.trimmed().toLower();
    if (current != name)
        steps << Text::tr("ignored letter case and spaces");
    builder.add(current, steps);

    QRegularExpressionMatch match = bracketSuffix().match(current);
    if (match.hasMatch() && match.capturedStart() > 0) {
        steps << Text::tr("removed the \"%1\" suffix").arg(match.captured(0));
        current.truncate(match.capturedStart());
        builder.add(current, steps);
    }

    const qsizetype slash = current.lastIndexOf(QLatin1Char('/'));
    if (slash >= 0 && slash + 1 < current.size()) {
        steps << Text::tr("removed the provider prefix \"%1\"").arg(current.left(slash + 1));
        current = current.mid(slash + 1);
        builder.add(current, steps);
    }

    match = bedrockPrefix().match(current);
    if (match.hasMatch()) {
        steps << Text::tr("removed the Bedrock prefix \"%1\"").arg(match.captured(1));
        current = match.captured(2);
        builder.add(current, steps);
        const QRegularExpressionMatch version = bedrockVersion().match(current);
        if (version.hasMatch() && version.capturedStart() > 0) {
            steps << Text::tr("removed the Bedrock version \"%1\"").arg(version.captured(0));
            current.truncate(version.capturedStart());
            builder.add(current, steps);
        }
    }

    const qsizetype at = current.indexOf(QLatin1Char('@'));
    if (at > 0) {
        steps << Text::tr("read the Vertex version \"%1\" as a date").arg(current.mid(at));
        current[at] = QLatin1Char('-');
        builder.add(current, steps);
    }

    const qsizetype colon = current.indexOf(QLatin1Char(':'));
    if (colon > 0) {
        const QString base = current.left(colon);
        const QString tag = current.mid(colon + 1);
        const QString plainTag = stripTagVariants(tag);
        if (!plainTag.isEmpty() && plainTag != tag) {
            builder.add(base + QLatin1Char(':') + plainTag,
                        steps + QStringList{Text::tr("removed the variant tag parts of \":%1\"").arg(tag)});
        }
        if (!plainTag.isEmpty()) {
            builder.add(base + QLatin1Char('-') + plainTag,
                        steps + QStringList{Text::tr("read the tag \":%1\" as part of the name").arg(tag)});
        }
        steps << Text::tr("dropped the tag \":%1\"").arg(tag);
        current = base;
        builder.add(current, steps);
    }

    stripSuffixes(&current, &steps, &builder);
    // The most stripped spelling goes last, so prefix matching can find it there.
    QList<NameCandidate> out = builder.take();
    out.append({current, steps});
    return out;
}

bool isBoundaryPrefix(const QString &key, const QString &name)
{
    if (key.isEmpty() || key.size() >= name.size() || !name.startsWith(key))
        return false;
    const QChar next = name.at(key.size());
    return next == QLatin1Char('-') || next == QLatin1Char(':') || next == QLatin1Char('@')
           || next == QLatin1Char('_') || next == QLatin1Char('/');
}

} // namespace valis::catalog
