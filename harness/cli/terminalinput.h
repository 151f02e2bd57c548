#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

class QSocketNotifier;

namespace valis::cli {

/// Standard input for a command that keeps its event loop running: lines arrive as signals
/// (approval answers, JSON commands), never by blocking the loop that streams the answer.
class TerminalInput : public QObject
{
    Q_OBJECT

public:
    explicit TerminalInput(QObject *parent = nullptr);
    ~TerminalInput() override;

    /// Whether standard input is a terminal (a person can answer questions).
    bool isTerminal() const;
    /// Reads standard input to its end, blocking (for a prompt given on standard input, before
    /// the session starts). Afterwards only closed() follows.
    QString readAll();
    /// Starts reporting lines.
    void start();

Q_SIGNALS:
    void lineRead(const QString &line);
    /// End of input: nobody will answer any more.
    void closed();

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
    QByteArray m_buffer;
    bool m_atEnd = false;
};

/// SIGINT (Ctrl-C) as a Qt signal: the first one asks for an interrupt, a second one ends the
/// process at once (exit status 130), for a turn that does not stop. A server that runs until it
/// is stopped also hears SIGTERM the same way (and, on Windows, the console's Ctrl+C and
/// Ctrl+Break).
class InterruptSignal : public QObject
{
    Q_OBJECT

public:
    enum class Hears { Interrupt, InterruptAndTerminate };

    explicit InterruptSignal(QObject *parent = nullptr) : InterruptSignal(Hears::Interrupt, parent) {}
    explicit InterruptSignal(Hears hears, QObject *parent = nullptr);
    ~InterruptSignal() override;

Q_SIGNALS:
    void triggered();

private:
    QSocketNotifier *m_notifier = nullptr;
    Hears m_hears = Hears::Interrupt;
};

} // namespace valis::cli
