// The main window on the screen it has: its size on a laptop or projector, and projector mode.
#include "MainWindow.h"

#include <algorithm>
#include <utility>

#include "DepthWorkspace.h"
#include "EpsilonSlider.h"
#include "ExplorerViews.h"
#include "ProjectorStrip.h"
#include "panels/DatasetPanel.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"

#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include "LessonPlayer.h"
#include <QScreen>
#include <QTimer>

QWidget* MainWindow::buildProjectorStrip() {
    strip_ = new ProjectorStrip(dataset_->picker(), patterns_->classPicker(), privacy_);
    strip_->hide();
    strip_->setProperty("helpPage", "projector-mode.md");
    connect(strip_, &ProjectorStrip::datasetChosen, this, [this](const QString& spec) { openDataset(spec); });
    return strip_;
}

void MainWindow::fitToScreen(bool restored) {
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!s) return;
    const QRect room = s->availableGeometry();
    // the frame the window manager adds is outside geometry(): leave it room
    QSize frame = frameGeometry().size() - geometry().size();
    // Before a window manager has framed the window its frame is unknown: leave room for a usual one (a title bar and
    // borders; openbox's is 4 × 24 px), so that the first window fits with its status bar and Cancel on screen.
    if (frame.width() <= 0 && frame.height() <= 0 && !isFullScreen()) frame = QSize(8, 40);
    const QSize fits(room.width() - frame.width(), room.height() - frame.height());
    const QSize wanted = restored ? size() : QSize(1400, 860);
    resize(std::min(wanted.width(), fits.width()), std::min(wanted.height(), fits.height()));
    if (!room.contains(frameGeometry())) move(room.topLeft());
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (fittedWithFrame_) return;
    fittedWithFrame_ = true;
    // Not once projector mode has begun (pxstudio --projector or --lesson enter it before the first turn of the event
    // loop): fitting would move and resize a full-screen window, and the window manager would frame it again.
    const auto fitIfFramed = [this] {
        if (!presenting_ && !(windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))) fitToScreen(true);
    };
    QTimer::singleShot(0, this, fitIfFramed);
    QTimer::singleShot(400, this, fitIfFramed);  // a window manager may frame the window later than the first turn
}

void MainWindow::setRhoText(const QString& text) {
    privacy_->slider()->setRhoText(text);
    strip_->slider()->setRhoText(text);
}

void MainWindow::setPresentation(bool on) {
    const double before = fontScale_;
    fontScale_ = on ? 1.6 : 1.0;
    QFont f = qApp->font();
    if (!presenting_) normalFontPt_ = f.pointSizeF();  // leaving projector mode puts back the desktop's size
    f.setPointSizeF(on ? std::max(14.0, normalFontPt_ * 1.4) : normalFontPt_);
    qApp->setFont(f);
    auto* dock = findChild<QDockWidget*>("settings-dock");
    if (on && !presenting_) {
        // The settings column gives way to the strip: the plot gets the width a projector lacks.
        dockVisibleBeforePresenting_ = dock->isVisible() || dockHiddenForDepth_;
        dock->hide();
        dockHiddenForDepth_ = false;
    } else if (!on && presenting_) {
        const bool depth = views_->currentWidget() == views_->depth();  // the depth lab has its own controls
        dockHiddenForDepth_ = depth && dockVisibleBeforePresenting_;
        dock->setVisible(dockVisibleBeforePresenting_ && !depth);
        if (dock->isVisible() && before != fontScale_) resizeDocks({dock}, {int(dock->width() * fontScale_ / before)}, Qt::Horizontal);
    }
    const bool changed = on != presenting_;
    presenting_ = on;
    if (changed) presentFullScreen(on);
    showViewQuestion();  // projector mode: the strip alone over the views
    strip_->follow();
    strip_->setVisible(on);
    views_->setFontScale(fontScale_);
    refreshReport();
}

// Projector mode is the whole screen: no title or menu bar (the menus' keys still work), and the window never grows
// past the screen, whatever its contents ask; leaving it brings back the window as it was, with its normal limits.
void MainWindow::presentFullScreen(bool on) {
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    if (on) {
        // a window not framed yet (pxstudio --projector) has no place of its own to go back to: fitToScreen finds one
        // Back in projector mode before leaving it had settled (a lesson ended, the next one opened at once): the
        // window to go back to is still the one before the first, not the full screen being left.
        if (!geometryBeforePresenting_.isValid()) geometryBeforePresenting_ = frameGeometry() != geometry() ? geometry() : QRect();
        for (QAction* menu : menuBar()->actions())  // a hidden menu bar's shortcuts answer only from the window itself
            if (menu->menu()) addActions(menu->menu()->actions());
        menuBar()->hide();
        if (s) setMaximumSize(s->geometry().size());
        showFullScreen();
    } else {
        menuBar()->show();
        setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
        setMinimumSize(0, 0);
        showNormal();
        if (geometryBeforePresenting_.isValid()) setGeometry(geometryBeforePresenting_);  // again once the fonts are normal (changeEvent)
        fitToScreen(true);
        QTimer::singleShot(400, this, [this] {  // the window manager frames the window again later than this turn
            if (!presenting_ && !(windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))) fitToScreen(true);
        });
    }
    capLessonBand();
}

void MainWindow::capLessonBand() {
    // the lesson's band takes at most a quarter of the window: the plot keeps the rest (its body scrolls if it must)
    lessonPlayer_->setMaximumHeight(std::max(90, height() / 4));
}

void MainWindow::changeEvent(QEvent* event) {
    QMainWindow::changeEvent(event);
    // back from full screen (projector mode left, or the window manager's own): the frame is back, and must fit too
    if (event->type() == QEvent::WindowStateChange && !presenting_ && !(windowState() & (Qt::WindowFullScreen | Qt::WindowMaximized)))
        QTimer::singleShot(50, this, [this] {
            if (presenting_) return;
            if (geometryBeforePresenting_.isValid()) setGeometry(std::exchange(geometryBeforePresenting_, QRect()));
            fitToScreen(true);
        });
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    capLessonBand();
}
