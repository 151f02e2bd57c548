#include "skillcatalog.h"

#include "skillfrontmatter.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace valis::tools {

// Messages go back to the model: English, not tr()'d.

namespace {

const QString SkillFile = QStringLiteral("SKILL.md");

/// Reads up to `maxBytes` of a file, for either origin.
struct Source
{
    virtual ~Source() = default;
    virtual Result<qint64> size(const QString &path) const = 0;
    virtual Result<QByteArray> read(const QString &path, qint64 maxBytes) const = 0;
};

struct LocalSource : Source
{
    Result<qint64> size(const QString &path) const override
    {
        const QFileInfo info(path);
        if (!info.isFile())
            return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist").arg(path));
        return info.size();
    }
    Result<QByteArray> read(const QString &path, qint64 maxBytes) const override
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error(QStringLiteral("fs.io"), QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
        return file.read(maxBytes);
    }
};

struct WorkspaceSource : Source
{
    explicit WorkspaceSource(const AgentFilesystem *filesystem) : fs(filesystem) {}
    Result<qint64> size(const QString &path) const override
    {
        const Result<FileEntry> entry = fs->stat(path);
        if (!entry.ok())
            return entry.error();
        if (entry->isDirectory())
            return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 is a folder").arg(path));
        return entry->size;
    }
    Result<QByteArray> read(const QString &path, qint64 maxBytes) const override { return fs->read(path, 0, maxBytes); }
    const AgentFilesystem *fs;
};

QString tooLarge(qint64 size)
{
    return QStringLiteral("it is %1; skill files are limited to %2").arg(formatSize(size), formatSize(SkillCatalog::MaxFileBytes));
}

/// Reads the frontmatter of one SKILL.md; a problem on failure.
Result<SkillInfo> readSkill(const Source &source, const QString &path, QString *name)
{
    const Result<qint64> size = source.size(path);
    if (!size.ok())
        return size.error();
    const Result<QByteArray> head = source.read(path, SkillCatalog::HeadBytes);
    if (!head.ok())
        return head.error();
    const Result<SkillFrontmatter> frontmatter = SkillFrontmatter::parse(QString::fromUtf8(*head));
    if (frontmatter.ok())
        *name = frontmatter->name;
    // Too large is said first: fixing the frontmatter of such a file would not help.
    if (*size > SkillCatalog::MaxFileBytes)
        return Error(QStringLiteral("skill.too-large"), tooLarge(*size));
    if (!frontmatter.ok())
        return frontmatter.error();
    SkillInfo info;
    info.name = frontmatter->name;
    info.description = frontmatter->description;
    info.tags = frontmatter->tags;
    info.size = *size;
    return info;
}

/// Whether `relative` stays inside a folder: no absolute path, no "..", no NUL.
bool staysInside(const QString &relative)
{
    if (relative.startsWith(QLatin1Char('/')) || relative.startsWith(QLatin1Char('\\')) || relative.contains(QChar(0))
        || QDir::isAbsolutePath(relative))
        return false;
    const QStringList parts = QDir::fromNativeSeparators(relative).split(QLatin1Char('/'));
    return !parts.contains(QStringLiteral(".."));
}

bool looksBinary(const QByteArray &bytes)
{
    return bytes.left(8192).contains('\0');
}

} // namespace

const SkillInfo *SkillScan::find(const QString &name) const
{
    for (const SkillInfo &skill : skills) {
        if (skill.name == name)
            return &skill;
    }
    return nullptr;
}

const SkillProblem *SkillScan::findProblem(const QString &name) const
{
    for (const SkillProblem &problem : problems) {
        if (!problem.name.isEmpty() && problem.name == name)
            return &problem;
    }
    return nullptr;
}

QString formatSize(qint64 bytes)
{
    if (bytes >= 1024 * 1024)
        return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QStringLiteral(" MB");
    if (bytes >= 1024)
        return QString::number(bytes / 1024) + QStringLiteral(" KB");
    return QString::number(bytes) + (bytes == 1 ? QStringLiteral(" byte") : QStringLiteral(" bytes"));
}

SkillCatalog::SkillCatalog(const DataLocations &locations) : m_locations(locations) {}

Result<QString> SkillCatalog::agentSkillsDir(const QString &agentId) const
{
    const QString id = agentId.isEmpty() ? QStringLiteral("default") : agentId;
    if (id.contains(QLatin1Char('/')) || id.contains(QLatin1Char('\\')) || id == QLatin1String("..")
        || id == QLatin1String(".") || id.contains(QChar(0)))
        return Error(QStringLiteral("skill.bad-agent"), QStringLiteral("the agent id \"%1\" cannot name a folder").arg(id));
    return m_locations.agentSkillsDir(id);
}

