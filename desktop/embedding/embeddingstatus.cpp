#include "embeddingstatus.h"

#include "embeddingrunner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>

namespace valis {

EmbeddingStatus::EmbeddingStatus(EmbeddingRunner *runner, QWidget *parent)
    : QWidget(parent), m_label(new QLabel(this)), m_cancel(new QToolButton(this))
{
    setObjectName(QStringLiteral("embeddingStatus"));
    m_label->setObjectName(QStringLiteral("embeddingProgress"));
    m_cancel->setObjectName(QStringLiteral("cancelEmbedding"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop embedding; it goes on after the next turn."));
    m_cancel->setAutoRaise(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_cancel);
    hide();
    connect(runner, &EmbeddingRunner::started, this, [this] { showProgress(0, -1); });
    connect(runner, &EmbeddingRunner::progressed, this, &EmbeddingStatus::showProgress);
    connect(runner, &EmbeddingRunner::finished, this, &EmbeddingStatus::showFinished);
    connect(m_cancel, &QToolButton::clicked, runner, &EmbeddingRunner::cancel);
}

QString EmbeddingStatus::text() const
{
    return isHidden() ? QString() : m_label->text();
}

void EmbeddingStatus::showProgress(qint64 done, qint64 total)
{
    if (total == 0) {
        hide(); // nothing to embed this time
        return;
    }
    const QLocale locale;
    m_label->setText(total < 0 ? tr("Embedding…")
                               : tr("Embedding %1 / %2").arg(locale.toString(done), locale.toString(total)));
    m_label->setToolTip(tr("Vectors for memories and transcripts, so recall finds passages by meaning."));
    m_cancel->show();
    show();
}

void EmbeddingStatus::showFinished(const Result<void> &result)
{
    if (result.ok() || result.error().code == QLatin1String("embedding.cancelled")) {
        hide();
        return;
    }
    m_label->setText(tr("Embedding failed"));
    m_label->setToolTip(result.error().toString());
    m_cancel->hide();
    show();
}

} // namespace valis
