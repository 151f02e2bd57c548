#include "memoryprocessingpane.h"

#include "memoryprocessingcontroller.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace valis {

namespace {

constexpr int RecommendationRole = Qt::UserRole + 1;

QString proposalName(const QString &proposal)
{
    if (proposal == QLatin1String("agents_md"))
        return MemoryProcessingPane::tr("AGENTS.md");
    if (proposal == QLatin1String("skill"))
        return MemoryProcessingPane::tr("Skill");
    if (proposal == QLatin1String("delete"))
        return MemoryProcessingPane::tr("Delete");
    return proposal;
}

QString typeName(const QString &type)
{
    if (type == QLatin1String(ProcessedType::Lesson))
        return MemoryProcessingPane::tr("Lesson");
    if (type == QLatin1String(ProcessedType::Reference))
        return MemoryProcessingPane::tr("Reference");
    if (type == QLatin1String(ProcessedType::Topic))
        return MemoryProcessingPane::tr("Topic");
    return type;
}

QString layerName(const QString &layer)
{
    if (layer == QLatin1String("global"))
        return MemoryProcessingPane::tr("global");
    if (layer == QLatin1String("project"))
        return MemoryProcessingPane::tr("project");
    return MemoryProcessingPane::tr("session");
}

} // namespace

MemoryProcessingPane::MemoryProcessingPane(MemoryProcessingController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("memoryProcessingPane"));
    m_status = new QLabel(tr("Lessons, references and topics are learned from sessions once they go quiet."), this);
    m_status->setObjectName(QStringLiteral("memoryProcessingStatus"));
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("memoryProcessingProgress"));
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_process = new QPushButton(tr("Learn from sessions now"), this);
    m_process->setObjectName(QStringLiteral("memoryProcessNow"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("memoryProcessCancel"));
    m_cancel->hide();

    m_recommendations = new QTreeWidget(this);
    m_recommendations->setObjectName(QStringLiteral("memoryRecommendations"));
    m_recommendations->setAccessibleName(tr("Recommendations"));
    m_recommendations->setHeaderLabels({tr("Proposal"), tr("Recommendation"), tr("Weight")});
    m_recommendations->setRootIsDecorated(false);
    m_recommendations->header()->setStretchLastSection(false);
    m_recommendations->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_recommendations->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_recommendations->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_details = new QPlainTextEdit(this);
    m_details->setObjectName(QStringLiteral("memoryRecommendationDetails"));
    m_details->setAccessibleName(tr("Recommendation details"));
    m_details->setReadOnly(true);
    m_accept = new QPushButton(tr("Accept"), this);
    m_accept->setObjectName(QStringLiteral("memoryAccept"));
    m_reject = new QPushButton(tr("Reject"), this);
    m_reject->setObjectName(QStringLiteral("memoryReject"));
    m_accept->setEnabled(false);
    m_reject->setEnabled(false);

    m_learned = new QTreeWidget(this);
    m_learned->setObjectName(QStringLiteral("memoryLearned"));
    m_learned->setAccessibleName(tr("Learned memory"));
    m_learned->setHeaderLabels({tr("Type"), tr("Learned"), tr("Weight"), tr("Layer"), tr("Uses")});
    m_learned->setRootIsDecorated(false);
    m_learned->setUniformRowHeights(true);
    m_learned->header()->setStretchLastSection(false);
    for (int column : {0, 2, 3, 4})
        m_learned->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_learned->header()->setSectionResizeMode(1, QHeaderView::Stretch);

    auto *top = new QHBoxLayout;
    top->addWidget(m_progress, 1);
    top->addWidget(m_process);
    top->addWidget(m_cancel);
    auto *decide = new QHBoxLayout;
    decide->addStretch(1);
    decide->addWidget(m_reject);
    decide->addWidget(m_accept);
    auto *proposals = new QWidget(this);
    auto *proposalsLayout = new QVBoxLayout(proposals);
    proposalsLayout->setContentsMargins(0, 0, 0, 0);
    proposalsLayout->addWidget(new QLabel(tr("Recommendations (nothing changes until you accept)"), proposals));
    proposalsLayout->addWidget(m_recommendations, 2);
    proposalsLayout->addWidget(m_details, 1);
    proposalsLayout->addLayout(decide);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(proposals);
    splitter->addWidget(m_learned);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_process, &QPushButton::clicked, m_controller, &MemoryProcessingController::processNow);
    connect(m_cancel, &QPushButton::clicked, m_controller, &MemoryProcessingController::cancel);
    connect(m_accept, &QPushButton::clicked, this, [this] { decideShown(true); });
    connect(m_reject, &QPushButton::clicked, this, [this] { decideShown(false); });
    connect(m_recommendations, &QTreeWidget::currentItemChanged, this, &MemoryProcessingPane::select);
    connect(m_controller, &MemoryProcessingController::started, this, [this] {
        m_status->setText(tr("Learning from sessions…"));
        m_progress->setRange(0, 0);
        m_progress->show();
        m_cancel->show();
        m_cancel->setEnabled(true);
        m_process->setEnabled(false);
    });
    connect(m_controller, &MemoryProcessingController::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("%1 of %2 sessions").arg(done).arg(total));
    });
    connect(m_controller, &MemoryProcessingController::finished, this, [this](const MemoryProcessingResult &result) {
        m_progress->hide();
        m_cancel->hide();
        m_process->setEnabled(true);
        if (result.cancelled) {
            m_status->setText(tr("Cancelled after %n session(s); the rest is picked up next time.", nullptr, result.sessionsProcessed));
            return;
        }
        m_status->setText(tr("Learned from %n session(s). Lessons: %1, references: %2, topics: %3, new recommendations: %4.", nullptr,
                             result.sessionsProcessed)
                              .arg(result.ledger.lessons)
                              .arg(result.ledger.references)
                              .arg(result.ledger.topics)
                              .arg(result.ledger.recommendations));
    });
    connect(m_controller, &MemoryProcessingController::listed, this, &MemoryProcessingPane::showListed);
    connect(m_controller, &MemoryProcessingController::decided, this, [this](const MemoryRecommendation &recommendation) {
        m_status->setText(recommendation.status == QLatin1String("accepted") ? tr("Accepted: %1").arg(recommendation.summary)
                                                                              : tr("Rejected: %1").arg(recommendation.summary));
    });
    connect(m_controller, &MemoryProcessingController::failed, this, [this](const Error &error) {
        m_status->setText(tr("Memory processing: %1").arg(error.toString()));
        m_accept->setEnabled(m_recommendations->currentItem() != nullptr);
        m_reject->setEnabled(m_recommendations->currentItem() != nullptr);
    });
}