SkillScan SkillCatalog::scan(const ToolContext &context) const
{
    SkillScan scan;
    QList<SkillInfo> agentSkills;
    QList<SkillInfo> workspaceSkills;

    // Two folders whose SKILL.md give the same name: the first (by folder name) counts.
    const auto addUnique = [&scan](QList<SkillInfo> *list, const SkillInfo &info) {
        for (const SkillInfo &other : *list) {
            if (other.name == info.name) {
                scan.problems.append({info.location,
                                      QStringLiteral("skipped: its name \"%1\" is already used by %2").arg(info.name, other.location),
                                      QString()});
                return;
            }
        }
        list->append(info);
    };
    // Reads the SKILL.md at `path` into `list`, or records why it cannot be used.
    const auto addSkill = [&scan, &addUnique](const Source &source, const QString &path, const QString &folder,
                                              SkillInfo::Origin origin, QList<SkillInfo> *list) {
        QString name;
        Result<SkillInfo> info = readSkill(source, path, &name);
        if (!info.ok()) {
            scan.problems.append({path, info.error().message, name});
            return;
        }
        info->origin = origin;
        info->location = path;
        info->folder = folder;
        addUnique(list, *info);
    };

    const Result<QString> agentDir = agentSkillsDir(context.agentId);
    if (!agentDir.ok()) {
        scan.problems.append({QString(), agentDir.error().message, QString()});
    } else {
        const LocalSource source;
        const QFileInfoList folders = QDir(*agentDir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QFileInfo &folder : folders) {
            const QString path = QDir(folder.absoluteFilePath()).filePath(SkillFile);
            if (!QFileInfo::exists(path))
                continue;
            addSkill(source, path, folder.absoluteFilePath(), SkillInfo::Origin::Agent, &agentSkills);
        }
    }

    if (context.filesystem) {
        const Result<QList<FileEntry>> entries = context.filesystem->list(workspaceSkillsPath());
        if (!entries.ok()) {
            if (entries.error().code != QLatin1String("fs.not-found") && entries.error().code != QLatin1String("fs.not-a-directory"))
                scan.problems.append({workspaceSkillsPath(), entries.error().message, QString()});
        } else {
            const WorkspaceSource source(context.filesystem);
            for (const FileEntry &entry : *entries) {
                const QString folder = workspaceSkillsPath() + QLatin1Char('/') + entry.path.section(QLatin1Char('/'), -1);
                if (entry.type == FileEntry::Type::Symlink) {
                    // The backend keeps links that lead outside the workspace (or nowhere) as links.
                    scan.problems.append({folder, QStringLiteral("skipped: it is a link that leads outside the workspace or to nothing"), QString()});
                    continue;
                }
                if (!entry.isDirectory())
                    continue;
                const QString path = folder + QLatin1Char('/') + SkillFile;
                const Result<FileEntry> skillFile = context.filesystem->stat(path);
                if (!skillFile.ok() && skillFile.error().code == QLatin1String("fs.not-found"))
                    continue;
                addSkill(source, path, folder, SkillInfo::Origin::Workspace, &workspaceSkills);
            }
        }
    }

    scan.skills = workspaceSkills;
    for (const SkillInfo &skill : agentSkills) {
        const auto winner = std::find_if(workspaceSkills.cbegin(), workspaceSkills.cend(),
                                         [&skill](const SkillInfo &w) { return w.name == skill.name; });
        if (winner != workspaceSkills.cend()) {
            scan.notes.append(QStringLiteral("The workspace skill \"%1\" (%2) overrides your own skill of the same name (%3).")
                                  .arg(skill.name, winner->location, skill.location));
        } else {
            scan.skills.append(skill);
        }
    }
    std::sort(scan.skills.begin(), scan.skills.end(), [](const SkillInfo &a, const SkillInfo &b) { return a.name < b.name; });
    return scan;
}

