#pragma once

#include "searchtypes.h"

#include "valis/core/result.h"

#include <QString>
#include <QStringList>

namespace valis::web {
struct WebSettings;
}

namespace valis::websearch {

/// A domain as the model may write it ("https://Docs.Python.org/3/", "*.python.org") reduced
/// to its host name ("docs.python.org"); empty when it names none.
QString normalizedDomain(const QString &text);
/// Whether `host` is `domain` or one of its subdomains (case-insensitive).
bool hostCoveredBy(const QString &host, const QString &domain);

/// The domains a search may use: the model's include_domains narrowed by config/web.json's
/// allowDomains (a model can only narrow what the person allowed, never widen it), and the
/// model's exclude_domains plus the person's denyDomains.
struct DomainPlan
{
    QStringList include; ///< empty: any domain the settings allow
    QStringList exclude;
};

/// The plan for the model's lists under `settings`; an Error ("web_search.domains") when the
/// model named domains to search and none of them is allowed.
Result<DomainPlan> planDomains(const web::WebSettings &settings, const QStringList &include, const QStringList &exclude);

/// Drops the results a service returned from outside the plan or the settings (services apply
/// domain filters loosely); returns how many it dropped.
int dropOutsideDomains(QList<SearchHit> *hits, const DomainPlan &plan, const web::WebSettings &settings);

} // namespace valis::websearch
