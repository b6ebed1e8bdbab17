// How ExplorerViews presents its views (ViewPresenter.h): for each view, the key of the current settings in its
// scope (ViewKeys.h) and what its computation is doing, against the key of what it draws (drawn_).
#include "ExplorerController.h"
#include "ExplorerViews.h"
#include "GinCurvePlot.h"
#include "Palette.h"
#include "PatternGallery.h"
#include "SliderReadout.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"
#include "learn/Learners.h"

#include <QComboBox>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <qcustomplot.h>

using viewkeys::Scope;

std::string ExplorerViews::releaseKey(const std::optional<ExplorerSettings>& densitiesFor, const px::privacy::MechanismParams& mechanism) {
    if (!densitiesFor) return {};
    ExplorerSettings s = *densitiesFor;
    s.mechanism = mechanism;
    return viewkeys::key(s, Scope::Release);
}

nlohmann::json ExplorerViews::demoSettings(const ExplorerSettings& s, int pair) {
    px::privacy::MechanismParams m = s.mechanism;  // as recomputeDemo runs it: the Gaussian, never the reference mode
    m.mechanism = px::privacy::MechanismKind::Gaussian;
    m.referenceMode = false;
    return {{"mechanism", px::privacy::toJson(m)}, {"seed", s.patternSeed}, {"pair", pair}};
}

std::string ExplorerViews::demoKey(const ExplorerSettings& s, int pair) const { return viewkeys::keyOf(demoSettings(s, pair)); }

bool ExplorerViews::drawGinCurve() {
    const double epsilon = settings_().mechanism.epsilon;
    if (!main_->result() || !main_->resultFor() || !px::widgets::buildGinCurvePlot(dimensionPlot_, *main_->result(), fontScale_, epsilon))
        return false;
    drawn_.dimension = "gin:" + viewkeys::tradeoffKey(*main_->resultFor(), epsilon);
    presenter_->present("dimension");
    return true;
}

std::string ExplorerViews::needsLabelsReason() const {
    if (!main_->dataset() || !main_->dataset()->tasks.empty()) return {};
    return tr("This view trains a classifier: it needs class labels, and this data set has none. Choose a label source "
              "with Labels… in the Data set panel (the noise anatomy needs no labels).").toStdString();
}

bool ExplorerViews::skipWithoutLabels(ExplorerController* c, bool& stale) {
    if (needsLabelsReason().empty()) return false;
    c->cancel();  // nothing to compute: the view's note says why
    stale = false;
    (c == expressivity_ ? drawn_.expressivity : drawn_.dimension).clear();
    showNeedsLabels(c == expressivity_ ? expressivityPlot_ : dimensionPlot_);
    presenter_->present(c == expressivity_ ? "expressivity" : "dimension");
    return true;
}

void ExplorerViews::showNeedsLabels(QCustomPlot* plot) { px::widgets::hideEmptyAxes(plot); }

bool ExplorerViews::emptiedForGraphRelease() {
    const bool graphs = px::privacy::perturbsGraph(settings_().mechanism.mechanism);
    focus_->setEnabled(!graphs);  // no noisy releases of a graph's densities to pick a graph for
    if (!graphs) return false;
    for (QCustomPlot* plot : {anatomy_, embeddingPlot_})
        if (plot->plottableCount() > 0 || plot->itemCount() > 0) px::widgets::hideEmptyAxes(plot);
    drawn_.anatomy.clear();
    drawn_.embedding.clear();
    redrawAnatomy_ = nullptr;
    return true;
}

void ExplorerViews::showUnlabelled() {
    // nothing learnt, but the patterns and densities are in: the embedding (its points uncoloured by class) and the
    // gallery need no more
    if (main_->dataset()) focus_->setRange(0, main_->dataset()->size() - 1);
    showNeedsLabels(tradeoff_);
    drawn_.tradeoff.clear();
    drawn_.tradeoffAs = Drawn::Nothing;
    clearResultsTable();  // its rows were another data set's and looked current
    for (ExplorerController* c : {expressivity_, dimension_})
        if (currentWidget() == (c == expressivity_ ? expressivityPlot_ : dimensionPlot_)) recomputeSecondary(c, c == expressivity_ ? expressivityStale_ : dimensionStale_);
    refreshEmbedding();
    showPatterns();  // sampled without labels too
    presenter_->presentAll();
}

QString ExplorerViews::viewName(const QWidget* page) const { return presenter_->nameOf(page); }

namespace {
// What a controller is doing, for a view of its result whose current key is `currentKey` in `scope`.
ViewActivity activityOf(const ExplorerController* c, const ExplorerSettings& now, Scope scope) {
    ViewActivity a;
    a.busy = c->busy();
    a.fraction = c->fraction();
    a.part = c->workName().toStdString();
    // its failure is news only for the settings it failed on
    if (!c->failure().isEmpty() && c->runningFor() && viewkeys::key(*c->runningFor(), scope) == viewkeys::key(now, scope))
        a.failure = c->failure().toStdString();
    return a;
}
}  // namespace

