// The shared parts of the tool plugins in plugins/tools/common: ToolSchema, which builds every
// tool's input schema, and SingleProviderToolPlugin, which every tool plugin derives from.
#include "singleprovidertoolplugin.h"
#include "testsupport.h"
#include "toolschema.h"

#include "valis/plugins/toolprovider.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using valis::tools::SingleProviderToolPlugin;
using valis::tools::ToolSchema;

namespace {

QJsonObject object(std::initializer_list<std::pair<QString, QJsonValue>> pairs)
{
    QJsonObject result;
    for (const auto &[key, value] : pairs)
        result.insert(key, value);
    return result;
}

const QString Type = QStringLiteral("type");
const QString Description = QStringLiteral("description");

class CountingProvider : public ToolProvider
{
public:
    explicit CountingProvider(int *alive) : m_alive(alive) { ++*m_alive; }
    ~CountingProvider() override { --*m_alive; }
    QString id() const override { return QStringLiteral("counting"); }
    QList<ToolSpec> tools() const override { return {}; }
    ToolInvocation *invoke(const QString &, const QJsonValue &, const ToolContext &, QObject *) override { return nullptr; }

private:
    int *m_alive;
};

/// Offers a CountingProvider, or refuses when the settings say {"refuse": true}.
class TestPlugin : public SingleProviderToolPlugin
{
public:
    int alive = 0;

protected:
    ProviderResult createProvider(const PluginContext &context) override
    {
        if (context.settings.value(QLatin1String("refuse")).toBool())
            return Error(QStringLiteral("test.refused"), QStringLiteral("refused by its settings"));
        return ProviderResult(std::make_unique<CountingProvider>(&alive));
    }
};

} // namespace

