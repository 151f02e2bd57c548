#pragma once

// What the Settings > Share memory tests have in common: a throwaway profile and home, the
// real valis-cli, the confirmation dialog, screenshots, and stand-ins for valis-cli serve.
#include "apiservercontroller.h"
#include "sharingpage.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"

#include <QDialog>
#include <QFile>
#include <QString>
#include <QWidget>

namespace valis::sharingtest {

inline QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

inline QString cli()
{
    return QStringLiteral(VALIS_CLI_BINARY);
}

/// A profile and a home folder for the other agents' files, both thrown away.
struct Fixture
{
    valis::test::TemporaryHome profile;
    valis::test::TemporaryHome home;
    DataLocations locations = DataLocations::underHome(profile.path());

    SharingPage::Setup setup(ApiServerController *server = nullptr) const
    {
        return SharingPage::Setup{cli(), home.path(), server};
    }
};

inline QDialog *confirmation(QWidget *page)
{
    for (QDialog *dialog : page->findChildren<QDialog *>(QStringLiteral("shareConfirm"))) {
        if (dialog->isVisible())
            return dialog;
    }
    return nullptr;
}

inline void screenshot(QWidget *widget, const QString &name)
{
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

/// An environment variable set for the scope of a test (a child process inherits it).
class ScopedEnvironment
{
public:
    ScopedEnvironment(const QString &name, const QString &value)
        : m_name(name.toLocal8Bit()), m_had(qEnvironmentVariableIsSet(m_name.constData())), m_old(qgetenv(m_name.constData()))
    {
        qputenv(m_name.constData(), value.toLocal8Bit());
    }
    ~ScopedEnvironment()
    {
        if (m_had)
            qputenv(m_name.constData(), m_old);
        else
            qunsetenv(m_name.constData());
    }
    ScopedEnvironment(const ScopedEnvironment &) = delete;
    ScopedEnvironment &operator=(const ScopedEnvironment &) = delete;

private:
    QByteArray m_name;
    bool m_had = false;
    QByteArray m_old;
};

#if defined(Q_OS_UNIX)
/// An executable shell script in `folder`: a stand-in for `valis-cli serve` that only speaks
/// its process contract (arguments, the first stdout line, stderr, exit status).
inline QString script(const QString &folder, const QString &name, const QByteArray &body)
{
    const QString path = valis::test::writeFileIn(folder, name, "#!/bin/sh\n" + body);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}
#endif

} // namespace valis::sharingtest
