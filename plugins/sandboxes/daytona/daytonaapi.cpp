#include "daytonaapi.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

namespace valis::daytona {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::daytona::DaytonaSandbox)
};

QList<rest::Header> headers(const Endpoint &endpoint)
{
    return {{"Authorization", "Bearer " + endpoint.apiKey.toUtf8()},
            {"X-Daytona-Source", "valis"}};
}

QString describeHttp(const rest::Response &response)
{
    return Text::tr("Daytona answered HTTP %1: %2").arg(response.status).arg(errorText(response));
}

// The messages Daytona's quota guard uses ("Total CPU limit exceeded. Maximum allowed: 10.").
bool isQuotaMessage(const QString &message)
{
    static const QRegularExpression quota(QStringLiteral("limit exceeded|quota|concurrency limit"),
                                          QRegularExpression::CaseInsensitiveOption);
    return quota.match(message).hasMatch();
}

// 429 and the usual gateway hiccups are retried by the client; Daytona's proxy answers 502 when
// the runner is briefly unreachable.
const QSet<int> RetryStatuses{429, 502, 503, 504};
const RetryPolicy Retry{4, std::chrono::milliseconds(250), 2.0, std::chrono::milliseconds(4000),
                        std::chrono::milliseconds(30000), 0.2};
} // namespace

rest::Client Endpoint::control() const
{
    return rest::Client(apiUrl, headers(*this), controlError, Retry, RetryStatuses);
}

rest::Client Endpoint::toolbox(const QUrl &toolboxProxyUrl, const QString &sandboxId) const
{
    QUrl base = toolboxProxyUrl;
    QString path = base.path();
    if (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    base.setPath(path + QLatin1Char('/') + sandboxId);
    return rest::Client(base, headers(*this), toolboxError, Retry, RetryStatuses);
}

QString errorText(const rest::Response &response)
{
    const QJsonObject body = response.json().toObject();
    const QJsonValue message = body.value(QLatin1String("message"));
    if (message.isString())
        return message.toString().trimmed();
    if (message.isArray()) {
        QStringList parts;
        for (const QJsonValue &part : message.toArray())
            parts.append(part.toString());
        return parts.join(QStringLiteral("; "));
    }
    if (body.value(QLatin1String("error")).isString())
        return body.value(QLatin1String("error")).toString();
    return QString::fromUtf8(response.body.left(300)).trimmed();
}

QString errorCode(const rest::Response &response)
{
    return response.json().toObject().value(QLatin1String("code")).toString();
}

Error controlError(const rest::Response &response)
{
    const QString message = errorText(response);
    switch (response.status) {
    case 401:
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("Daytona refused the API key (%1). Put a valid key from "
                              "https://app.daytona.io/dashboard/keys in the keychain account \"daytona\" "
                              "(valis-cli keys set daytona) or in DAYTONA_API_KEY.")
                         .arg(message));
    case 403:
        if (isQuotaMessage(message))
            return Error(QStringLiteral("sandbox.remote-quota"),
                         Text::tr("Daytona refused to create the sandbox: %1 Delete sandboxes you no longer need "
                                  "(valis-cli sandbox cleanup) or ask for smaller resources.")
                             .arg(message));
        return Error(QStringLiteral("sandbox.remote-auth"),
                     Text::tr("Daytona does not allow this with the API key given (%1): give the key the "
                              "sandbox permissions at https://app.daytona.io/dashboard/keys.")
                         .arg(message));
    case 404:
        return Error(QStringLiteral("sandbox.remote-not-found"), Text::tr("Daytona: %1").arg(message));
    case 429:
        return Error(QStringLiteral("sandbox.remote-quota"),
                     Text::tr("Daytona's rate limit was still hit after several tries (%1): wait a minute and "
                              "try again.")
                         .arg(message));
    case 400:
    case 422:
        if (message.contains(QLatin1String("napshot"), Qt::CaseInsensitive)
            || message.contains(QLatin1String("image"), Qt::CaseInsensitive))
            return Error(QStringLiteral("sandbox.remote-image"),
                         Text::tr("Daytona cannot use that image or snapshot: %1 Check the \"image\" of the "
                                  "daytona section in config/sandboxes.json.")
                             .arg(message));
        break;
    default:
        break;
    }
    return Error(QStringLiteral("sandbox.remote-http"), describeHttp(response));
}

