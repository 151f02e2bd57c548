#include "skillstoolprovider.h"

#include "skillfrontmatter.h"
#include "toolarguments.h"
#include "toolschema.h"

#include <QJsonObject>

#include <algorithm>
#include <vector>

namespace valis::tools {

// Everything here is read by the model, which reads English best: not tr()'d.

namespace {

constexpr int MaxDescriptionLength = 1024;
constexpr int MaxListedFiles = 50;
constexpr int MaxSuggestedNames = 20;

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> previous(size_t(b.size()) + 1);
    std::vector<int> current(size_t(b.size()) + 1);
    for (size_t j = 0; j < previous.size(); ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int substitution = previous[size_t(j - 1)] + (a.at(i - 1) == b.at(j - 1) ? 0 : 1);
            current[size_t(j)] = std::min({previous[size_t(j)] + 1, current[size_t(j - 1)] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[size_t(b.size())];
}

QString oneLine(QString text, int maxLength)
{
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text = text.simplified();
    if (text.size() > maxLength)
        text = text.left(maxLength - 1) + QChar(0x2026);
    return text;
}

class LoadSkillTool : public ThreadedTool
{
public:
    explicit LoadSkillTool(const SkillCatalog &catalog) : m_catalog(catalog) {}

    ToolSpec spec() const override
    {
        ToolSpec spec;
        spec.name = QStringLiteral("load_skill");
        spec.description = QStringLiteral(
            "Load a skill: its full instructions (SKILL.md), listed by name in the Skills section of the system "
            "prompt. Load a skill before starting a task its description matches, then follow it. A skill may "
            "refer to other files in its folder (references, scripts, templates): load one with `file`, a path "
            "relative to the skill's folder. The text stays in your context, so load each file once.");
        spec.inputSchema =
            ToolSchema()
                .string(QStringLiteral("name"), QStringLiteral("The skill's name exactly as listed (\"pdf-forms\")."), 1,
                        SkillFrontmatter::MaxNameLength)
                .string(QStringLiteral("file"),
                        QStringLiteral("Optional: a file in the skill's folder to load instead of SKILL.md, as a "
                                       "relative path (\"reference/forms.md\"). Absolute paths and \"..\" are refused."))
                .required({QStringLiteral("name")})
                .build();
        spec.readOnly = true; // it only reads skill files
        // A skill's instructions must stay in force for the whole task: never offload them.
        spec.keepResultsInContext = true;
        return spec;
    }

    ToolOutcome run(const ToolCall &call) const override
    {
        ToolArguments arguments(QStringLiteral("load_skill"), call.arguments);
        const QString name = arguments.requiredString(QStringLiteral("name")).trimmed();
        const QString file = arguments.optionalString(QStringLiteral("file")).value_or(QString()).trimmed();
        if (!arguments.ok())
            return ToolOutcome::error(arguments.errorMessage());

        const SkillScan scan = m_catalog.scan(call.context);
        const SkillInfo *skill = scan.find(name);
        if (!skill) {
            // A different case is still clearly the skill meant, when only one matches.
            const SkillInfo *caseMatch = nullptr;
            int matches = 0;
            for (const SkillInfo &candidate : scan.skills) {
                if (candidate.name.compare(name, Qt::CaseInsensitive) == 0) {
                    caseMatch = &candidate;
                    ++matches;
                }
            }
            if (matches == 1)
                skill = caseMatch;
        }
        if (!skill) {
            if (const SkillProblem *problem = scan.findProblem(name))
                return ToolOutcome::error(QStringLiteral("The skill \"%1\" (%2) cannot be loaded: %3.").arg(name, problem->location, problem->message));
            return ToolOutcome::error(unknownSkill(name, scan));
        }

        const Result<QString> text = m_catalog.readFile(*skill, file, call.context);
        if (!text.ok())
            return ToolOutcome::error(QStringLiteral("Cannot load %1: %2.").arg(file.isEmpty() ? QStringLiteral("the skill \"%1\"").arg(skill->name) : file, text.error().message));

        QString out;
        if (file.isEmpty()) {
            out = QStringLiteral("Skill \"%1\" (%2)\n\n").arg(skill->name, skill->location) + *text;
            int more = 0;
            const QStringList others = m_catalog.otherFiles(*skill, call.context, MaxListedFiles, &more);
            if (!others.isEmpty()) {
                if (!out.endsWith(QLatin1Char('\n')))
                    out += QLatin1Char('\n');
                out += QStringLiteral("\nOther files in this skill's folder (load one with load_skill, name \"%1\" and `file`):\n")
                           .arg(skill->name);
                for (const QString &other : others)
                    out += QStringLiteral("- ") + other + QLatin1Char('\n');
                if (more > 0)
                    out += QStringLiteral("- ... and %1 more\n").arg(more);
            }
        } else {
            out = QStringLiteral("File %1 of skill \"%2\"\n\n").arg(file, skill->name) + *text;
        }
        return ToolOutcome::text(out);
    }

private:
    static QString unknownSkill(const QString &name, const SkillScan &scan)
    {
        QStringList names;
        for (const SkillInfo &skill : scan.skills)
            names.append(skill.name);
        if (names.isEmpty()) {
            QString message = QStringLiteral("No skill is named \"%1\": no skills are available in this session.").arg(name);
            for (const SkillProblem &problem : scan.problems)
                message += QStringLiteral("\nSkipped %1: %2").arg(problem.location, problem.message);
            return message;
        }
        QStringList ordered = SkillsToolProvider::closestNames(name, names);
        const qsizetype total = ordered.size();
        if (ordered.size() > MaxSuggestedNames)
            ordered.resize(MaxSuggestedNames);
        QString message = QStringLiteral("No skill is named \"%1\". Available skills, closest first: %2")
                              .arg(name, ordered.join(QStringLiteral(", ")));
        if (total > ordered.size())
            message += QStringLiteral(" (and %1 more)").arg(total - ordered.size());
        message += QLatin1Char('.');
        for (const SkillProblem &problem : scan.problems) {
            message += QStringLiteral("\nSkipped %1: %2").arg(problem.location, problem.message);
        }
        return message;
    }

    SkillCatalog m_catalog;
};

} // namespace

SkillsToolProvider::SkillsToolProvider(const DataLocations &locations)
    : ThreadedToolProvider(QStringLiteral("skills")), m_catalog(locations)
{
    add(std::make_unique<LoadSkillTool>(m_catalog));
}

QString SkillsToolProvider::systemPromptSection(const ToolContext &context) const
{
    return renderSection(m_catalog.scan(context));
}

QString SkillsToolProvider::renderSection(const SkillScan &scan)
{
    if (scan.skills.isEmpty() && scan.problems.isEmpty() && scan.notes.isEmpty())
        return {};
    QString out = QStringLiteral("# Skills\n\n");
    if (scan.skills.isEmpty()) {
        out += QStringLiteral("No usable skills were found.\n");
    } else {
        out += QStringLiteral(
            "Skills are instructions written for particular kinds of tasks. When a task matches a skill's "
            "description, call load_skill with the skill's name before you start, and follow what it says. "
            "Only load the skills you need.\n\n");
        for (const SkillInfo &skill : scan.skills) {
            out += QStringLiteral("- ") + skill.name + QStringLiteral(": ") + oneLine(skill.description, MaxDescriptionLength);
            if (!skill.tags.isEmpty())
                out += QStringLiteral(" (tags: ") + skill.tags.join(QStringLiteral(", ")) + QLatin1Char(')');
            out += QLatin1Char('\n');
        }
    }
    if (!scan.notes.isEmpty()) {
        out += QLatin1Char('\n');
        for (const QString &note : scan.notes)
            out += note + QLatin1Char('\n');
    }
    if (!scan.problems.isEmpty()) {
        out += QStringLiteral("\nSkipped skill files (they cannot be loaded until fixed):\n");
        for (const SkillProblem &problem : scan.problems) {
            out += QStringLiteral("- ") + (problem.location.isEmpty() ? QString() : problem.location + QStringLiteral(": "))
                + oneLine(problem.message, 300) + QLatin1Char('\n');
        }
    }
    if (out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    return out;
}

QStringList SkillsToolProvider::closestNames(const QString &wanted, const QStringList &available)
{
    const QString target = wanted.toLower();
    struct Ranked
    {
        int score;
        int distance;
        QString name;
    };
    std::vector<Ranked> ranked;
    for (const QString &name : available) {
        const QString lower = name.toLower();
        const int distance = editDistance(target, lower);
        // A name that contains what was asked for, or the other way round, is nearly always it;
        // the distance then orders such names among themselves.
        const bool contains = !target.isEmpty() && (lower.contains(target) || target.contains(lower));
        ranked.push_back({contains ? std::min(distance, 1) : distance, distance, name});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked &a, const Ranked &b) {
        if (a.score != b.score)
            return a.score < b.score;
        return a.distance != b.distance ? a.distance < b.distance : a.name < b.name;
    });
    QStringList names;
    for (const Ranked &r : ranked)
        names.append(r.name);
    return names;
}

} // namespace valis::tools
