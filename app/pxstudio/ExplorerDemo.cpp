// The distinguishability demo's tab and its computation (ExplorerViews.h): px::experiment::distinguishability on one
// pair of graphs, on the compute pool, as one part of the window's work: its progress on the status bar (and in the
// view's note, named the same), and the status bar's Cancel stops it.
#include "ComputePool.h"
#include "DistinguishabilityPlot.h"
#include "ExplorerViews.h"
#include "GraphPairView.h"
#include "QueuedProgress.h"
#include "ViewPresenter.h"

#include "common/Error.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QFutureWatcher>
#include <QtConcurrent>
#include <optional>
#include <qcustomplot.h>

namespace {
// The demo's two graphs above its plot on a page about as tall as wide, beside it on a wider one (the projector's
// 1280×720 leaves the page 1260×450, the normal window's about 880×560: above, the plot's axes kept 40-70 px).
class SideBySideWhenWide : public QObject {
public:
    SideBySideWhenWide(QWidget* page, QBoxLayout* layout) : QObject(page), layout_(layout) { page->installEventFilter(this); }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Resize) {
            auto* page = static_cast<QWidget*>(watched);
            layout_->setDirection(2 * page->width() > 3 * page->height() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
        }
        return false;
    }

private:
    QBoxLayout* layout_;
};

using DemoOutcome = std::optional<px::experiment::DistinguishabilityResult>;  // empty: cancelled

// The demo releases Gaussian noise whatever mechanism the panel chose (its overlaps are the Gaussians'): its title
// says so beside another mechanism (a new user read the demo as the chosen mechanism's).
QString demoTitle(const ExplorerSettings& s, int pair) {
    using px::privacy::MechanismKind;
    const auto pairs = px::experiment::demoPairs();
    const QString name = QString::fromStdString(pairs[std::size_t(std::clamp(pair, 0, int(pairs.size()) - 1))].name);
    QString chosen;
    switch (s.mechanism.mechanism) {
    case MechanismKind::Gaussian: chosen = s.mechanism.referenceMode ? ExplorerViews::tr("the reference mode") : QString(); break;
    case MechanismKind::SmoothGaussian: chosen = ExplorerViews::tr("the smooth-sensitivity Gaussian"); break;
    case MechanismKind::Laplace: chosen = ExplorerViews::tr("Laplace"); break;
    case MechanismKind::RandomizedResponse: chosen = ExplorerViews::tr("randomized response"); break;
    case MechanismKind::DegreePreservingRR: chosen = ExplorerViews::tr("DPRR"); break;
    }
    if (chosen.isEmpty()) return ExplorerViews::tr("Distinguishability: %1").arg(name);
    // δ named too: the panel greys its δ under a pure-DP mechanism, but this Gaussian still spends it
    return ExplorerViews::tr("Distinguishability: %1 (Gaussian noise, δ = %2, not %3)")
        .arg(name, QString::number(s.mechanism.delta, 'g', 3), chosen);
}
}  // namespace

const char* const ExplorerViews::kDemoWorkName = "distinguishability demo";

void ExplorerViews::buildDemoTab() {
    auto* demo = new QWidget(this);
    auto* layout = new QVBoxLayout(demo);
    demoPair_ = new QComboBox(demo);
    for (const auto& p : px::experiment::demoPairs()) demoPair_->addItem(QString::fromStdString(p.name));
    demoPair_->setToolTip(tr("Two graphs with the same n: 1-WL-equivalent pairs (trees cannot separate them) and\n"
                             "two neighbouring graphs (privacy must make them indistinguishable)"));
    demoPlot_ = new QCustomPlot(demo);
    demoGraphs_ = new px::widgets::GraphPairView(demo);
    layout->addWidget(demoPair_);
    auto* pairAndPlot = new QBoxLayout(QBoxLayout::TopToBottom);
    pairAndPlot->addWidget(demoGraphs_, 1);
    pairAndPlot->addWidget(demoPlot_, 2);
    layout->addLayout(pairAndPlot, 1);
    new SideBySideWhenWide(demo, pairAndPlot);
    connect(demoPair_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &ExplorerViews::recomputeDemo);
    addTab(demo, tr("Distinguishability demo"));
    setTabToolTip(count() - 1, tr("Expressivity and privacy on one pair of graphs: does each pattern class see\n"
                                  "a difference, and how much do the noisy releases overlap at each ε?"));
}

