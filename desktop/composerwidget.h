#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace valis {

/// Where a person writes the next turn: the text, the provider and model it goes to, Send and
/// Stop. Enter sends, Shift+Enter starts a new line.
class ComposerWidget : public QWidget
{
    Q_OBJECT

public:
    explicit ComposerWidget(QWidget *parent = nullptr);

    void setProviders(const QStringList &ids, const QString &current);
    void setModel(const QString &model);
    /// Chooses provider `id` when it is offered; false when it is not.
    bool selectProvider(const QString &id);
    QString provider() const;
    QString model() const;
    /// While a turn runs: Send is off, Stop is on, the text stays editable for the next turn.
    void setBusy(bool busy);
    void setStatus(const QString &text);
    QPlainTextEdit *editor() const { return m_editor; }

Q_SIGNALS:
    void sendRequested(const QString &text);
    void stopRequested();
    /// The provider choice changed (to fill in its default model).
    void providerChanged(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void send();

    QComboBox *m_provider;
    QLineEdit *m_model;
    QPlainTextEdit *m_editor;
    QPushButton *m_send;
    QPushButton *m_stop;
    QLabel *m_status;
    bool m_busy = false;
};

} // namespace valis
