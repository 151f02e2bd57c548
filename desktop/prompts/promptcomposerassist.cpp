#include "promptcomposerassist.h"

#include "composerwidget.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMutex>
#include <QMutexLocker>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextCursor>
#include <QThreadPool>
#include <QVBoxLayout>

namespace valis {

namespace {
const QString SuggestionSource = QStringLiteral("prompts");
const QString SuggestionKind = QStringLiteral("stored-prompt");
constexpr int MaxSuggestions = 50;
} // namespace

struct PromptComposerAssist::Holder
{
    QMutex mutex;
    QString path;
    std::unique_ptr<PromptStore> store;

    Result<PromptStore *> get()
    {
        QMutexLocker lock(&mutex);
        if (!store) {
            Result<std::unique_ptr<PromptStore>> opened = PromptStore::open(path);
            if (!opened.ok())
                return opened.error();
            store = std::move(opened).value();
        }
        return store.get();
    }
};

PromptComposerAssist::PromptComposerAssist(ComposerWidget *composer, const DataLocations &locations, QObject *parent)
    : QObject(parent), m_composer(composer), m_holder(std::make_shared<Holder>())
{
    m_holder->path = locations.promptStorePath();
    connect(composer->editor(), &QPlainTextEdit::textChanged, this, &PromptComposerAssist::onTextChanged);
    connect(composer, &ComposerWidget::suggestionChosen, this, [this](const QVariant &chosen) {
        const QVariantMap data = chosen.toMap();
        if (data.value(QStringLiteral("kind")).toString() != SuggestionKind)
            return;
        QTextCursor cursor = m_composer->editor()->textCursor();
        if (m_tokenStart >= 0 && m_tokenStart <= cursor.position())
            cursor.setPosition(int(m_tokenStart), QTextCursor::KeepAnchor);
        m_offering = false;
        cursor.insertText(QLatin1Char('/') + data.value(QStringLiteral("key")).toString() + QLatin1Char(' '));
        m_composer->editor()->setTextCursor(cursor);
    });
    QPointer<PromptComposerAssist> self(this);
    composer->setSendFilter([self](const QString &text) { return self && self->interceptSend(text); });
}

PromptComposerAssist::~PromptComposerAssist() = default;

template<typename T>
void PromptComposerAssist::inWorker(std::function<Result<T>(PromptStore &)> work, std::function<void(const Result<T> &)> then)
{
    QPointer<PromptComposerAssist> self(this);
    std::shared_ptr<Holder> holder = m_holder;
    QThreadPool::globalInstance()->start([self, holder, work = std::move(work), then = std::move(then)] {
        Result<PromptStore *> store = holder->get();
        Result<T> result = store.ok() ? work(*store.value()) : Result<T>(store.error());
        // Back on the GUI thread; `self` is only looked at there.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, then, result] {
                if (self)
                    then(result);
            },
            Qt::QueuedConnection);
    });
}

PromptComposerAssist::Invocation PromptComposerAssist::parse(const QString &text)
{
    static const QRegularExpression head(QStringLiteral("^/([a-z0-9_-]+(?:/[a-z0-9_-]+)*)(?=\\s|$)"));
    static const QRegularExpression pair(
        QStringLiteral("^\\s*([A-Za-z_][A-Za-z0-9_.-]*)=(?:\"((?:[^\"\\\\]|\\\\.)*)\"|(\\S*))(?=\\s|$)"));
    Invocation invocation;
    const QRegularExpressionMatch match = head.match(text);
    if (!match.hasMatch())
        return invocation;
    invocation.key = match.captured(1);
    QString rest = text.mid(match.capturedEnd());
    for (QRegularExpressionMatch value = pair.match(rest); value.hasMatch(); value = pair.match(rest)) {
        QString given = value.captured(3);
        if (value.capturedStart(2) >= 0) {
            given = value.captured(2);
            given.replace(QStringLiteral("\\\""), QStringLiteral("\"")).replace(QStringLiteral("\\\\"), QStringLiteral("\\"));
        }
        invocation.values.insert(value.captured(1), given);
        rest = rest.mid(value.capturedEnd());
    }
    invocation.rest = rest.trimmed();
    return invocation;
}

void PromptComposerAssist::onTextChanged()
{
    QPlainTextEdit *editor = m_composer->editor();
    const QString text = editor->toPlainText();
    const qsizetype cursor = qMin<qsizetype>(editor->textCursor().position(), text.size());
    qsizetype start = cursor;
    while (start > 0 && !text.at(start - 1).isSpace())
        --start;
    const QString token = text.mid(start, cursor - start);
    const bool offering = token.startsWith(QLatin1Char('/')) && !token.startsWith(QStringLiteral("//"))
                          && text.left(start).trimmed().isEmpty();
    if (!offering) {
        if (m_offering)
            m_composer->showSuggestions({}, SuggestionSource);
        m_offering = false;
        return;
    }
    m_query = token.mid(1);
    m_tokenStart = start;
    if (!m_offering) {
        // Listed again each time "/" is typed: another process may have set prompts since.
        inWorker<QList<PromptVersion>>([](PromptStore &store) { return store.list(); },
                                       [this](const Result<QList<PromptVersion>> &listed) {
                                           if (!listed.ok()) {
                                               m_composer->setStatus(tr("The stored prompts could not be read: %1")
                                                                         .arg(listed.error().toString()));
                                               return;
                                           }
                                           m_listed = listed.value();
                                           Q_EMIT promptsListed();
                                           if (m_offering)
                                               offer();
                                       });
    }
    m_offering = true;
    offer();
}

