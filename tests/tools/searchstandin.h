#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>

namespace valis::test {

/// One of the search stand-ins of tests/standins (tavily, perplexity) running under node on
/// 127.0.0.1 with the shared test corpus, for the web_search tests: started with its fault
/// flags, asked what requests it received, and stopped when this object goes.
class SearchStandin
{
public:
    /// `service` is the folder under tests/standins; `arguments` are extra flags ("--sendDone", "true").
    explicit SearchStandin(const QString &service, const QStringList &arguments = {});
    ~SearchStandin();

    /// Empty when it listens; otherwise why not (node missing, the script failed).
    QString problem() const { return m_problem; }
    QUrl url() const;
    /// The API requests received since the last reset, each {method, path, headers, body, raw}.
    QJsonArray requests();
    /// Replaces the fault flags (and forgets the requests): {"fail429On": 1, "retryAfter": "2"}.
    void setFaults(const QJsonObject &faults);

    /// The node executable, or empty when there is none.
    static QString node();

private:
    QJsonValue control(const QByteArray &method, const QString &path, const QByteArray &body = {});

    std::unique_ptr<QProcess> m_process;
    int m_port = 0;
    QString m_problem;
};

} // namespace valis::test
