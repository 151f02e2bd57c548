// view_image: real image files in a temporary workspace, read through the AgentFilesystem; the
// result recorded by a real SessionStore and written by the three wire formats; and the plugin
// loaded by a real PluginManager.
#include "imageformat.h"
#include "testsupport.h"
#include "toolcallhelpers.h"
#include "viewimagetool.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/store/sessionstore.h"
#include "valis/wire/anthropicmessages.h"
#include "valis/wire/openaichat.h"
#include "valis/wire/openairesponses.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <memory>

using namespace valis;
using namespace valis::test;
using namespace valis::tools;

namespace {

QByteArray encoded(int width, int height, const char *format)
{
    QImage image(width, height, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, format))
        return {};
    return bytes;
}

/// A complete 1x1 GIF (header, palette, one image block, trailer).
QByteArray tinyGif()
{
    static const unsigned char bytes[] = {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
                                          0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B};
    return QByteArray(reinterpret_cast<const char *>(bytes), sizeof(bytes));
}

/// The header of an extended WebP (VP8X) of 300x200 pixels, followed by padding.
QByteArray webpHeader()
{
    QByteArray b("RIFF");
    b.append(QByteArray("\x40\x00\x00\x00", 4));
    b.append("WEBPVP8X");
    b.append(QByteArray("\x0a\x00\x00\x00", 4));
    b.append(QByteArray(4, '\0'));                       // flags + reserved
    b.append(QByteArray("\x2b\x01\x00", 3));             // width - 1 = 299
    b.append(QByteArray("\xc7\x00\x00", 3));             // height - 1 = 199
    b.append(QByteArray(40, '\0'));
    return b;
}

Message assistantCall(const QString &callId, const QString &path)
{
    Message message;
    message.role = Role::Assistant;
    message.parts = {Part::makeToolCall(callId, QStringLiteral("view_image"), QJsonObject{{QStringLiteral("path"), path}})};
    return message;
}

Message toolMessage(const Part &result)
{
    Message message;
    message.role = Role::Tool;
    message.parts = {result};
    return message;
}

} // namespace

class TestImageTools : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<AgentFilesystem> m_filesystem;
    std::unique_ptr<ThreadedToolProvider> m_provider;

    ToolContext context(bool acceptsImages = true, bool withFilesystem = true) const
    {
        ToolContext c;
        c.sessionId = QStringLiteral("s-1");
        c.callId = QStringLiteral("call-img");
        c.agentId = QStringLiteral("default");
        c.workingDirectory = m_filesystem->workspaceRoot();
        c.filesystem = withFilesystem ? m_filesystem.get() : nullptr;
        c.modelAcceptsImages = acceptsImages;
        return c;
    }

    ToolCallOutcome view(const QString &path, const ToolContext &c)
    {
        return callTool(m_provider.get(), QStringLiteral("view_image"), QJsonObject{{QStringLiteral("path"), path}}, c);
    }

    QString put(const QString &name, const QByteArray &bytes) { return writeFileIn(m_workspace->path(), name, bytes); }

