// Projector mode and the window on the screen it has: its size on a laptop or projector (PresentationMode.h).
#include "PresentationMode.h"

#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "LessonPlayer.h"
#include "ProjectorStrip.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QShortcut>
#include <QTimer>
#include <algorithm>
#include <utility>

PresentationMode::PresentationMode(QMainWindow* window, QDockWidget* dock, ExplorerViews* views, ProjectorStrip* strip, LessonPlayer* band)
    : QObject(window), window_(window), dock_(dock), views_(views), strip_(strip), band_(band), action_(new QAction(tr("&Presentation mode"), window)) {
    action_->setCheckable(true);
    action_->setShortcut(QKeySequence(tr("F11")));  // F5 is Recompute (QKeySequence::Refresh)
    action_->setToolTip(tr("Large fonts and thick lines for lectures"));
    connect(action_, &QAction::toggled, this, &PresentationMode::setOn);
    connect(views_, &QTabWidget::currentChanged, this, &PresentationMode::followTab);
    window_->installEventFilter(this);
}

void PresentationMode::followTab() {
    const bool depth = views_->currentWidget() == views_->depth();
    if (presenting_) {  // no settings column on any tab; the explorer's strip not beside the depth lab's own controls
        strip_->setVisible(!depth);
        return;
    }
    // !isHidden, not isVisible: a session restored onto the depth lab switches tabs before the window is shown
    if (depth && !dock_->isHidden()) { dock_->hide(); dockHiddenForDepth_ = true; }
    else if (!depth && dockHiddenForDepth_) { dock_->show(); dockHiddenForDepth_ = false; }
}

void PresentationMode::showDockAsInNormalMode() {
    if (dockHiddenForDepth_ || (presenting_ && dockVisibleBeforePresenting_)) dock_->show();
}

void PresentationMode::fitToScreen(bool restored) {
    const QScreen* s = window_->screen() ? window_->screen() : QGuiApplication::primaryScreen();
    if (!s) return;
    const QRect room = s->availableGeometry();
    // the frame the window manager adds is outside geometry(): leave it room
    QSize frame = window_->frameGeometry().size() - window_->geometry().size();
    // Before a window manager has framed the window its frame is unknown: leave room for a usual one (a title bar and
    // borders; openbox's is 4 × 24 px), so that the first window fits with its status bar and Cancel on screen.
    if (frame.width() <= 0 && frame.height() <= 0 && !window_->isFullScreen()) frame = QSize(8, 40);
    const QSize fits(room.width() - frame.width(), room.height() - frame.height());
    const QSize wanted = restored ? window_->size() : QSize(1400, 860);
    window_->resize(std::min(wanted.width(), fits.width()), std::min(wanted.height(), fits.height()));
    if (!room.contains(window_->frameGeometry())) window_->move(room.topLeft());
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event) {
    if (watched == window_) {
        if (event->type() == QEvent::Show) windowShown();
        if (event->type() == QEvent::Resize) capLessonBand();
        if (event->type() == QEvent::WindowStateChange) windowStateChanged();
    }
    return QObject::eventFilter(watched, event);
}

// Once shown, the frame is known: fit the screen again.
void PresentationMode::windowShown() {
    if (fittedWithFrame_) return;
    fittedWithFrame_ = true;
    // Not once projector mode has begun (pxstudio --projector or --lesson enter it before the first turn of the event
    // loop): fitting would move and resize a full-screen window, and the window manager would frame it again.
    const auto fitIfFramed = [this] {
        if (!presenting_ && !(window_->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))) fitToScreen(true);
    };
    QTimer::singleShot(0, this, fitIfFramed);
    QTimer::singleShot(400, this, fitIfFramed);  // a window manager may frame the window later than the first turn
}

// Back from full screen (projector mode left, or the window manager's own): the frame is back, and must fit too.
void PresentationMode::windowStateChanged() {
    if (presenting_ || (window_->windowState() & (Qt::WindowFullScreen | Qt::WindowMaximized))) return;
    QTimer::singleShot(50, this, [this] {
        if (presenting_) return;
        if (geometryBeforePresenting_.isValid()) window_->setGeometry(std::exchange(geometryBeforePresenting_, QRect()));
        fitToScreen(true);
    });
}

PresentationMode::~PresentationMode() {
    if (!presenting_) return;
    QFont f = qApp->font();
    f.setPointSizeF(normalFontPt_);
    qApp->setFont(f);
}

