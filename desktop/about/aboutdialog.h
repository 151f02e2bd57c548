#pragma once

#include "valis/core/datalocations.h"

#include <QDialog>

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace valis {

/// Help > About: what this Valis is (its version, the Qt it runs on and was built against, the
/// plugin API), where its profile lives, its own licence, and the licences of the third-party
/// software in it: the npm libraries compiled into the app (their LICENSE files, embedded at
/// build time from node_modules) and the libraries it links (Qt, QtKeychain, SQLite). All text is
/// selectable so it can be copied into a bug report.
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(const DataLocations &locations, QWidget *parent = nullptr);

    /// One piece of third-party software the dialog lists.
    struct Component
    {
        QString name;
        QString version;
        QString licence;  ///< SPDX expression, e.g. "MIT" or "(MPL-2.0 OR Apache-2.0)"
        QString homepage;
        QString usedFor;  ///< what Valis uses it for, translated
        QString text;     ///< the licence text, or a notice where the licence is shipped elsewhere
    };
    /// The npm libraries compiled in, then the linked libraries.
    static QList<Component> components();

private:
    QWidget *createValisPage(const DataLocations &locations);
    QWidget *createThirdPartyPage();
    void showComponent(int row);

    QList<Component> m_components;
    QListWidget *m_list = nullptr;
    QLabel *m_componentFacts = nullptr;
    QPlainTextEdit *m_licenceText = nullptr;
};

} // namespace valis
