#pragma once
// Projector mode (View ▸ Presentation mode, F11) and the window on the screen it has. In projector mode the
// application's fonts grow, the settings column gives way to the projector strip, and the window takes the whole
// screen without title or menu bar; leaving it gives back the fonts, the column and the window as they were. Outside
// it, the window fits its screen (a first start takes most of it, a geometry restored from a larger screen shrinks
// to it), the depth lab's tab hides the settings column (it has its own controls), and the lesson band takes at most
// a quarter of the window. It watches the window's own show, resize and state events.
#include <QObject>
#include <QRect>
#include <vector>

class QAction;
class QShortcut;
class QDockWidget;
class QMainWindow;
class ExplorerViews;
class LessonPlayer;
class ProjectorStrip;

class PresentationMode : public QObject {
    Q_OBJECT
public:
    // dock: the settings column; strip: shown in its place in projector mode; band: the lesson's.
    PresentationMode(QMainWindow* window, QDockWidget* dock, ExplorerViews* views, ProjectorStrip* strip, LessonPlayer* band);
    // The application's font is the process's: a window closed in projector mode gives the desktop's size back (a
    // window opened next in the same process once took the projector's size for the desktop's, and grew by 1.4 at
    // each such turn, past the screen).
    ~PresentationMode() override;
    QAction* action() const { return action_; }  // checkable, F11: the way in and out
    bool on() const { return presenting_; }
    // A window that fits the screen it is on: a first start takes most of it, a restored geometry from a larger
    // screen (a projector after a desktop monitor) shrinks to it.
    void fitToScreen(bool restored);
    // The settings column as the normal mode has it (shown unless the user closed it): before the window's state is
    // saved.
    void showDockAsInNormalMode();

signals:
    void switched(bool on);  // projector mode entered or left: what shows the mode's own way follows

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the window's show, resize and state changes

private:
    void setOn(bool on);
    void presentFullScreen(bool on);  // projector mode's whole screen, and back
    void capLessonBand();
    void openMenusByTheirKeys(bool on);  // Alt+H and the others open their menus while the menu bar is hidden
    void followTab();  // the depth lab's tab hides the settings column, another tab brings it back
    void windowShown();
    void windowStateChanged();

    QMainWindow* window_;
    QDockWidget* dock_;
    ExplorerViews* views_;
    ProjectorStrip* strip_;
    LessonPlayer* band_;
    QAction* action_;
    double fontScale_ = 1.0;
    double normalFontPt_ = 0;  // the application's font size outside projector mode (as the desktop set it)
    bool presenting_ = false;
    bool fittedWithFrame_ = false;
    bool dockVisibleBeforePresenting_ = true;
    bool dockHiddenForDepth_ = false;
    QRect geometryBeforePresenting_;  // the window before projector mode, given back when it is left
    std::vector<QShortcut*> menuKeys_;
};
