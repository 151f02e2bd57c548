#pragma once

#include "valis/core/result.h"

#include <QWidget>

#include <functional>

namespace valis {

/// One page of the settings dialog. A page edits its own file or keychain entries and writes
/// them only on apply(), so Cancel leaves everything as it was.
class SettingsPage : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsPage(QWidget *parent = nullptr) : QWidget(parent)
    {
        connect(this, &SettingsPage::edited, this, [this] { m_modified = true; });
    }

    /// The name in the dialog's list.
    virtual QString title() const = 0;
    /// Writes what changed. `done` runs exactly once (maybe later: keychain writes are
    /// asynchronous) with the first thing that could not be saved.
    virtual void apply(std::function<void(const Result<void> &)> done) = 0;

    /// Whether anything was edited since the page opened or last saved: an untouched page
    /// writes nothing (a file it cannot read stays as it is without blocking the others).
    bool isModified() const { return m_modified; }

Q_SIGNALS:
    /// Something on the page was edited since the last apply().
    void edited();

protected:
    void setModified(bool modified) { m_modified = modified; }

private:
    bool m_modified = false;
};

} // namespace valis
