#pragma once

#include "valis/harness_export.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QUrl>

namespace valis {

/// A question a running tool needs a person to answer before it can go on: MCP servers ask for
/// form input (elicitation), for consent to open a URL, or for a model answer the person may
/// look at and deny (sampling). Raised with ToolInvocation::interactionRequested, carried to the
/// person as a SessionEvent (InteractionRequested), answered with Session::answerInteraction().
struct VALIS_HARNESS_EXPORT ToolInteraction
{
    enum class Kind {
        Form,      ///< fill in `schema` (a flat object of strings, numbers, booleans, enums)
        Url,       ///< agree to open `url` in the browser (its host is shown)
        Sampling,  ///< let the session's model answer `sampling` (messages, system prompt, limits)
    };

    QString id;        ///< unique within the invocation; the session makes it unique within itself
    Kind kind = Kind::Form;
    QString source;    ///< who asks: "MCP server everything"
    QString message;   ///< what the asker says it needs
    QJsonObject schema;
    QUrl url;
    QJsonObject sampling;

    static QString kindName(Kind kind);
};

/// A person's answer to a ToolInteraction: accept (with `content` for a form), decline, or cancel
/// (dismissed without choosing).
struct VALIS_HARNESS_EXPORT ToolInteractionAnswer
{
    enum class Action { Accept, Decline, Cancel };

    Action action = Action::Cancel;
    QJsonObject content;

    static ToolInteractionAnswer accepted(const QJsonObject &content = {}) { return {Action::Accept, content}; }
    static ToolInteractionAnswer declined() { return {Action::Decline, {}}; }
    static ToolInteractionAnswer cancelled() { return {Action::Cancel, {}}; }
    static QString actionName(Action action);
    static bool actionFromName(QStringView name, Action *action);
};

} // namespace valis

Q_DECLARE_METATYPE(valis::ToolInteraction)
Q_DECLARE_METATYPE(valis::ToolInteractionAnswer)
