#include "WorkIndicator.h"
#include "ProgressWords.h"

#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "ExplorerViews.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QProgressBar>
#include <QScreen>
#include <QPushButton>
#include <QStatusBar>
#include <QStringList>
#include <algorithm>
#include <cmath>

WorkIndicator::WorkIndicator(QStatusBar* bar, ExplorerController* main, ExplorerViews* views)
    : QObject(bar), views_(views), depth_(views->depth()) {
    words_ = new QLabel(bar);
    words_->setObjectName("work-words");
    words_->setVisible(false);
    progress_ = new QProgressBar(bar);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);  // its words beside it: drawn over the fill, "13 %" read as "ı3 %"
    progress_->setFixedWidth(120);
    progress_->setVisible(false);
    cancel_ = new QPushButton(tr("Cancel"), bar);
    cancel_->setEnabled(false);
    cancel_->setShortcut(Qt::Key_Escape);
    qApp->installEventFilter(this);  // Escape for an open list first (eventFilter)
    cancel_->setToolTip(tr("Stop every running computation: the sweep, the secondary views, the demo and the depth lab (Esc)"));
    connect(cancel_, &QPushButton::clicked, this, &WorkIndicator::cancelAll);
    bar->addPermanentWidget(words_);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(cancel_);
    controllers_ = {main, views->expressivity(), views->dimension()};
    for (ExplorerController* c : controllers_) {
        connect(c, &ExplorerController::started, this, [this, c] { restart(c, c->workName()); });
        connect(c, &ExplorerController::progressed, this, [this, c](double f) { track(c, c->workName(), f); });
        // The end of a job that newer settings replaced is not the end of the work: the newer job is running.
        for (auto done : {&ExplorerController::finished, &ExplorerController::cancelled, &ExplorerController::doneWithoutLabels})
            connect(c, done, this, [this, c] { if (!c->busy()) track(c, c->workName(), 1); });
        connect(c, &ExplorerController::failed, this, [this, c] { if (!c->busy()) track(c, c->workName(), 1); });
    }
    const QString demo = ExplorerViews::tr(ExplorerViews::kDemoWorkName);
    connect(views, &ExplorerViews::demoStarted, this, [this, demo] { restart(views_, demo); });
    connect(views, &ExplorerViews::demoProgressed, this, [this, demo](double f) { track(views_, demo, f); });
    connect(views, &ExplorerViews::demoEnded, this, [this, demo] { track(views_, demo, 1); });
    depth_->useWindowProgress();  // this bar and Cancel, not a second pair in the lab
    // The depth lab reports its whole queue's progress (one experiment after another), and becomes busy once for it;
    // 100 % only once the queue has run empty (the bar once sat at "100 % · depth lab" with four experiments queued).
    connect(depth_, &DepthWorkspace::busyChanged, this, [this](bool running) {
        if (running) restart(depth_, tr("depth lab"));
        else track(depth_, tr("depth lab"), 1);
    });
    connect(depth_, &DepthWorkspace::progressed, this, [this](double f) { track(depth_, tr("depth lab"), std::min(f, 0.99)); });
}

void WorkIndicator::track(const QObject* source, const QString& phase, double fraction) {
    if (!active_) {  // idle until now: a new piece of work, a new bar
        fractions_.clear();
        history_.clear();
        shown_ = 0;
        since_.start();
    }
    auto& [name, f] = fractions_[source];
    name = phase;
    f = fraction;
    refresh();
}

// A part that starts again (new settings replaced its job) is new work from its beginning: the bar is
// recomputed from the parts as they now are, the one place it may go down.
void WorkIndicator::restart(const QObject* source, const QString& phase) {
    if (active_ && fractions_.count(source) > 0) {  // refresh() then shows the mean of the parts
        shown_ = 0;
        history_.clear();
    }
    track(source, phase, 0);
}

bool WorkIndicator::busy() const {
    for (const ExplorerController* c : controllers_)
        if (c->busy()) return true;
    return depth_->busy() || views_->demoBusy();
}

QString WorkIndicator::wordsThatFit(const QString& words, const QFontMetrics& metrics, int width) {
    if (metrics.horizontalAdvance(words) <= width) return words;
    QStringList parts = words.split(", ");
    while (parts.size() > 1) {
        parts.removeLast();
        const QString cut = parts.join(", ") + ", …";
        if (metrics.horizontalAdvance(cut) <= width) return cut;
    }
    return metrics.elidedText(words, Qt::ElideRight, width);
}

