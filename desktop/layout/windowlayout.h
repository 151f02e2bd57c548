#pragma once

#include <QString>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace valis {

/// The main window's arrangement, conversation first: the conversation and the composer are the
/// central widget; the session list is a narrow dock on the left that can be hidden; every other
/// pane (Commands, Transcript search, Memory, Agents, ...) is a dock that stays hidden until it
/// has something to show (bringDockForward()). What the person arranges is saved with
/// QMainWindow::saveState(WindowLayout::StateVersion) and restored on the next start.
namespace WindowLayout {

/// The version saveState()/restoreState() carry: a layout saved before the conversation came
/// first (version 0, the session list in a splitter, Commands open) is not restored.
inline constexpr int StateVersion = 1;
/// The session list's width on a first start, in device-independent pixels.
inline constexpr int SessionListWidth = 240;
/// The page's measure in characters ("0" widths), as theme.css's --measure.
inline constexpr int MeasureCharacters = 72;
/// The conversation page's text column in device-independent pixels: --measure (72ch of the
/// page's 14 px text font) plus its padding; the composer is centred at this width.
int conversationColumnWidth();
/// `content` centred in a new widget at most conversationColumnWidth() wide.
QWidget *centredColumn(QWidget *content, QWidget *parent);
/// The session list dock's object name.
QString sessionsDockName();

/// Puts `sessions` (the filter and the list) in a dock on the left of `window`.
QDockWidget *addSessionsDock(QMainWindow *window, QWidget *sessions);
/// The first-start arrangement (no saved layout): only the session list, at its narrow width;
/// the other docks hidden, Commands in front of their tab group when they come.
void arrangeFirstStart(QMainWindow *window);
/// Shows the dock named `objectName` and puts it in front of its tab group, because it now has
/// something the person should see (a command runs, a search was asked for).
void bringDockForward(QMainWindow *window, const QString &objectName);

} // namespace WindowLayout
} // namespace valis