Result<QString> SkillCatalog::readFile(const SkillInfo &skill, const QString &relativePath, const ToolContext &context) const
{
    const QString relative = relativePath.isEmpty() ? SkillFile : QDir::cleanPath(QDir::fromNativeSeparators(relativePath));
    if (!staysInside(relativePath) || relative == QLatin1String(".") || relative.isEmpty()) {
        return Error(QStringLiteral("skill.outside"),
                     QStringLiteral("`file` must be a path inside the skill's folder (like \"reference.md\"), got \"%1\"")
                         .arg(relativePath.left(200)));
    }

    QByteArray bytes;
    qint64 size = 0;
    if (skill.origin == SkillInfo::Origin::Agent) {
        const QString path = QDir(skill.folder).filePath(relative);
        // The agent's folder is trusted, but a link inside it must still not lead elsewhere.
        const QString realFolder = QFileInfo(skill.folder).canonicalFilePath();
        const QFileInfo info(path);
        const QString real = info.canonicalFilePath();
        if (real.isEmpty())
            return Error(QStringLiteral("fs.not-found"), QStringLiteral("%1 does not exist in the skill \"%2\"").arg(relative, skill.name));
        if (!real.startsWith(realFolder + QLatin1Char('/')))
            return Error(QStringLiteral("skill.outside"), QStringLiteral("%1 leads outside the skill's folder").arg(relative));
        if (!QFileInfo(real).isFile())
            return Error(QStringLiteral("fs.not-a-file"), QStringLiteral("%1 in the skill \"%2\" is a folder").arg(relative, skill.name));
        size = QFileInfo(real).size();
        if (size > MaxFileBytes)
            return Error(QStringLiteral("skill.too-large"), QStringLiteral("%1 of the skill \"%2\" cannot be loaded: %3")
                                                             .arg(relative, skill.name, tooLarge(size)));
        const Result<QByteArray> read = LocalSource().read(real, MaxFileBytes + 1);
        if (!read.ok())
            return read.error();
        bytes = *read;
    } else {
        if (!context.filesystem)
            return Error(QStringLiteral("skill.no-filesystem"), QStringLiteral("this session has no workspace files to read"));
        const QString path = skill.folder + QLatin1Char('/') + relative;
        const WorkspaceSource source(context.filesystem);
        const Result<qint64> found = source.size(path);
        if (!found.ok())
            return found.error();
        size = *found;
        if (size > MaxFileBytes)
            return Error(QStringLiteral("skill.too-large"), QStringLiteral("%1 of the skill \"%2\" cannot be loaded: %3")
                                                             .arg(relative, skill.name, tooLarge(size)));
        const Result<QByteArray> read = source.read(path, MaxFileBytes + 1);
        if (!read.ok())
            return read.error();
        bytes = *read;
    }
    if (bytes.size() > MaxFileBytes) // it grew since it was measured
        return Error(QStringLiteral("skill.too-large"), QStringLiteral("%1 of the skill \"%2\" cannot be loaded: %3")
                                                         .arg(relative, skill.name, tooLarge(bytes.size())));
    if (looksBinary(bytes))
        return Error(QStringLiteral("skill.binary"), QStringLiteral("%1 of the skill \"%2\" is a binary file (%3); it cannot be shown as text")
                                                      .arg(relative, skill.name, formatSize(size)));
    return QString::fromUtf8(bytes);
}

QStringList SkillCatalog::otherFiles(const SkillInfo &skill, const ToolContext &context, int limit, int *more) const
{
    // Gathers a bounded number, then sorts, so which files are shown does not depend on the
    // order the disk lists them in.
    constexpr int MaxScanned = 2000;
    QStringList files;
    const auto add = [&](const QString &relative) {
        if (relative != SkillFile && files.size() < MaxScanned)
            files.append(relative);
    };
    if (skill.origin == SkillInfo::Origin::Agent) {
        QDirIterator it(skill.folder, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        const QDir root(skill.folder);
        while (it.hasNext())
            add(root.relativeFilePath(it.next()));
    } else if (context.filesystem) {
        // Breadth-first, a few levels deep: skills keep references and scripts close to SKILL.md.
        QStringList pending{QString()};
        for (int depth = 0; depth < 4 && !pending.isEmpty(); ++depth) {
            QStringList nextLevel;
            for (const QString &sub : pending) {
                const QString folder = sub.isEmpty() ? skill.folder : skill.folder + QLatin1Char('/') + sub;
                const Result<QList<FileEntry>> entries = context.filesystem->list(folder);
                if (!entries.ok())
                    continue;
                for (const FileEntry &entry : *entries) {
                    const QString name = entry.path.section(QLatin1Char('/'), -1);
                    const QString relative = sub.isEmpty() ? name : sub + QLatin1Char('/') + name;
                    if (entry.isDirectory())
                        nextLevel.append(relative);
                    else
                        add(relative);
                }
            }
            pending = nextLevel;
        }
    }
    files.sort();
    if (more)
        *more = int(qMax<qsizetype>(0, files.size() - limit));
    if (files.size() > limit)
        files.resize(limit);
    return files;
}

} // namespace valis::tools
