#include "store/contentfilesweep.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace valis::store {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SessionStore)
};

bool isHex(QStringView text)
{
    return std::all_of(text.begin(), text.end(), [](QChar c) {
        return (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'));
    });
}

constexpr qsizetype Sha256HexLength = 64;

} // namespace

ContentFileSweep::ContentFileSweep(QString directory, std::chrono::seconds gracePeriod)
    : m_directory(std::move(directory)), m_grace(gracePeriod)
{
}

bool ContentFileSweep::isOld(const QDateTime &modified) const
{
    return modified.isValid() && modified <= m_cutoff;
}

void ContentFileSweep::findCandidates()
{
    m_candidates.clear();
    m_report = OrphanSweepReport();
    m_cutoff = QDateTime::currentDateTimeUtc().addSecs(-qint64(m_grace.count()));
    const QDir root(m_directory);
    const QStringList folders = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &folder : folders) {
        if (folder.size() != 2 || !isHex(folder))
            continue;
        const QFileInfoList files = QDir(root.filePath(folder)).entryInfoList(QDir::Files | QDir::Hidden, QDir::Name);
        for (const QFileInfo &file : files) {
            const QString name = file.fileName();
            const QStringView sha = QStringView(name).left(Sha256HexLength);
            if (sha.size() != Sha256HexLength || !isHex(sha) || !name.startsWith(folder)
                || (name.size() > Sha256HexLength && name.at(Sha256HexLength) != QLatin1Char('.')))
                continue;
            ++m_report.examined;
            if (!isOld(file.lastModified().toUTC())) {
                ++m_report.keptRecent;
                continue;
            }
            m_candidates.append({file.absoluteFilePath(), sha.toString()});
        }
    }
}

Result<void> ContentFileSweep::removeUnreferenced(const QSet<QString> &referenced)
{
    QStringList failed;
    for (const Candidate &candidate : std::as_const(m_candidates)) {
        if (referenced.contains(candidate.sha256))
            continue;
        const QFileInfo now(candidate.path);
        if (!now.exists())
            continue;
        if (!isOld(now.lastModified().toUTC())) {
            ++m_report.keptRecent; // stored again since it was listed
            continue;
        }
        const qint64 size = now.size();
        if (!QFile::remove(candidate.path)) {
            failed.append(candidate.path);
            continue;
        }
        m_report.removed.append(candidate.path);
        m_report.bytesRemoved += size;
    }
    if (!failed.isEmpty())
        return Error(QStringLiteral("store.sweep-remove"),
                     Text::tr("cannot remove %n unreferenced file(s)", nullptr, int(failed.size())), failed.join(QStringLiteral(", ")));
    return success();
}

void renewContentFile(const QString &path)
{
    QFile file(path);
    if (file.open(QIODevice::Append))
        file.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
}

} // namespace valis::store
