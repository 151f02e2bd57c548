#include "realpath.h"

#include "backendmessages.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>

#include <vector>
#endif

namespace valis::filesystem {

Node inspect(const QString &path)
{
    Node node;
#ifdef Q_OS_UNIX
    const QByteArray native = QFile::encodeName(path);
    struct stat st;
    if (::lstat(native.constData(), &st) != 0)
        return node;
    node.exists = true;
    if (S_ISLNK(st.st_mode)) {
        node.isLink = true;
        // The link's own text, not QFileInfo::symLinkTarget(): that one is cleaned lexically,
        // which resolves "a/.." wrongly when "a" is itself a link.
        std::vector<char> buffer(std::max<size_t>(size_t(st.st_size) + 1, 256));
        for (;;) {
            const ssize_t length = ::readlink(native.constData(), buffer.data(), buffer.size());
            if (length < 0)
                break;
            if (size_t(length) < buffer.size()) {
                node.linkTarget = QFile::decodeName(QByteArray(buffer.data(), qsizetype(length)));
                break;
            }
            buffer.resize(buffer.size() * 2);
        }
    }
#else
    const QFileInfo info(path);
    node.isLink = info.isSymLink();
    node.exists = info.exists() || node.isLink;
    if (node.isLink)
        node.linkTarget = info.symLinkTarget();
#endif
    return node;
}

QString parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    if (slash <= 0)
        return QStringLiteral("/");
    return path.left(slash);
}

QString joined(const QString &folder, const QString &name)
{
    if (folder.endsWith(QLatin1Char('/')))
        return folder + name;
    return folder + QLatin1Char('/') + name;
}

Result<RealPath> resolveReal(const QString &start, QStringList pending)
{
    constexpr int MaxLinks = 40; // what Linux allows before ELOOP
    QString current = start;
    bool missing = false;
    int links = 0;
    while (!pending.isEmpty()) {
        const QString name = pending.takeFirst();
        if (name.isEmpty() || name == QLatin1String("."))
            continue;
        if (name == QLatin1String("..")) {
            current = parentOf(current);
            continue;
        }
        const QString next = joined(current, name);
        if (missing) {
            current = next;
            continue;
        }
        const Node node = inspect(next);
        if (!node.exists) {
            missing = true;
            current = next;
        } else if (node.isLink) {
            if (++links > MaxLinks) {
                return Error(QStringLiteral("fs.io"), QStringLiteral("too many levels of symbolic links"));
            }
            QStringList target = node.linkTarget.split(QLatin1Char('/'));
            if (QDir::isAbsolutePath(node.linkTarget)) {
#ifdef Q_OS_UNIX
                current = QStringLiteral("/");
#else
                current = QDir::cleanPath(node.linkTarget);
                target.clear();
#endif
            }
            pending = target + pending;
        } else {
            current = next;
        }
    }
    return RealPath{current, !missing};
}

bool isInside(const QString &real, const QString &root)
{
    if (root == QLatin1String("/"))
        return real.startsWith(QLatin1Char('/'));
    return real == root || (real.startsWith(root) && real.at(root.size()) == QLatin1Char('/'));
}

Result<Target> locate(const QString &root, const QString &description, const QString &path)
{
    const Result<RealPath> realRoot = resolveReal(QStringLiteral("/"), root.split(QLatin1Char('/')));
    if (realRoot.hasError())
        return Error(QStringLiteral("fs.io"), QStringLiteral("The %1 cannot be reached: %2.").arg(description, realRoot.error().message));
    const Result<RealPath> real = resolveReal(realRoot->real, path.split(QLatin1Char('/'), Qt::SkipEmptyParts));
    if (real.hasError()) {
        return Error(QStringLiteral("fs.io"), QStringLiteral("%1 cannot be reached: %2.").arg(shown(path), real.error().message),
                     path);
    }
    if (!isInside(real->real, realRoot->real))
        return outsideError(path, description);
    return Target{real->real, realRoot->exists && real->exists};
}

} // namespace valis::filesystem