void PromptComposerAssist::offer()
{
    QList<ComposerWidget::Suggestion> suggestions;
    for (const PromptVersion &prompt : std::as_const(m_listed)) {
        if (!m_query.isEmpty() && !prompt.key.contains(m_query, Qt::CaseInsensitive)
            && !prompt.description.contains(m_query, Qt::CaseInsensitive))
            continue;
        ComposerWidget::Suggestion suggestion;
        suggestion.label = QLatin1Char('/') + prompt.key;
        suggestion.detail = prompt.description;
        suggestion.data = QVariantMap{{QStringLiteral("kind"), SuggestionKind}, {QStringLiteral("key"), prompt.key}};
        suggestions.append(suggestion);
        if (suggestions.size() == MaxSuggestions)
            break;
    }
    m_composer->showSuggestions(suggestions, SuggestionSource);
}

bool PromptComposerAssist::interceptSend(const QString &text)
{
    if (text.startsWith(QStringLiteral("//"))) {
        m_composer->sendAs(text.mid(1), {});
        return true;
    }
    const Invocation invocation = parse(text);
    if (invocation.key.isEmpty())
        return false;
    run(invocation);
    return true;
}

void PromptComposerAssist::run(const Invocation &invocation)
{
    struct Found
    {
        PromptVersion version;
        QStringList variables;
    };
    m_composer->setStatus(tr("Reading the prompt /%1…").arg(invocation.key));
    inWorker<Found>(
        [key = invocation.key](PromptStore &store) -> Result<Found> {
            Result<PromptVersion> version = store.get(key);
            if (!version.ok())
                return version.error();
            Result<QStringList> variables = store.variables(key, version->version);
            if (!variables.ok())
                return variables.error();
            return Found{version.value(), variables.value()};
        },
        [this, invocation](const Result<Found> &found) {
            if (!found.ok()) {
                const QString reason = found.error().code == QLatin1String("prompt.unknown")
                                           ? tr("No stored prompt is called /%1, so nothing was sent. To send text that "
                                                "starts with /, begin it with //.")
                                                 .arg(invocation.key)
                                           : tr("/%1 was not sent: %2").arg(invocation.key, found.error().message);
                m_composer->setStatus(reason);
                Q_EMIT promptRefused(invocation.key, reason);
                return;
            }
            QStringList missing;
            for (const QString &name : found->variables) {
                if (!invocation.values.contains(name))
                    missing.append(name);
            }
            if (missing.isEmpty()) {
                renderAndSend(invocation, found->version.version);
                return;
            }
            m_composer->setStatus(QString());
            askValues(invocation, found->version, missing);
        });
}

void PromptComposerAssist::askValues(const Invocation &invocation, const PromptVersion &version, const QStringList &missing)
{
    auto *dialog = new QDialog(m_composer);
    dialog->setObjectName(QStringLiteral("promptVariables"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("/%1").arg(invocation.key));
    auto *layout = new QVBoxLayout(dialog);
    if (!version.description.isEmpty()) {
        auto *about = new QLabel(version.description, dialog);
        about->setTextFormat(Qt::PlainText);
        about->setWordWrap(true);
        layout->addWidget(about);
    }
    auto *form = new QFormLayout;
    QList<QLineEdit *> fields;
    for (const QString &name : missing) {
        auto *field = new QLineEdit(dialog);
        field->setObjectName(QStringLiteral("promptVariable-") + name);
        form->addRow(name, field);
        fields.append(field);
    }
    layout->addLayout(form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Send"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    const int number = version.version;
    connect(buttons, &QDialogButtonBox::accepted, dialog, [this, dialog, fields, invocation, number] {
        Invocation filled = invocation;
        for (QLineEdit *field : fields)
            filled.values.insert(field->objectName().mid(QStringLiteral("promptVariable-").size()), field->text());
        dialog->accept();
        renderAndSend(filled, number);
    });
    dialog->open();
    if (!fields.isEmpty())
        fields.constFirst()->setFocus();
}

void PromptComposerAssist::renderAndSend(const Invocation &invocation, int version)
{
    inWorker<QString>(
        [invocation, version](PromptStore &store) { return store.render(invocation.key, invocation.values, version); },
        [this, invocation, version](const Result<QString> &rendered) {
            if (!rendered.ok()) {
                const QString reason = tr("/%1 was not sent: %2").arg(invocation.key, rendered.error().message);
                m_composer->setStatus(reason);
                Q_EMIT promptRefused(invocation.key, reason);
                return;
            }
            QString text = rendered.value();
            if (!invocation.rest.isEmpty())
                text += QStringLiteral("\n\n") + invocation.rest;
            const QJsonObject metadata{{QStringLiteral("prompt"), QJsonObject{{QStringLiteral("key"), invocation.key},
                                                                              {QStringLiteral("version"), version},
                                                                              {QStringLiteral("variables"), invocation.values}}}};
            m_composer->setStatus(QString());
            m_composer->sendAs(text, metadata);
            Q_EMIT promptSent(invocation.key, version);
        });
}

} // namespace valis