class TestToolCommon : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void schemaIsAClosedObjectWithItsRequiredList()
    {
        const QJsonObject schema = ToolSchema().string(QStringLiteral("path"), QStringLiteral("The file.")).required({QStringLiteral("path")}).build();
        QCOMPARE(schema.value(Type).toString(), QStringLiteral("object"));
        QCOMPARE(schema.value(QLatin1String("additionalProperties")), QJsonValue(false));
        QCOMPARE(schema.value(QLatin1String("required")).toArray(), QJsonArray{QStringLiteral("path")});
        QCOMPARE(schema.value(QLatin1String("properties")).toObject(),
                 object({{QStringLiteral("path"), object({{Type, QStringLiteral("string")}, {Description, QStringLiteral("The file.")}})}}));
        // Nothing required still says so: an empty list, not a missing key.
        QCOMPARE(ToolSchema().boolean(QStringLiteral("all"), QStringLiteral("All.")).build().value(QLatin1String("required")),
                 QJsonValue(QJsonArray{}));
    }

    void everyAdderWritesItsKeywords()
    {
        const QJsonObject properties = ToolSchema()
                                           .string(QStringLiteral("name"), QStringLiteral("N."), 1, 64)
                                           .string(QStringLiteral("note"), QStringLiteral("O."), std::nullopt, 200)
                                           .integer(QStringLiteral("limit"), QStringLiteral("L."), 1, 500, 20)
                                           .integer(QStringLiteral("depth"), QStringLiteral("D."), 0, 9)
                                           .boolean(QStringLiteral("all"), QStringLiteral("A."))
                                           .enumeration(QStringLiteral("mode"), QStringLiteral("M."),
                                                        {QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("a"))
                                           .stringArray(QStringLiteral("ignore"), QStringLiteral("I."))
                                           .array(QStringLiteral("items"), QStringLiteral("S."), object({{Type, QStringLiteral("integer")}}), 3)
                                           .stringMap(QStringLiteral("env"), QStringLiteral("E."))
                                           .property(QStringLiteral("raw"), object({{Description, QStringLiteral("R.")}}))
                                           .build()
                                           .value(QLatin1String("properties"))
                                           .toObject();
        const QJsonObject stringType = object({{Type, QStringLiteral("string")}});
        QCOMPARE(properties.value(QLatin1String("name")).toObject(),
                 object({{Type, QStringLiteral("string")}, {Description, QStringLiteral("N.")}, {QStringLiteral("minLength"), 1},
                         {QStringLiteral("maxLength"), 64}}));
        QCOMPARE(properties.value(QLatin1String("note")).toObject(),
                 object({{Type, QStringLiteral("string")}, {Description, QStringLiteral("O.")}, {QStringLiteral("maxLength"), 200}}));
        QCOMPARE(properties.value(QLatin1String("limit")).toObject(),
                 object({{Type, QStringLiteral("integer")}, {Description, QStringLiteral("L.")}, {QStringLiteral("minimum"), 1},
                         {QStringLiteral("maximum"), 500}, {QStringLiteral("default"), 20}}));
        QCOMPARE(properties.value(QLatin1String("depth")).toObject(),
                 object({{Type, QStringLiteral("integer")}, {Description, QStringLiteral("D.")}, {QStringLiteral("minimum"), 0},
                         {QStringLiteral("maximum"), 9}}));
        QCOMPARE(properties.value(QLatin1String("all")).toObject(),
                 object({{Type, QStringLiteral("boolean")}, {Description, QStringLiteral("A.")}}));
        QCOMPARE(properties.value(QLatin1String("mode")).toObject(),
                 object({{Type, QStringLiteral("string")}, {Description, QStringLiteral("M.")},
                         {QStringLiteral("enum"), QJsonArray{QStringLiteral("a"), QStringLiteral("b")}}, {QStringLiteral("default"), QStringLiteral("a")}}));
        QCOMPARE(properties.value(QLatin1String("ignore")).toObject(),
                 object({{Type, QStringLiteral("array")}, {Description, QStringLiteral("I.")}, {QStringLiteral("items"), stringType}}));
        QCOMPARE(properties.value(QLatin1String("items")).toObject(),
                 object({{Type, QStringLiteral("array")}, {Description, QStringLiteral("S.")},
                         {QStringLiteral("items"), object({{Type, QStringLiteral("integer")}})}, {QStringLiteral("maxItems"), 3}}));
        QCOMPARE(properties.value(QLatin1String("env")).toObject(),
                 object({{Type, QStringLiteral("object")}, {Description, QStringLiteral("E.")}, {QStringLiteral("additionalProperties"), stringType}}));
        QCOMPARE(properties.value(QLatin1String("raw")).toObject(), object({{Description, QStringLiteral("R.")}}));
        QCOMPARE(properties.size(), 10);
    }

    void pluginOffersItsProviderUntilShutdown()
    {
        TestPlugin plugin;
        QVERIFY(plugin.toolProviders().isEmpty());
        const Result<void> initialized = plugin.initialize(PluginContext{});
        QVERIFY2(initialized.ok(), qPrintable(initialized.ok() ? QString() : initialized.error().message));
        QCOMPARE(plugin.toolProviders().size(), 1);
        QCOMPARE(plugin.toolProviders().first()->id(), QStringLiteral("counting"));
        QCOMPARE(plugin.alive, 1);
        plugin.shutdown();
        QCOMPARE(plugin.alive, 0);
        QVERIFY(plugin.toolProviders().isEmpty());
    }

    void pluginPassesOnWhyItCannotOfferItsProvider()
    {
        TestPlugin plugin;
        PluginContext context;
        context.settings.insert(QStringLiteral("refuse"), true);
        const Result<void> initialized = plugin.initialize(context);
        QVERIFY(initialized.hasError());
        QCOMPARE(initialized.error().code, QStringLiteral("test.refused"));
        QVERIFY(plugin.toolProviders().isEmpty());
        QCOMPARE(plugin.alive, 0);
    }
};

VALIS_TEST_MAIN(TestToolCommon)

#include "tst_toolcommon.moc"
