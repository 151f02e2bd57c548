#pragma once

#include "valis/core/result.h"

#include <QWidget>

class QLabel;
class QToolButton;

namespace valis {

class EmbeddingRunner;

/// The status bar's view of an EmbeddingRunner: "Embedding 1,240 / 5,000" with a cancel button
/// while a pass runs, the reason when one failed, nothing otherwise.
class EmbeddingStatus : public QWidget
{
    Q_OBJECT

public:
    explicit EmbeddingStatus(EmbeddingRunner *runner, QWidget *parent = nullptr);

    /// What the label shows (for tests and accessibility).
    QString text() const;

private:
    void showProgress(qint64 done, qint64 total);
    void showFinished(const valis::Result<void> &result);

    QLabel *m_label;
    QToolButton *m_cancel;
};

} // namespace valis