void ExplorerViews::cancelDemo() {
    if (demoJob_) demoJob_->stop = true;
    if (!demoRunning_) return;
    ++demoGeneration_;  // its end, when it comes, is not drawn
    demoRunning_ = false;
    demoFraction_ = -1;
    emit demoEnded();
    presenter_->present("demo");
}

// The demo on screen follows the settings. Settings whose result is drawn already call off a computation for other
// ones (an ε typed and at once undone: the typed ε's result arrived after the undo and was drawn, marked PREVIOUS
// SETTINGS, with nothing left to recompute it); other settings are computed, unless they are being computed.
void ExplorerViews::followDemo() {
    const std::string want = demoKey(settings_(), demoPair_->currentIndex());
    if (drawn_.demo == want) {
        if (demoRunning_) cancelDemo();
        if (redrawDemo_ && demoDrawnTitle_ != demoTitle(settings_(), demoPair_->currentIndex())) redrawDemo_();  // another mechanism
        return;
    }
    if (!demoRunning_ || demoRequested_ != want) recomputeDemo();
}

void ExplorerViews::recomputeDemo() {
    if (demoJob_) demoJob_->stop = true;  // a request replaces the running one: it stops
    const auto pairs = px::experiment::demoPairs();
    const int idx = std::clamp(demoPair_->currentIndex(), 0, int(pairs.size()) - 1);
    const ExplorerSettings s = settings_();
    px::experiment::DistinguishabilityParams p;
    p.mechanism = s.mechanism;
    p.mechanism.mechanism = px::privacy::MechanismKind::Gaussian;
    p.mechanism.referenceMode = false;
    p.seed = s.patternSeed;
    const double marker = s.mechanism.epsilon;
    const std::string key = demoKey(s, idx);
    demoRequested_ = key;
    demoGraphs_->setPair(pairs[idx].g0, pairs[idx].g1);
    const int generation = ++demoGeneration_;
    auto job = std::make_shared<QueuedProgress>(this, [this, generation](double f) {
        if (generation != demoGeneration_) return;
        demoFraction_ = f;
        emit demoProgressed(f);
    });
    demoJob_ = job;
    demoRunning_ = true;
    demoFraction_ = 0;
    emit demoStarted();
    auto* watcher = new QFutureWatcher<DemoOutcome>(this);
    connect(watcher, &QFutureWatcher<DemoOutcome>::finished, this, [this, watcher, idx, marker, key, generation] {
        watcher->deleteLater();
        if (generation != demoGeneration_) return;  // a later request replaced it (or Cancel): only the latest is drawn
        demoRunning_ = false;
        demoFraction_ = -1;
        try {
            if (const DemoOutcome outcome = watcher->result()) {
                demoShown_ = *outcome;
                redrawDemo_ = [this, idx, marker] {  // titled for the settings on screen when drawn
                    demoDrawnTitle_ = demoTitle(settings_(), idx);
                    px::widgets::buildDistinguishabilityPlot(demoPlot_, demoShown_, demoDrawnTitle_, marker, fontScale_);
                };
                redrawDemo_();
                drawn_.demo = key;
            }
        } catch (const std::exception& e) {
            emit message(tr("Demo failed: %1").arg(e.what()));
        }
        emit demoEnded();
        presenter_->present("demo");
    });
    const px::experiment::GraphPair pair = pairs[idx];
    demoFutures_.removeIf([](const QFuture<DemoOutcome>& f) { return f.isFinished(); });
    demoFutures_ << QtConcurrent::run(computePool(), [pair, p, job]() -> DemoOutcome {
        try {
            return px::experiment::distinguishability(pair.g0, pair.g1, p, *job);
        } catch (const px::Cancelled&) {
            return std::nullopt;
        }
    });
    watcher->setFuture(demoFutures_.back());
}