private Q_SLOTS:
    void init()
    {
        m_workspace = std::make_unique<QTemporaryDir>();
        QVERIFY(m_workspace->isValid());
        m_filesystem = std::make_unique<AgentFilesystem>(QDir(m_workspace->path()).canonicalPath());
        m_provider = makeImagesToolProvider();
    }

    void cleanup()
    {
        m_provider.reset();
        m_filesystem.reset();
        m_workspace.reset();
    }

    void eachSupportedTypeIsAttached_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("mediaType");
        QTest::addColumn<QString>("description");
        QTest::newRow("png") << QStringLiteral("shot.png") << encoded(40, 30, "PNG") << QStringLiteral("image/png")
                             << QStringLiteral("PNG, 40x30 pixels");
        QTest::newRow("jpeg") << QStringLiteral("photo.jpg") << encoded(64, 48, "JPEG") << QStringLiteral("image/jpeg")
                              << QStringLiteral("JPEG, 64x48 pixels");
        QTest::newRow("gif") << QStringLiteral("dot.gif") << tinyGif() << QStringLiteral("image/gif") << QStringLiteral("GIF, 1x1 pixels");
        QTest::newRow("webp") << QStringLiteral("art.webp") << webpHeader() << QStringLiteral("image/webp")
                              << QStringLiteral("WebP, 300x200 pixels");
        // The bytes decide, not the name.
        QTest::newRow("png named jpg") << QStringLiteral("misnamed.jpg") << encoded(8, 8, "PNG") << QStringLiteral("image/png")
                                       << QStringLiteral("PNG, 8x8 pixels");
    }

    void eachSupportedTypeIsAttached()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, mediaType);
        QFETCH(QString, description);
        QVERIFY(!bytes.isEmpty());
        if (mediaType == QLatin1String("image/gif"))
            QVERIFY(QImage::fromData(bytes).size() == QSize(1, 1)); // the hand-made GIF is a real one
        QVERIFY(!put(QStringLiteral("img/") + name, bytes).isEmpty());

        const ToolCallOutcome outcome = view(QStringLiteral("img/") + name, context());
        QVERIFY(outcome.finished);
        QVERIFY(!outcome.finishedInsideInvoke);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QCOMPARE(outcome.result.callId, QStringLiteral("call-img"));
        QCOMPARE(outcome.result.content.size(), 2);
        QCOMPARE(outcome.result.content.at(0).kind, PartKind::Text);
        QVERIFY2(outcome.text().startsWith(QStringLiteral("Image img/%1 (%2, ").arg(name, description)), qPrintable(outcome.text()));
        const Part &image = outcome.result.content.at(1);
        QCOMPARE(image.kind, PartKind::Image);
        QCOMPARE(image.image.mediaType, mediaType);
        QVERIFY(image.image.uri.isEmpty());
        QCOMPARE(image.image.data, bytes);
    }

    void anAbsolutePathInsideTheWorkspaceWorks()
    {
        QVERIFY(!put(QStringLiteral("a.png"), encoded(2, 2, "PNG")).isEmpty());
        const ToolCallOutcome outcome = view(QDir(m_filesystem->workspaceRoot()).filePath(QStringLiteral("a.png")), context());
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY(outcome.text().startsWith(QStringLiteral("Image a.png (PNG")));
    }

    void otherFilesAreRefusedSayingWhatTheyAre_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text") << QByteArray("just some text\n") << QStringLiteral("its first bytes match none of them");
        QTest::newRow("svg") << QByteArray("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
                             << QStringLiteral("it looks like SVG");
        QTest::newRow("pdf") << QByteArray("%PDF-1.7\n") << QStringLiteral("it looks like PDF");
        QTest::newRow("bmp") << QByteArray("BM\x36\x00\x00\x00", 6) << QStringLiteral("it looks like BMP");
    }

    void otherFilesAreRefusedSayingWhatTheyAre()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QVERIFY(!put(QStringLiteral("fake.png"), bytes).isEmpty());
        const ToolCallOutcome outcome = view(QStringLiteral("fake.png"), context());
        QVERIFY(outcome.result.isError);
        QCOMPARE(outcome.result.content.size(), 1);
        QVERIFY2(outcome.text().contains(QStringLiteral("fake.png is not a PNG, JPEG, GIF or WebP image (") + expected),
                 qPrintable(outcome.text()));
    }

    void aLargeImageIsRefusedWithItsSize()
    {
        QByteArray big = encoded(4, 4, "PNG");
        big.append(QByteArray(6 * 1024 * 1024 - big.size(), '\0'));
        QVERIFY(!put(QStringLiteral("big.png"), big).isEmpty());
        const ToolCallOutcome outcome = view(QStringLiteral("big.png"), context());
        QVERIFY(outcome.result.isError);
        QCOMPARE(outcome.result.content.size(), 1);
        QVERIFY2(outcome.text().startsWith(QStringLiteral("big.png is 6.0 MB; view_image accepts images up to 5.0 MB.")),
                 qPrintable(outcome.text()));
    }

    void aModelWithoutVisionGetsAClearError()
    {
        QVERIFY(!put(QStringLiteral("a.png"), encoded(2, 2, "PNG")).isEmpty());
        const ToolCallOutcome outcome = view(QStringLiteral("a.png"), context(false));
        QVERIFY(outcome.result.isError);
        QCOMPARE(outcome.result.content.size(), 1);
        QVERIFY2(outcome.text().startsWith(QStringLiteral("The current model cannot see images")), qPrintable(outcome.text()));
    }

    void pathsOutsideTheWorkspaceAndOddTargetsAreRefused()
    {
        QTemporaryDir outside;
        const QString secret = writeFileIn(outside.path(), QStringLiteral("secret.png"), encoded(3, 3, "PNG"));
        QVERIFY(!secret.isEmpty());
        QVERIFY(QFile::link(secret, m_workspace->filePath(QStringLiteral("link.png"))));
        QVERIFY(QDir().mkpath(m_workspace->filePath(QStringLiteral("folder.png"))));
        QVERIFY(!put(QStringLiteral("empty.png"), QByteArray()).isEmpty());

        const QStringList paths{secret, QStringLiteral("../") + QFileInfo(outside.path()).fileName() + QStringLiteral("/secret.png"),
                                QStringLiteral("link.png"), QStringLiteral("missing.png"), QStringLiteral("folder.png"),
                                QStringLiteral("empty.png")};
        for (const QString &path : paths) {
            const ToolCallOutcome outcome = view(path, context());
            QVERIFY2(outcome.result.isError, qPrintable(path));
            QCOMPARE(outcome.result.content.size(), 1);
            QVERIFY2(!outcome.text().isEmpty(), qPrintable(path));
        }
        QVERIFY(view(QStringLiteral("folder.png"), context()).text().contains(QStringLiteral("is a folder")));
        QVERIFY(view(QStringLiteral("empty.png"), context()).text().contains(QStringLiteral("is empty")));

        const ToolCallOutcome noFiles = view(QStringLiteral("a.png"), context(true, false));
        QVERIFY(noFiles.result.isError);
        QVERIFY(noFiles.text().contains(QStringLiteral("no workspace files")));

        const ToolCallOutcome noPath = callTool(m_provider.get(), QStringLiteral("view_image"), QJsonObject{}, context());
        QVERIFY(noPath.result.isError);
        QVERIFY2(noPath.text().contains(QStringLiteral("`path` is required")), qPrintable(noPath.text()));
    }

    void theSpecIsPrecise()
    {
        const QList<ToolSpec> specs = m_provider->tools();
        QCOMPARE(specs.size(), 1);
        const ToolSpec &spec = specs.constFirst();
        QCOMPARE(m_provider->id(), QStringLiteral("images"));
        QCOMPARE(spec.name, QStringLiteral("view_image"));
        QVERIFY(spec.readOnly);
        QCOMPARE(spec.inputSchema.value(QStringLiteral("required")).toArray(), QJsonArray{QStringLiteral("path")});
        QCOMPARE(spec.inputSchema.value(QStringLiteral("additionalProperties")).toBool(true), false);
        QVERIFY(!spec.inputSchema.value(QStringLiteral("properties")).toObject().value(QStringLiteral("path")).toObject()
                     .value(QStringLiteral("description")).toString().isEmpty());
    }

    // The image goes into the record as a blob, comes back by its uri, and each wire format sends
    // it where that API accepts an image from a tool.
    void theImageTravelsFromTheRecordToEachWireFormat()
    {
        const QByteArray png = encoded(10, 10, "PNG");
        QVERIFY(!put(QStringLiteral("chart.png"), png).isEmpty());
        const ToolCallOutcome outcome = view(QStringLiteral("chart.png"), context());
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));

        TemporaryHome home;
        auto store = SessionStore::open(home.filePath(QStringLiteral("sessions.db")), home.filePath(QStringLiteral("blobs")));
        VALIS_VERIFY_OK(store);
        auto session = store.value()->createSession({});
        VALIS_VERIFY_OK(session);
        VALIS_VERIFY_OK(store.value()->appendMessage(session->id, assistantCall(QStringLiteral("call-img"), QStringLiteral("chart.png"))));
        VALIS_VERIFY_OK(store.value()->appendMessage(session->id, toolMessage(outcome.result)));
        auto stored = store.value()->messages(session->id);
        VALIS_VERIFY_OK(stored);
        QCOMPARE(stored->size(), 2);
        Part result = stored->at(1).parts.constFirst();
        QCOMPARE(result.kind, PartKind::ToolResult);
        QCOMPARE(result.content.size(), 2);
        ImageRef &image = result.content[1].image;
        QVERIFY2(image.uri.startsWith(QLatin1String("blob:sha256-")), qPrintable(image.uri));
        QVERIFY(image.data.isEmpty());
        QCOMPARE(image.mediaType, QStringLiteral("image/png"));
        auto bytes = store.value()->readBlob(image.uri);
        VALIS_VERIFY_OK(bytes);
        QCOMPARE(bytes.value(), png);
        image.data = bytes.value(); // what the agent loop does before a request

        const QList<Message> view{assistantCall(QStringLiteral("call-img"), QStringLiteral("chart.png")), toolMessage(result)};
        const QString dataUrl = QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());

        // Anthropic: image blocks inside the tool_result's content.
        const QJsonArray anthropic = wire::anthropic::messagesToJson(view);
        QCOMPARE(anthropic.size(), 2);
        const QJsonObject toolResult = anthropic.at(1).toObject().value(QStringLiteral("content")).toArray().first().toObject();
        QCOMPARE(toolResult.value(QStringLiteral("type")).toString(), QStringLiteral("tool_result"));
        QCOMPARE(toolResult.value(QStringLiteral("tool_use_id")).toString(), QStringLiteral("call-img"));
        const QJsonArray blocks = toolResult.value(QStringLiteral("content")).toArray();
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks.at(0).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("text"));
        const QJsonObject source = blocks.at(1).toObject().value(QStringLiteral("source")).toObject();
        QCOMPARE(blocks.at(1).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("image"));
        QCOMPARE(source.value(QStringLiteral("type")).toString(), QStringLiteral("base64"));
        QCOMPARE(source.value(QStringLiteral("media_type")).toString(), QStringLiteral("image/png"));
        QCOMPARE(QByteArray::fromBase64(source.value(QStringLiteral("data")).toString().toLatin1()), png);

        // OpenAI Chat: tool messages carry text only, so the image follows as a user message,
        // and the tool message says so.
        const QJsonArray chat = wire::openaichat::messagesToJson(view);
        QCOMPARE(chat.size(), 3);
        const QJsonObject tool = chat.at(1).toObject();
        QCOMPARE(tool.value(QStringLiteral("role")).toString(), QStringLiteral("tool"));
        QCOMPARE(tool.value(QStringLiteral("tool_call_id")).toString(), QStringLiteral("call-img"));
        QVERIFY(tool.value(QStringLiteral("content")).isString());
        const QString toolText = tool.value(QStringLiteral("content")).toString();
        QVERIFY2(toolText.startsWith(QStringLiteral("Image chart.png (PNG, 10x10 pixels")), qPrintable(toolText));
        QVERIFY2(toolText.contains(QStringLiteral("they follow in the next message")), qPrintable(toolText));
        const QJsonObject user = chat.at(2).toObject();
        QCOMPARE(user.value(QStringLiteral("role")).toString(), QStringLiteral("user"));
        const QJsonObject imageItem = user.value(QStringLiteral("content")).toArray().first().toObject();
        QCOMPARE(imageItem.value(QStringLiteral("type")).toString(), QStringLiteral("image_url"));
        QCOMPARE(imageItem.value(QStringLiteral("image_url")).toObject().value(QStringLiteral("url")).toString(), dataUrl);

        // OpenAI Responses: function_call_output takes an array with input_text and input_image.
        const QJsonArray items = wire::openairesponses::itemsToJson(view);
        QJsonObject output;
        for (const QJsonValue &item : items) {
            if (item.toObject().value(QStringLiteral("type")).toString() == QLatin1String("function_call_output"))
                output = item.toObject();
        }
        QCOMPARE(output.value(QStringLiteral("call_id")).toString(), QStringLiteral("call-img"));
        const QJsonArray elements = output.value(QStringLiteral("output")).toArray();
        QCOMPARE(elements.size(), 2);
        QCOMPARE(elements.at(0).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("input_text"));
        QCOMPARE(elements.at(1).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("input_image"));
        QCOMPARE(elements.at(1).toObject().value(QStringLiteral("image_url")).toString(), dataUrl);
    }

    void thePluginLoadsThroughThePluginManager()
    {
        LoadedToolPlugin plugin{QStringLiteral(VALIS_TEST_IMAGES_PLUGIN)};
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("images"));
        QVERIFY(provider);
        const QByteArray png = encoded(5, 7, "PNG");
        QVERIFY(!put(QStringLiteral("p.png"), png).isEmpty());
        const ToolCallOutcome outcome = callTool(provider, QStringLiteral("view_image"), QJsonObject{{QStringLiteral("path"), QStringLiteral("p.png")}},
                                                 context());
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QCOMPARE(outcome.result.content.at(1).image.data, png);
    }
};

VALIS_TEST_MAIN(TestImageTools)
#include "tst_imagetools.moc"
