#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/prompts/promptstore.h"

#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>

namespace valis {

class ComposerWidget;

/// The stored prompts in the composer (valis/prompts/promptstore.h).
///
/// Typing "/" at the start of the text offers them (beside the MCP servers' prompts); choosing
/// one puts "/key " in the text. Sending "/key [name=value ...] [more text]" runs the prompt:
/// values may be given inline (`name="two words"` quoted), the ones still missing are asked for
/// in a small form, and the rendered text is sent as the user message, with metadata
/// {"prompt": {"key", "version", "variables"}}; text that is no name=value is added after it. An
/// unknown key is said in the status line and nothing is sent; "//text" sends "/text" as it is.
///
/// The store is read on a worker thread (QThreadPool), never on the GUI thread: it is an SQLite
/// file another process may be writing.
class PromptComposerAssist : public QObject
{
    Q_OBJECT

public:
    PromptComposerAssist(ComposerWidget *composer, const DataLocations &locations, QObject *parent = nullptr);
    ~PromptComposerAssist() override;

    /// How many prompts the last listing found (for tests).
    int knownPrompts() const { return int(m_listed.size()); }

    /// What a "/key ..." message says: the key, its inline values and the free text.
    struct Invocation
    {
        QString key;
        QJsonObject values;
        QString rest;
    };
    /// The invocation `text` starts with; an empty key when it is no "/key" message.
    static Invocation parse(const QString &text);

Q_SIGNALS:
    void promptsListed();
    /// A stored prompt was rendered and handed to the composer to send.
    void promptSent(const QString &key, int version);
    /// A "/key" message was not sent: the reason is in the status line.
    void promptRefused(const QString &key, const QString &reason);

private:
    void onTextChanged();
    void offer();
    bool interceptSend(const QString &text);
    void run(const Invocation &invocation);
    void askValues(const Invocation &invocation, const PromptVersion &version, const QStringList &missing);
    void renderAndSend(const Invocation &invocation, int version);
    /// Runs `work` on the store in a worker thread and `then` with its result here.
    template<typename T>
    void inWorker(std::function<Result<T>(PromptStore &)> work, std::function<void(const Result<T> &)> then);

    ComposerWidget *m_composer;
    /// The store, opened by the first worker that needs it (each thread has its own connection);
    /// shared with the workers, so one finishing after this object is gone is harmless.
    struct Holder;
    std::shared_ptr<Holder> m_holder;
    QList<PromptVersion> m_listed;
    bool m_offering = false;
    qsizetype m_tokenStart = -1;
    QString m_query;
};

} // namespace valis
