#include "gradientsettings.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis::gradient {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::GradientStrategy)
};

Error badSetting(const QString &key, const QString &what)
{
    return Error(QStringLiteral("context.bad-setting"), Text::tr("gradient setting \"%1\": %2").arg(key, what));
}
} // namespace

QJsonObject GradientSettings::defaults()
{
    const GradientSettings settings;
    return QJsonObject{{QStringLiteral("budgetShare"), settings.budgetShare},
                       {QStringLiteral("budgetTokens"), settings.budgetTokens},
                       {QStringLiteral("rawTurns"), settings.rawTurns},
                       {QStringLiteral("smoothedTurns"), settings.smoothedTurns},
                       {QStringLiteral("compressedTurns"), settings.compressedTurns},
                       {QStringLiteral("bandShares"),
                        QJsonArray{settings.shares[0], settings.shares[1], settings.shares[2], settings.shares[3]}},
                       {QStringLiteral("recalculateEvery"), settings.recalculateEvery},
                       {QStringLiteral("overflowAt"), settings.overflowAt},
                       {QStringLiteral("evictTo"), settings.evictTo},
                       {QStringLiteral("boardTurns"), settings.boardTurns},
                       {QStringLiteral("offloadTokens"), settings.offloadTokens},
                       // The Session asks the model for each finished turn's S, C and T in the
                       // background ("extractive" keeps to the deterministic ones).
                       {QStringLiteral("turnVersions"), QStringLiteral("model")}};
}

Result<GradientSettings> GradientSettings::fromJson(const QJsonObject &json)
{
    GradientSettings settings;
    auto share = [&](const QString &key, double *target, double low, double high) -> std::optional<Error> {
        if (!json.contains(key))
            return std::nullopt;
        const QJsonValue value = json.value(key);
        if (!value.isDouble() || value.toDouble() < low || value.toDouble() > high)
            return badSetting(key, Text::tr("takes a number from %1 to %2").arg(low).arg(high));
        *target = value.toDouble();
        return std::nullopt;
    };
    auto whole = [&](const QString &key, auto *target, qint64 low) -> std::optional<Error> {
        if (!json.contains(key))
            return std::nullopt;
        const QJsonValue value = json.value(key);
        if (!value.isDouble() || value.toDouble() != double(value.toInteger()) || value.toInteger() < low)
            return badSetting(key, Text::tr("takes a whole number of at least %1").arg(low));
        *target = decltype(+*target)(value.toInteger());
        return std::nullopt;
    };
    for (const std::optional<Error> &problem :
         {share(QStringLiteral("budgetShare"), &settings.budgetShare, 0.05, 0.95),
          share(QStringLiteral("overflowAt"), &settings.overflowAt, 0.3, 1.0),
          share(QStringLiteral("evictTo"), &settings.evictTo, 0.1, 0.9),
          whole(QStringLiteral("rawTurns"), &settings.rawTurns, 1), whole(QStringLiteral("smoothedTurns"), &settings.smoothedTurns, 0),
          whole(QStringLiteral("compressedTurns"), &settings.compressedTurns, 0),
          whole(QStringLiteral("recalculateEvery"), &settings.recalculateEvery, 1),
          whole(QStringLiteral("boardTurns"), &settings.boardTurns, 1),
          whole(QStringLiteral("offloadTokens"), &settings.offloadTokens, 256),
          whole(QStringLiteral("budgetTokens"), &settings.budgetTokens, 0)}) {
        if (problem)
            return *problem;
    }
    if (json.contains(QStringLiteral("turnVersions"))) {
        const QString mode = json.value(QStringLiteral("turnVersions")).toString();
        if (mode != QLatin1String("model") && mode != QLatin1String("extractive"))
            return badSetting(QStringLiteral("turnVersions"), Text::tr("takes \"model\" or \"extractive\""));
    }
    if (json.contains(QStringLiteral("bandShares"))) {
        const QJsonArray shares = json.value(QStringLiteral("bandShares")).toArray();
        double sum = 0;
        bool ok = shares.size() == 4;
        for (int i = 0; ok && i < 4; ++i) {
            ok = shares.at(i).isDouble() && shares.at(i).toDouble() >= 0;
            settings.shares[i] = shares.at(i).toDouble();
            sum += settings.shares[i];
        }
        if (!ok || sum <= 0)
            return badSetting(QStringLiteral("bandShares"), Text::tr("takes four shares (R, S, C, T), at least one above 0"));
        for (double &value : settings.shares)
            value /= sum;
    }
    return settings;
}

} // namespace valis::gradient
