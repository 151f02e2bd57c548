#include "searchdomains.h"

#include "websettings.h"

#include <QUrl>

// Messages reach the model inside the tool result: English, not tr()'d.

namespace valis::websearch {

QString normalizedDomain(const QString &text)
{
    QString domain = text.trimmed().toLower();
    if (domain.contains(QLatin1String("://")))
        domain = QUrl(domain).host();
    else
        domain = domain.section(QLatin1Char('/'), 0, 0);
    if (domain.startsWith(QLatin1String("*.")))
        domain = domain.mid(2);
    while (domain.startsWith(QLatin1Char('.')))
        domain.remove(0, 1);
    while (domain.endsWith(QLatin1Char('.')))
        domain.chop(1);
    for (const QChar c : std::as_const(domain)) {
        if (!(c.isLetterOrNumber() || c == QLatin1Char('.') || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char(':')))
            return {};
    }
    return domain;
}

bool hostCoveredBy(const QString &host, const QString &domain)
{
    const QString h = host.toLower();
    const QString d = domain.toLower();
    return !d.isEmpty() && (h == d || h.endsWith(QLatin1Char('.') + d));
}

Result<DomainPlan> planDomains(const web::WebSettings &settings, const QStringList &include, const QStringList &exclude)
{
    DomainPlan plan;
    if (settings.allowDomains.isEmpty()) {
        plan.include = include;
    } else if (include.isEmpty()) {
        plan.include = settings.allowDomains;
    } else {
        // The overlap of the two lists: a model domain inside an allowed one stays, an allowed
        // domain inside a broader model domain is what remains of it.
        for (const QString &wanted : include) {
            for (const QString &allowed : settings.allowDomains) {
                const QString narrower = hostCoveredBy(wanted, allowed) ? wanted : hostCoveredBy(allowed, wanted) ? allowed : QString();
                if (!narrower.isEmpty() && !plan.include.contains(narrower))
                    plan.include.append(narrower);
            }
        }
    }
    plan.include.removeIf([&settings](const QString &domain) { return !settings.domainAllowed(domain); });
    if (!include.isEmpty() && plan.include.isEmpty()) {
        const QString none = QStringLiteral("(none)");
        return Error(QStringLiteral("web_search.domains"),
                     QStringLiteral("None of include_domains (%1) may be searched: config/web.json allows %2 and denies %3. "
                                    "Search allowed domains, or leave include_domains out.")
                         .arg(include.join(QStringLiteral(", ")),
                              settings.allowDomains.isEmpty() ? QStringLiteral("any domain") : settings.allowDomains.join(QStringLiteral(", ")),
                              settings.denyDomains.isEmpty() ? none : settings.denyDomains.join(QStringLiteral(", "))));
    }
    plan.exclude = exclude;
    for (const QString &denied : settings.denyDomains) {
        if (!plan.exclude.contains(denied))
            plan.exclude.append(denied);
    }
    return plan;
}

int dropOutsideDomains(QList<SearchHit> *hits, const DomainPlan &plan, const web::WebSettings &settings)
{
    const auto outside = [&](const SearchHit &hit) {
        const QString host = QUrl(hit.url).host();
        if (host.isEmpty() || !settings.domainAllowed(host))
            return true;
        for (const QString &domain : plan.exclude) {
            if (hostCoveredBy(host, domain))
                return true;
        }
        if (plan.include.isEmpty())
            return false;
        for (const QString &domain : plan.include) {
            if (hostCoveredBy(host, domain))
                return false;
        }
        return true;
    };
    const qsizetype before = hits->size();
    hits->removeIf(outside);
    return int(before - hits->size());
}

} // namespace valis::websearch