Error toolboxError(const rest::Response &response)
{
    const QString code = errorCode(response);
    if (code == QLatin1String("SANDBOX_NOT_STARTED") || code == QLatin1String("SANDBOX_NOT_FOUND"))
        return Error(QStringLiteral("sandbox.remote-gone"),
                     Text::tr("the Daytona sandbox is no longer running (%1): it was stopped or deleted. "
                              "Start it again, or let Valis create a new one.")
                         .arg(errorText(response)));
    if (response.status == 408)
        return Error(QStringLiteral("sandbox.timeout"), Text::tr("Daytona: %1").arg(errorText(response)));
    return controlError(response);
}

Error transportError(const Error &error)
{
    if (error.code.startsWith(QLatin1String("sandbox.")))
        return error;
    return Error(QStringLiteral("sandbox.remote-http"),
                 Text::tr("lost the connection to Daytona: %1. Check the network and DAYTONA_API_URL.").arg(error.message));
}

RemoteMachineInfo machineInfo(const QJsonObject &sandbox)
{
    RemoteMachineInfo info;
    info.sandboxId = QStringLiteral("daytona");
    info.machineId = sandbox.value(QLatin1String("id")).toString();
    info.name = sandbox.value(QLatin1String("name")).toString();
    info.state = sandbox.value(QLatin1String("state")).toString();
    info.running = info.state == QLatin1String("started");
    info.image = sandbox.value(QLatin1String("snapshot")).toString();
    if (info.image.isEmpty()) {
        static const QRegularExpression from(QStringLiteral("^FROM\\s+(\\S+)"), QRegularExpression::MultilineOption);
        const QString dockerfile =
            sandbox.value(QLatin1String("buildInfo")).toObject().value(QLatin1String("dockerfileContent")).toString();
        info.image = from.match(dockerfile).captured(1);
    }
    info.cpus = sandbox.value(QLatin1String("cpu")).toDouble();
    info.memoryGb = sandbox.value(QLatin1String("memory")).toDouble();
    info.diskGb = sandbox.value(QLatin1String("disk")).toDouble();
    info.createdAt = QDateTime::fromString(sandbox.value(QLatin1String("createdAt")).toString(), Qt::ISODateWithMs);
    const QJsonObject labels = sandbox.value(QLatin1String("labels")).toObject();
    for (auto it = labels.constBegin(); it != labels.constEnd(); ++it)
        info.labels.insert(it.key(), it.value().toString());
    return info;
}

QString executeCommandLine(const QString &script, const QByteArray &marker)
{
    // The daemon splits this line itself: the outer '...' becomes one argument of sh -c, so
    // nothing inside may hold a single quote. The script runs by `eval` in a subshell (a fork,
    // no new shell to exec): its `exit`, `cd` and syntax errors stay in there, and its standard
    // error goes to a file told apart from the output by `marker`. A script without single
    // quotes travels as a double-quoted word; any other goes base64 (one more pipeline).
    QString source;
    if (!script.contains(QLatin1Char('\''))) {
        QString escaped;
        escaped.reserve(script.size() + 16);
        for (const QChar c : script) {
            if (c == QLatin1Char('\\') || c == QLatin1Char('"') || c == QLatin1Char('$') || c == QLatin1Char('`'))
                escaped += QLatin1Char('\\');
            escaped += c;
        }
        source = QLatin1Char('"') + escaped + QLatin1Char('"');
    } else {
        source = QLatin1String("\"$(printf %s ") + QString::fromLatin1(script.toUtf8().toBase64())
                 + QLatin1String(" | base64 -d)\"");
    }
    // The error file is named after the (random) marker and made by the shell itself, private
    // and never over an existing file (umask 077, noclobber): no mktemp to start. `cat` only
    // when there is something to show, as most commands write no error output, and `rm` in the
    // background, away from the output, so the answer does not wait for it.
    QString file = QString::fromLatin1(marker);
    file.remove(QLatin1Char('@'));
    return QLatin1String("sh -c 'valis_e=${TMPDIR:-/tmp}/") + file
           + QLatin1String("; (umask 077; set -C; : >\"$valis_e\") || exit 125; (eval ") + source
           + QLatin1String(") 2>\"$valis_e\"; valis_s=$?; printf %s ") + QString::fromLatin1(marker)
           + QLatin1String("; if [ -s \"$valis_e\" ]; then cat \"$valis_e\"; fi; "
                           "rm -f \"$valis_e\" </dev/null >/dev/null 2>&1 & exit $valis_s'");
}

} // namespace valis::daytona