void ExplorerViews::registerViews() {
    presenter_ = new ViewPresenter(this);
    connect(main_, &ExplorerController::doneWithoutLabels, this, &ExplorerViews::showUnlabelled);
    auto scopedSettings = [this](Scope scope) { return [this, scope] { return viewkeys::scoped(settings_(), scope); }; };
    // randomized response releases graphs: there is no noise model to draw, nor noisy densities to project
    auto graphRelease = [this](const char* what) {
        return [this, what] {
            return px::privacy::perturbsGraph(settings_().mechanism.mechanism)
                       ? "Randomized response releases perturbed graphs, not noisy densities: " + std::string(what)
                       : std::string();
        };
    };
    auto sweep = [this](Scope scope, bool tradeoff) {
        return [this, scope, tradeoff] {
            ViewActivity a = activityOf(main_, settings_(), scope);
            a.emptyReason = needsLabelsReason();
            a.preview = tradeoff && drawn_.tradeoffAs == Drawn::Preview;
            a.partial = tradeoff && drawn_.tradeoffAs == Drawn::Partial;
            return a;
        };
    };
    presenter_->add("tradeoff", tradeoff_,
                    {[this] { return drawn_.tradeoff; }, [this] { return viewkeys::tradeoffKey(settings_(), settings_().mechanism.epsilon); },
                     sweep(Scope::Sweep, true), scopedSettings(Scope::AtEpsilon)});
    presenter_->setAvoid("tradeoff", [this] { return px::widgets::sliderReadoutRect(tradeoff_); });
    presenter_->add("table", table_, {[this] { return drawn_.table; }, [this] { return viewkeys::key(settings_(), Scope::Sweep); },
                                      sweep(Scope::Sweep, false), scopedSettings(Scope::Sweep)});
    presenter_->add("gallery", findChild<QWidget*>("gallery-tab"),  // the scroll area's box: its note stays in sight
                    {[this] { return drawn_.gallery; }, [this] { return viewkeys::key(settings_(), Scope::Patterns); },
                     [this] { return activityOf(main_, settings_(), Scope::Patterns); }, scopedSettings(Scope::Patterns)});
    struct ReleaseView { const char* name; QCustomPlot* plot; const std::string* drawn; std::function<std::string()> whyEmpty; };
    for (const ReleaseView& v : {ReleaseView{"anatomy", anatomy_, &drawn_.anatomy, graphRelease("no noise model to draw here.")},
                                 ReleaseView{"embedding", embeddingPlot_, &drawn_.embedding,
                                             graphRelease("no noisy density vectors to project here (the sweep counts densities on each released graph).")}})
        presenter_->add(v.name, v.plot, {[drawn = v.drawn] { return *drawn; }, [this] { return viewkeys::key(settings_(), Scope::Release); },
                                     [this, whyEmpty = v.whyEmpty, name = std::string(v.name)] {
                                         ViewActivity a = activityOf(main_, settings_(), Scope::Release);
                                         a.emptyReason = whyEmpty();
                                         if (name == "embedding" && a.failure.empty() && !embeddingFailure_.why.empty() &&
                                             embeddingFailure_.failedFor == viewkeys::key(settings_(), Scope::Release))
                                             a.failure = embeddingFailure_.why;
                                         return a;
                                     },
                                     scopedSettings(Scope::Release)});
    const std::string ginUsesNoPatterns = "The GIN learns from the released graphs, not from pattern densities: this view varies the patterns.";
    presenter_->add("expressivity", expressivityPlot_,
                    {[this] { return drawn_.expressivity; }, [this] { return viewkeys::key(settings_(), Scope::AtEpsilon); },
                     [this, ginUsesNoPatterns] {
                         ViewActivity a = activityOf(expressivity_, settings_(), Scope::AtEpsilon);
                         if (px::learn::isGraphLearner(settings_().learner)) a.emptyReason = ginUsesNoPatterns;
                         if (a.emptyReason.empty()) a.emptyReason = needsLabelsReason();
                         return a;
                     },
                     scopedSettings(Scope::AtEpsilon)});
    presenter_->add("dimension", dimensionPlot_,
                    {[this] { return drawn_.dimension; },
                     [this] {
                         const ExplorerSettings s = settings_();
                         return px::learn::isGraphLearner(s.learner) ? "gin:" + viewkeys::tradeoffKey(s, s.mechanism.epsilon)
                                                                     : viewkeys::key(s, Scope::AtEpsilon);
                     },
                     [this] {
                         const bool gin = px::learn::isGraphLearner(settings_().learner);
                         ViewActivity a = activityOf(gin ? main_ : dimension_, settings_(), gin ? Scope::Sweep : Scope::AtEpsilon);
                         a.emptyReason = needsLabelsReason();
                         return a;
                     },
                     scopedSettings(Scope::AtEpsilon)});
    presenter_->add("demo", demoPlot_, {[this] { return drawn_.demo; }, [this] { return demoKey(settings_(), demoPair_->currentIndex()); },
                                        [this] {
                                            ViewActivity a;
                                            a.busy = demoRunning_;
                                            a.fraction = demoFraction_;
                                            a.part = tr(kDemoWorkName).toStdString();
                                            return a;
                                        },
                                        // what its key stands for (the screenshot tour's trace check found the
                                        // pattern class there, on which the demo does not depend)
                                        [this] { return demoSettings(settings_(), demoPair_->currentIndex()); }});
}
