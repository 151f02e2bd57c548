#include "testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QMetaMethod>
#include <QTranslator>

#include <algorithm>
#include <optional>
#include <QFile>
#include <QFileInfo>

namespace valis::test {

QString fixturesDir()
{
    const QString fromEnvironment = qEnvironmentVariable("VALIS_FIXTURES");
    return QDir::cleanPath(fromEnvironment.isEmpty() ? QStringLiteral(VALIS_FIXTURES_DEFAULT)
                                                     : fromEnvironment);
}

QString fixturePath(const QString &relative)
{
    const QString path = QDir(fixturesDir()).filePath(relative);
    return QFileInfo::exists(path) ? QFileInfo(path).absoluteFilePath() : QString();
}

QString buildDir()
{
    return QStringLiteral(VALIS_BUILD_DIR);
}

QString sourceDir()
{
    return QStringLiteral(VALIS_SOURCE_DIR);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

QString writeFileIn(const QString &folder, const QString &name, const QByteArray &bytes)
{
    const QString path = QDir(folder).filePath(name);
    return writeFile(path, bytes) ? path : QString();
}

int runTests(QObject *object, int argc, char **argv)
{
    const QStringList excluded = qEnvironmentVariable("VALIS_TEST_EXCLUDE").split(QLatin1Char(','), Qt::SkipEmptyParts);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const bool functionsNamed = std::any_of(arguments.cbegin() + 1, arguments.cend(),
                                            [](const QString &argument) { return !argument.startsWith(QLatin1Char('-')); });
    if (excluded.isEmpty() || functionsNamed)
        return QTest::qExec(object, arguments);
    const QMetaObject *meta = object->metaObject();
    static const QStringList special = {QStringLiteral("initTestCase"), QStringLiteral("cleanupTestCase"),
                                        QStringLiteral("init"), QStringLiteral("cleanup")};
    for (int i = meta->methodOffset(); i < meta->methodCount(); ++i) {
        const QMetaMethod method = meta->method(i);
        const QString name = QString::fromLatin1(method.name());
        if (method.methodType() != QMetaMethod::Slot || method.access() != QMetaMethod::Private
            || method.parameterCount() != 0 || special.contains(name) || name.endsWith(QLatin1String("_data"))
            || excluded.contains(name)) {
            continue;
        }
        arguments << name;
    }
    return QTest::qExec(object, arguments);
}

TemporaryHome::TemporaryHome()
    : m_dir(QDir::tempPath() + QStringLiteral("/valis-test-XXXXXX"))
{
    QVERIFY2(m_dir.isValid(), "cannot create a temporary profile folder");
}

namespace {

/// Whether the file at `path` contains `needle`, read in blocks that overlap by the needle's
/// length so a match across two blocks is found; std::nullopt when it cannot be read.
std::optional<bool> fileContains(const QString &path, const QByteArray &needle)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    if (needle.isEmpty())
        return true;
    constexpr qint64 blockSize = 1 << 20;
    QByteArray carried;
    while (!file.atEnd()) {
        const QByteArray block = file.read(blockSize);
        if (block.isEmpty())
            return file.error() == QFileDevice::NoError ? std::optional<bool>(false) : std::nullopt;
        const QByteArray window = carried + block;
        if (window.contains(needle))
            return true;
        carried = window.right(needle.size() - 1);
    }
    return file.error() == QFileDevice::NoError ? std::optional<bool>(false) : std::nullopt;
}

} // namespace

QStringList filesContaining(const QString &folder, const QByteArray &needle)
{
    QStringList found;
    QDirIterator files(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        if (files.fileInfo().isSymLink())
            continue;
        const std::optional<bool> contains = fileContains(path, needle);
        if (!contains || *contains)
            found.append(QFileInfo(path).absoluteFilePath());
    }
    found.sort();
    return found;
}

void removeTranslations()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

} // namespace valis::test