void PresentationMode::setOn(bool on) {
    const double before = fontScale_;
    fontScale_ = on ? 1.6 : 1.0;
    QFont f = qApp->font();
    if (!presenting_) normalFontPt_ = f.pointSizeF();  // leaving projector mode puts back the desktop's size
    f.setPointSizeF(on ? std::max(14.0, normalFontPt_ * 1.4) : normalFontPt_);
    qApp->setFont(f);
    if (on && !presenting_) {
        // The settings column gives way to the strip: the plot gets the width a projector lacks.
        dockVisibleBeforePresenting_ = dock_->isVisible() || dockHiddenForDepth_;
        dock_->hide();
        dockHiddenForDepth_ = false;
    } else if (!on && presenting_) {
        const bool depth = views_->currentWidget() == views_->depth();  // the depth lab has its own controls
        dockHiddenForDepth_ = depth && dockVisibleBeforePresenting_;
        dock_->setVisible(dockVisibleBeforePresenting_ && !depth);
        if (dock_->isVisible() && before != fontScale_) window_->resizeDocks({dock_}, {int(dock_->width() * fontScale_ / before)}, Qt::Horizontal);
    }
    const bool changed = on != presenting_;
    presenting_ = on;
    if (changed) presentFullScreen(on);
    strip_->follow();
    strip_->setVisible(on && views_->currentWidget() != views_->depth());
    views_->setFontScale(fontScale_);
    emit switched(on);
}

// Projector mode is the whole screen: no title or menu bar (the menus' keys still work), and the window never grows
// past the screen, whatever its contents ask; leaving it brings back the window as it was, with its normal limits.
void PresentationMode::presentFullScreen(bool on) {
    const QScreen* s = window_->screen() ? window_->screen() : QGuiApplication::primaryScreen();
    if (on) {
        // a window not framed yet (pxstudio --projector) has no place of its own to go back to: fitToScreen finds one
        // Back in projector mode before leaving it had settled (a lesson ended, the next one opened at once): the
        // window to go back to is still the one before the first, not the full screen being left.
        if (!geometryBeforePresenting_.isValid())
            geometryBeforePresenting_ = window_->frameGeometry() != window_->geometry() ? window_->geometry() : QRect();
        for (QAction* menu : window_->menuBar()->actions())  // a hidden menu bar's shortcuts answer only from the window itself
            if (menu->menu()) window_->addActions(menu->menu()->actions());
        window_->menuBar()->hide();
        openMenusByTheirKeys(true);
        if (s) window_->setMaximumSize(s->geometry().size());
        window_->showFullScreen();
    } else {
        openMenusByTheirKeys(false);  // the menu bar's own mnemonics again
        window_->menuBar()->show();
        window_->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
        window_->setMinimumSize(0, 0);
        window_->showNormal();
        if (geometryBeforePresenting_.isValid()) window_->setGeometry(geometryBeforePresenting_);  // again once the fonts are normal
        fitToScreen(true);
        QTimer::singleShot(400, this, [this] {  // the window manager frames the window again later than this turn
            if (!presenting_ && !(window_->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))) fitToScreen(true);
        });
    }
    capLessonBand();
}

// A hidden menu bar answers no Alt+letter: each menu's key opens it at the window's top edge instead, where the bar
// was, so that Help (Alt+H) and the others stay one key away on a projector.
void PresentationMode::openMenusByTheirKeys(bool on) {
    if (menuKeys_.empty())
        for (QAction* entry : window_->menuBar()->actions()) {
            QMenu* menu = entry->menu();
            const QKeySequence key = QKeySequence::mnemonic(entry->text());
            if (!menu || key.isEmpty()) continue;
            auto* shortcut = new QShortcut(key, window_);
            connect(shortcut, &QShortcut::activated, this, [this, menu] {
                menu->popup(window_->mapToGlobal(QPoint(0, 0)));
            });
            menuKeys_.push_back(shortcut);
        }
    for (QShortcut* shortcut : menuKeys_) shortcut->setEnabled(on);
}

void PresentationMode::capLessonBand() {
    // the lesson's band takes at most a quarter of the window: the plot keeps the rest (its body scrolls if it must)
    band_->setMaximumHeight(std::max(90, window_->height() / 4));
}