void WorkIndicator::refresh() {
    const bool b = busy();
    active_ = b;
    cancel_->setEnabled(b || !waiting_.isEmpty());
    progress_->setVisible(b);
    words_->setVisible(b);
    if (!b || fractions_.empty()) {
        words_->setMinimumWidth(0);  // the next work's words size it afresh
        if (!said_.isEmpty()) emit changed();
        said_.clear();
        return;
    }
    // One bar for everything started since the last idle moment: the mean of its parts, never lower than shown
    // (work that joins late holds the bar rather than pulling it back), named by the part furthest behind.
    double sum = 0;
    const std::pair<QString, double>* behind = nullptr;
    for (const auto& [source, part] : fractions_) {
        sum += part.second;
        if (!behind || part.second < behind->second) behind = &part;
    }
    shown_ = std::max(shown_, sum / double(fractions_.size()));
    progress_->setValue(int(std::floor(shown_ * 1000 + 1e-6)));  // as its words round: 0.17 is not 169 ‰ beside "17 %"
    const double elapsed = since_.isValid() ? since_.elapsed() / 1000.0 : 0;
    if (history_.empty() || history_.back().second != shown_) history_.push_back({elapsed, shown_});
    if (history_.size() > 2000) history_.erase(history_.begin(), history_.begin() + 1000);
    const QString words = barText(behind->first);
    // At most 40 % of the screen's width (projector fonts, several parts): the status bar, and with it the window, once
    // grew past the screen to hold them. Parts that do not fit are left out from the end, with "…"; all in the tooltip.
    const QScreen* screen = words_->screen();
    const int room = screen ? int(0.4 * screen->availableGeometry().width()) : 600;
    const QString shown = wordsThatFit(words, words_->fontMetrics(), room - 2 * words_->margin());
    words_->setText(shown);
    words_->setToolTip(shown == words ? QString() : words);
    // The label grows to its words at once and never shrinks while the work runs: the bar beside it does not jump
    // at each new percentage, and no word is cut before the status bar's next layout pass.
    const int needed = words_->fontMetrics().horizontalAdvance(shown) + 2 * words_->margin();
    if (needed > words_->minimumWidth()) {
        words_->setMinimumWidth(needed);
        if (QLayout* layout = words_->parentWidget()->layout()) layout->activate();
    }
    progress_->setFormat(words);  // for screen readers (the bar's accessible value)
    // what the notes show changes with the words (whole percentages): only then are they told (not at each 0.1 %)
    if (words != said_) emit changed();
    said_ = words;
}

// The bar's words: one number for one thing, each named. One part: its name and the bar's percentage, which is the
// part's own ("sweep 40 %"). Several: "all work" for the bar's (the mean of the parts), then each part's own, in the
// words and rounding of the views' notes (ViewState.h: "(sweep 30 %)").
QString WorkIndicator::barText(const QString& behind) const {
    auto percent = [](double f) { return QString::number(wholePercentDone(f)) + " %"; };
    QString text;
    if (fractions_.size() == 1) {
        text = behind + " " + percent(shown_);
    } else {
        QStringList parts;  // in a fixed order: the sweep, the secondary views, the depth lab, the demo
        std::vector<const QObject*> order(controllers_.begin(), controllers_.end());
        order.push_back(depth_);
        order.push_back(views_);
        for (const QObject* source : order)
            if (auto it = fractions_.find(source); it != fractions_.end()) parts << it->second.first + " " + percent(it->second.second);
        text = tr("all work %1: %2").arg(percent(shown_), parts.join(", "));
    }
    const QString left = timeLeftText(history_);
    return left.isEmpty() ? text : text + " · " + left;
}

double WorkIndicator::fractionShown() const { return active_ ? shown_ : -1; }

void WorkIndicator::setWaiting(const QString& what) {
    waiting_ = what;
    refresh();
}

QString WorkIndicator::timeLeftText(double fraction, double seconds) { return timeLeftText({{0.0, 0.0}, {seconds, fraction}}); }

QString WorkIndicator::timeLeftText(const std::vector<std::pair<double, double>>& history) {
    if (history.empty()) return {};
    const double seconds = history.back().first, fraction = history.back().second;  // no binding: lambdas use them
    if (!(fraction >= 0.05) || fraction >= 1 || !(seconds >= 2)) return {};
    // A sweep's bar is uneven: a pattern set's densities crawl, its runs then race. The pace since the start carries
    // a slow phase that is over; the pace of the last third of the time (at least 3 s) a stall that is about to end.
    // The faster of the two is the better guess in both cases.
    const double window = std::max(3.0, seconds / 3);
    auto from = std::find_if(history.rbegin(), history.rend(), [&](const auto& h) { return h.first <= seconds - window; });
    const auto [t0, f0] = from == history.rend() ? std::pair<double, double>{0.0, 0.0} : *from;
    const double overall = fraction / seconds, recent = seconds > t0 ? (fraction - f0) / (seconds - t0) : 0;
    const double left = (1 - fraction) / std::max(overall, recent);
    if (left < 60) return tr("about %1 s left").arg(std::max(1, int(std::lround(left / (left < 10 ? 1 : 5)) * (left < 10 ? 1 : 5))));
    if (left < 3600) return tr("about %1 min left").arg(int(std::lround(left / 60)));
    return tr("about %1 h left").arg(left / 3600, 0, 'f', 1);
}

void WorkIndicator::cancelAll() {
    for (ExplorerController* c : controllers_) c->cancel(true);  // the user's Cancel: the same settings resume it
    depth_->cancel();
    views_->cancelDemo();
    emit cancelled();  // work waiting for these (an export) is called off
    waiting_.clear();
    refresh();
}

bool WorkIndicator::eventFilter(QObject* watched, QEvent* event) {
    // accepting the override tells Qt that the key belongs to the widget (the open popup), not to a shortcut
    if (event->type() == QEvent::ShortcutOverride && QApplication::activePopupWidget() &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape)
        event->accept();
    // The words' width was measured in the old font (projector mode's, 1.4 times larger): measured again in the new one,
    // so that a status bar sized for the projector does not hold the normal window wide while work still runs
    if (watched == words_ && event->type() == QEvent::FontChange) {
        words_->setMinimumWidth(0);
        if (active_) QMetaObject::invokeMethod(this, &WorkIndicator::refresh, Qt::QueuedConnection);
    }
    return QObject::eventFilter(watched, event);
}
