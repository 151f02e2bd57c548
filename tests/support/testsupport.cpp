#include "testsupport.h"

#include <QDir>
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

TemporaryHome::TemporaryHome()
    : m_dir(QDir::tempPath() + QStringLiteral("/valis-test-XXXXXX"))
{
    QVERIFY2(m_dir.isValid(), "cannot create a temporary profile folder");
}

} // namespace valis::test
