#include "WorkIndicator.h"

#include "DepthWorkspace.h"
#include "ExplorerController.h"

#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

WorkIndicator::WorkIndicator(QStatusBar* bar, ExplorerController* main, std::vector<ExplorerController*> others, DepthWorkspace* depth)
    : QObject(bar), depth_(depth) {
    progress_ = new QProgressBar(bar);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(260);
    progress_->setVisible(false);
    cancel_ = new QPushButton(tr("Cancel"), bar);
    cancel_->setEnabled(false);
    cancel_->setShortcut(Qt::Key_Escape);
    cancel_->setToolTip(tr("Stop every running computation: the sweep, the secondary views and the depth lab (Esc)"));
    connect(cancel_, &QPushButton::clicked, this, &WorkIndicator::cancelAll);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(cancel_);
    controllers_.push_back(main);
    controllers_.insert(controllers_.end(), others.begin(), others.end());
    for (ExplorerController* c : controllers_) {
        connect(c, &ExplorerController::started, this, [this] {
            progress_->setValue(0);
            refresh();
        });
        for (auto done : {&ExplorerController::finished, &ExplorerController::cancelled})
            connect(c, done, this, &WorkIndicator::refresh);
        connect(c, &ExplorerController::failed, this, &WorkIndicator::refresh);
    }
    connect(main, &ExplorerController::progressed, this, [this](double f) { progress_->setValue(int(f * 1000)); });
    connect(depth_, &DepthWorkspace::busyChanged, this, &WorkIndicator::refresh);
    connect(depth_, &DepthWorkspace::progressed, this, [this](double f) {
        if (!controllers_.front()->busy()) progress_->setValue(int(f * 1000));  // the sweep's progress first
    });
}

bool WorkIndicator::busy() const {
    for (const ExplorerController* c : controllers_)
        if (c->busy()) return true;
    return depth_->busy();
}

void WorkIndicator::refresh() {
    const bool b = busy();
    cancel_->setEnabled(b);
    progress_->setVisible(b);
}

void WorkIndicator::cancelAll() {
    for (ExplorerController* c : controllers_) c->cancel(true);  // the user's Cancel: the same settings resume it
    depth_->cancel();
}
