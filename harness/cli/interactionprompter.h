#pragma once

#include "valis/plugins/toolinteraction.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTextStream>
#include <QUrl>

#include <functional>
#include <optional>

namespace valis::cli {

/// Opens `url` in the person's browser: each command of $BROWSER (colon-separated, "%s" standing
/// for the address), else xdg-open (open on macOS). Only http and https addresses are opened;
/// false when none is or nothing could be started (the caller then prints the address).
bool openInBrowser(const QUrl &url);

/// Asks a person on the terminal what a tool asks (ToolInteraction): a form field by field, the
/// consent to open a URL (its host shown), or the permission for a model answer (sampling).
/// Questions are printed to `err`; the answers arrive line by line through takeLine() (the
/// caller owns standard input, TerminalInput, and shares it with approvals). One question at a
/// time: the caller queues. `done` is called once with the answer, never from inside ask().
class InteractionPrompter : public QObject
{
public:
    using Done = std::function<void(const ToolInteractionAnswer &answer)>;

    InteractionPrompter(QTextStream &err, QObject *parent = nullptr);

    /// The model a sampling request would go to, shown when asking about one.
    void setModel(const QString &model) { m_model = model; }
    /// How a URL is opened once the person agrees (default: openInBrowser). Empty: the asker
    /// opens it itself once told "accept" (the MCP plugin does, through HostServices::openUrl).
    void setOpenUrl(std::function<bool(const QUrl &)> openUrl) { m_openUrl = std::move(openUrl); }

    /// Starts asking `interaction`. Asking while another question is open is a programming
    /// error: the earlier one is abandoned.
    void ask(const ToolInteraction &interaction, Done done);
    bool isAsking() const { return m_current.has_value(); }
    /// The id of the question being asked; empty when none.
    QString currentId() const { return m_current ? m_current->id : QString(); }
    /// Feeds one line the person typed to the open question.
    void takeLine(const QString &line);
    /// Stops asking without answering (the question went away, or nobody can answer any more).
    void abandon();

private:
    enum class Step { Intro, Field, Review };

    /// One property of a form's schema as a person fills it in.
    struct Field
    {
        QString key;
        QJsonObject schema;
        bool required = false;
        QStringList choiceValues;  ///< for enums: the values sent
        QStringList choiceTitles;  ///< ... and what a person reads
        bool multiple = false;     ///< an array of choices
    };

    void askIntro();
    void askField();
    void askReview(const QStringList &problems);
    void finish(const ToolInteractionAnswer &answer);
    /// The value typed for the current field, or an error to show before asking again.
    std::optional<QJsonValue> parseField(const Field &field, const QString &text, QString *problem) const;
    std::optional<QString> choice(const Field &field, const QString &token) const;
    QString describeDefault(const Field &field) const;
    static Field fieldFor(const QString &key, const QJsonObject &schema, bool required);
    void printSampling();

    QTextStream &m_err;
    QString m_model;
    std::function<bool(const QUrl &)> m_openUrl;
    std::optional<ToolInteraction> m_current;
    Done m_done;
    Step m_step = Step::Intro;
    QList<Field> m_fields;
    int m_fieldIndex = 0;
    QJsonObject m_content;
};

} // namespace valis::cli
