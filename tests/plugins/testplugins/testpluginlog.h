#pragma once

// Shared by the test plugins: what they did, appended to the file named by their "log"
// setting, so a test can see the order of initialize() and shutdown() calls across plugins and
// that each plugin received its own settings.
#include <QFile>
#include <QJsonObject>
#include <QString>

namespace valis_test {

inline void appendToLog(const QJsonObject &settings, const QString &line)
{
    const QString path = settings.value(QLatin1String("log")).toString();
    if (path.isEmpty())
        return;
    QFile file(path);
    if (file.open(QIODevice::Append | QIODevice::Text))
        file.write(line.toUtf8() + '\n');
}

} // namespace valis_test
