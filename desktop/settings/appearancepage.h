#pragma once

#include "settingspage.h"

#include "valis/core/datalocations.h"

class QComboBox;

namespace valis {

/// Settings > Appearance: the theme (applied at once) and the language (from the next start:
/// every window would otherwise need building again).
class AppearancePage : public SettingsPage
{
    Q_OBJECT

public:
    explicit AppearancePage(const DataLocations &locations, QWidget *parent = nullptr);

    QString title() const override { return tr("Appearance"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    DataLocations m_locations;
    QComboBox *m_theme;
    QComboBox *m_language;
};

} // namespace valis
