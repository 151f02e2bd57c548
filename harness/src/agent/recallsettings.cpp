#include "valis/agent/recallsettings.h"

#include "valis/core/jsonfile.h"
#include "valis/memory/recall.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonObject>
#include <QStringList>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::RecallSettings)
};

constexpr int FormatVersion = 1;
const QString MalformedCode = QStringLiteral("recall-settings.malformed");
// A turn that waits a minute for recall is no longer preprocessing.
constexpr int LongestBudgetMs = 60000;
constexpr int MostItems = 50;

const QStringList knownKeys = {
    QStringLiteral("version"),        QStringLiteral("enabled"),     QStringLiteral("budgetMs"),
    QStringLiteral("maxItems"),       QStringLiteral("scoreThreshold"), QStringLiteral("filterProvider"),
    QStringLiteral("filterModel"),
};

Result<int> boundedInt(const QJsonObject &root, const QString &field, int lowest, int highest, int fallback,
                       const QString &path)
{
    const QJsonValue value = root.value(field);
    if (value.isUndefined())
        return fallback;
    const double number = value.toDouble(-1);
    if (!value.isDouble() || number < lowest || number > highest || double(int(number)) != number)
        return Error(MalformedCode, Text::tr("%1 must be a whole number from %2 to %3").arg(field).arg(lowest).arg(highest), path);
    return int(number);
}

Result<QString> optionalString(const QJsonObject &root, const QString &field, const QString &path)
{
    const QJsonValue value = root.value(field);
    if (value.isUndefined() || value.isNull())
        return QString();
    if (!value.isString())
        return Error(MalformedCode, Text::tr("%1 must be a string").arg(field), path);
    return value.toString().trimmed();
}
} // namespace

QString RecallSettings::pathIn(const QString &configDir)
{
    return QDir(configDir).filePath(QStringLiteral("recall.json"));
}

Result<RecallSettings> RecallSettings::load(const QString &path)
{
    RecallSettings settings;
    const Result<std::optional<QJsonObject>> file = readJsonObjectFile(path, MalformedCode, FormatVersion);
    if (file.hasError())
        return file.error();
    if (!file.value())
        return settings;
    const QJsonObject root = **file;
    for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
        if (!knownKeys.contains(it.key()))
            return Error(MalformedCode, Text::tr("unknown setting \"%1\"").arg(it.key()), path);
    }
    const QJsonValue enabled = root.value(QLatin1String("enabled"));
    if (!enabled.isUndefined()) {
        if (!enabled.isBool())
            return Error(MalformedCode, Text::tr("enabled must be true or false"), path);
        settings.enabled = enabled.toBool();
    }
    const Result<int> budget = boundedInt(root, QStringLiteral("budgetMs"), 0, LongestBudgetMs, settings.budgetMs, path);
    if (budget.hasError())
        return budget.error();
    settings.budgetMs = budget.value();
    const Result<int> items = boundedInt(root, QStringLiteral("maxItems"), 1, MostItems, settings.maxItems, path);
    if (items.hasError())
        return items.error();
    settings.maxItems = items.value();
    const QJsonValue threshold = root.value(QLatin1String("scoreThreshold"));
    if (!threshold.isUndefined()) {
        if (!threshold.isDouble() || threshold.toDouble() < 0 || threshold.toDouble() > 1)
            return Error(MalformedCode, Text::tr("scoreThreshold must be a number from 0 to 1"), path);
        settings.scoreThreshold = threshold.toDouble();
    }
    const Result<QString> provider = optionalString(root, QStringLiteral("filterProvider"), path);
    if (provider.hasError())
        return provider.error();
    const Result<QString> model = optionalString(root, QStringLiteral("filterModel"), path);
    if (model.hasError())
        return model.error();
    settings.filterProvider = provider.value();
    settings.filterModel = model.value();
    if (settings.filterProvider.isEmpty() != settings.filterModel.isEmpty())
        return Error(MalformedCode, Text::tr("filterProvider and filterModel go together: name both or neither"), path);
    return settings;
}

Result<void> RecallSettings::save(const QString &path) const
{
    QJsonObject root;
    root.insert(QStringLiteral("version"), FormatVersion);
    root.insert(QStringLiteral("enabled"), enabled);
    root.insert(QStringLiteral("budgetMs"), budgetMs);
    root.insert(QStringLiteral("maxItems"), maxItems);
    root.insert(QStringLiteral("scoreThreshold"), scoreThreshold);
    if (!filterProvider.isEmpty())
        root.insert(QStringLiteral("filterProvider"), filterProvider);
    if (!filterModel.isEmpty())
        root.insert(QStringLiteral("filterModel"), filterModel);
    return writeJsonObjectFile(path, root, MalformedCode);
}

std::shared_ptr<const HybridRetriever> makeRecallRetriever(const RecallSources &sources,
                                                           const QList<std::shared_ptr<const Retriever>> &more)
{
    auto retriever = std::make_shared<HybridRetriever>();
    retriever->addRetriever(makeLexicalRetriever(sources));
    for (const std::shared_ptr<const Retriever> &other : more)
        retriever->addRetriever(other);
    return retriever;
}

} // namespace valis
