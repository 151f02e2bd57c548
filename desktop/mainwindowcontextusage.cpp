// The main window's context gauge: what the last request held against the model's window, with
// the marks where the session's strategies act.
#include "mainwindow.h"

#include "contextmeter.h"

#include "valis/context/contextsettings.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/pluginmanager.h"

#include <QFileInfo>

#include <algorithm>

namespace valis {

void MainWindow::showContextUsage(qint64 tokens, qint64 window, const QString &model)
{
    m_contextMeter->setUsage(tokens, window);
    if (!m_plugins)
        return;
    // The marks: every threshold the strategies in use act at ("evictAt": 0.85, "summariseAt":
    // 0.95). Worked out again only for another model or an edited config/context.json.
    const QString path = m_locations.contextSettingsPath();
    const QDateTime stamp = QFileInfo(path).lastModified();
    if (m_marksModel == model && m_marksStamp == stamp && m_marksKnown)
        return;
    m_marksModel = model;
    m_marksStamp = stamp;
    m_marksKnown = true;
    const Result<ContextSettings> settings = ContextSettings::load(path);
    if (settings.hasError()) {
        m_contextMeter->setMarks({});
        return;
    }
    QList<Error> warnings;
    const QList<ContextStrategy *> strategies = settings->select(m_plugins->strategies(), &warnings);
    QList<QPair<double, QString>> marks;
    const QHash<QString, QJsonObject> effective = settings->effectiveSettings(strategies, model);
    for (const QJsonObject &values : effective) {
        for (auto it = values.constBegin(); it != values.constEnd(); ++it) {
            const double share = it.value().toDouble(-1);
            if (it.key().endsWith(QLatin1String("At")) && share > 0 && share <= 1)
                marks.append({share, it.key().chopped(2)});
        }
    }
    std::sort(marks.begin(), marks.end());
    m_contextMeter->setMarks(marks);
}

void MainWindow::showRecordedContextUsage(const QList<Message> &messages)
{
    // One request's prompt, the last one that reported its usage: what the context held then.
    // Never a sum over the record, which no request ever sent.
    for (auto it = messages.crbegin(); it != messages.crend(); ++it) {
        if (it->role != Role::Assistant || it->usage.isEmpty())
            continue;
        const qint64 prompt = qMax<qint64>(0, it->usage.inputTokens) + qMax<qint64>(0, it->usage.cacheWriteTokens)
                              + qMax<qint64>(0, it->usage.cacheReadTokens);
        if (prompt <= 0)
            continue;
        if (!m_catalog)
            m_catalog = ModelCatalog::load(m_locations);
        const ModelMatch match = m_catalog->lookup(it->model);
        showContextUsage(prompt, match.isKnown() ? match.model.contextWindow : 0, it->model);
        return;
    }
    QString origin;
    for (const SessionInfo &info : std::as_const(m_sessionInfos)) {
        if (info.id == m_shownSession)
            origin = info.originKind;
    }
    if (m_shownSession.isEmpty())
        m_contextMeter->setUnavailable(tr("No session is shown."));
    else if (!origin.isEmpty() && origin != QLatin1String("valis"))
        m_contextMeter->setUnavailable(tr("This imported session records no usage: its source did not report what its "
                                          "requests sent, so there is nothing true to show."));
    else
        m_contextMeter->setUnavailable(tr("This session records no usage yet: no request of it has reported its tokens."));
}

} // namespace valis
