#pragma once

// Helpers shared by the plugin suites: where the test plugins were built, and small ways to
// look at a manager's specs and at the files it writes.
#include "valis/plugins/pluginmanager.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLibrary>
#include <QStringList>
#include <QtTest/QTest>

namespace valis::test {

/// The folder the plugins of one scenario were built into (tests/plugins/CMakeLists.txt).
inline QString scenarioDir(const QString &scenario)
{
    return QDir(QStringLiteral(VALIS_TEST_PLUGIN_SCENARIOS)).filePath(scenario);
}

/// The library file of test plugin `name` in `scenario`, whatever the platform calls it.
inline QString pluginFile(const QString &scenario, const QString &name)
{
    const QFileInfoList files = QDir(scenarioDir(scenario)).entryInfoList(QDir::Files);
    for (const QFileInfo &file : files) {
        if (file.completeBaseName() == name && QLibrary::isLibrary(file.fileName()))
            return file.absoluteFilePath();
    }
    return {};
}

/// Copies a built test plugin into `folder` (created if needed) as `baseName` with the
/// library suffix; returns the new path or an empty string.
inline QString copyPlugin(const QString &scenario, const QString &name, const QString &folder,
                          const QString &baseName = {})
{
    const QString source = pluginFile(scenario, name);
    if (source.isEmpty() || !QDir().mkpath(folder))
        return {};
    const QString target = QDir(folder).filePath((baseName.isEmpty() ? name : baseName) + QLatin1Char('.')
                                                 + QFileInfo(source).suffix());
    return QFile::copy(source, target) ? target : QString();
}

/// The spec read from the library whose base name is `name` (for plugins without a usable id).
inline const PluginSpec *specForFile(const PluginManager &manager, const QString &name)
{
    for (const PluginSpec *spec : manager.specs()) {
        if (QFileInfo(spec->filePath()).completeBaseName() == name)
            return spec;
    }
    return nullptr;
}

inline QStringList errorMessages(const PluginSpec *spec)
{
    QStringList messages;
    for (const Error &error : spec->errors())
        messages.append(error.message);
    return messages;
}

inline QJsonObject readJsonFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

inline QStringList readLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace valis::test

/// Fails the test with the spec's state and errors when `spec` is not in `expected`.
#define VALIS_COMPARE_STATE(spec, expected)                                                      \
    do {                                                                                         \
        QVERIFY2((spec) != nullptr, "no such plugin spec");                                      \
        QVERIFY2((spec)->state() == (expected),                                                  \
                 qPrintable(QStringLiteral("%1 is %2 (%3), expected %4")                         \
                                .arg((spec)->filePath(),                                         \
                                     ::valis::PluginSpec::stateName((spec)->state()),            \
                                     ::valis::test::errorMessages(spec).join(QStringLiteral("; ")), \
                                     ::valis::PluginSpec::stateName(expected))));               \
    } while (false)