QString MemoryProcessingPane::statusText() const
{
    return m_status->text();
}

void MemoryProcessingPane::showListed(const QList<MemoryRecommendation> &recommendations, const QList<MemoryRecord> &learned)
{
    const QString shown = m_recommendations->currentItem()
                              ? m_recommendations->currentItem()->data(0, RecommendationRole).value<QString>()
                              : QString();
    m_recommendations->clear();
    m_details->clear();
    m_accept->setEnabled(false);
    m_reject->setEnabled(false);
    for (const MemoryRecommendation &recommendation : recommendations) {
        auto *item = new QTreeWidgetItem(m_recommendations);
        item->setData(0, RecommendationRole, recommendation.key);
        item->setText(0, proposalName(recommendation.proposal));
        item->setText(1, recommendation.summary);
        item->setToolTip(1, recommendation.summary);
        item->setText(2, QLocale().toString(recommendation.weight, 'f', 2));
        QString details = recommendation.text.trimmed();
        if (!recommendation.path.isEmpty())
            details = tr("Writes /memories/%1:").arg(recommendation.path) + QStringLiteral("\n\n") + details;
        QStringList evidence;
        for (const MemoryEvidence &entry : recommendation.evidence)
            evidence.append(entry.sessionId + QStringLiteral(" / ") + entry.messageId);
        if (!evidence.isEmpty())
            details += QStringLiteral("\n\n") + tr("Evidence: %1").arg(evidence.join(QStringLiteral(", ")));
        item->setData(1, RecommendationRole, details);
        if (recommendation.key == shown)
            m_recommendations->setCurrentItem(item);
    }
    m_learned->clear();
    for (const MemoryRecord &record : learned) {
        auto *item = new QTreeWidgetItem(m_learned);
        item->setText(0, typeName(record.type));
        item->setText(1, record.summary);
        item->setToolTip(1, record.key + QStringLiteral(" · ") + record.summary);
        item->setText(2, QLocale().toString(record.metadata.value(QLatin1String("weight")).toDouble(), 'f', 2));
        item->setText(3, layerName(record.metadata.value(QLatin1String("layer")).toString()));
        item->setText(4, QString::number(record.metadata.value(QLatin1String("uses")).toInt()));
    }
}

void MemoryProcessingPane::select(QTreeWidgetItem *item)
{
    m_accept->setEnabled(item != nullptr);
    m_reject->setEnabled(item != nullptr);
    m_details->setPlainText(item ? item->data(1, RecommendationRole).toString() : QString());
}

void MemoryProcessingPane::decideShown(bool accept)
{
    QTreeWidgetItem *item = m_recommendations->currentItem();
    if (!item)
        return;
    m_accept->setEnabled(false);
    m_reject->setEnabled(false);
    m_controller->decide(item->data(0, RecommendationRole).toString(), accept);
}

} // namespace valis
