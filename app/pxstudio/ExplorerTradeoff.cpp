// The trade-off view of ExplorerViews: the main sweep's result, and while it runs its preview and partial results.
#include "ExplorerViews.h"
#include "TradeoffPlot.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"

px::widgets::TradeoffOptions ExplorerViews::tradeoffOptions() const {
    px::widgets::TradeoffOptions opt;
    opt.markerEpsilon = settings_().mechanism.epsilon;
    opt.fontScale = fontScale_;
    opt.compactLegend = fontScale_ > 1;  // projector mode: the axes keep the height a seven-line legend would take
    return opt;
}

QString ExplorerViews::previewNote(const px::experiment::SweepResult& preview) const {
    const auto& about = preview.metadata["preview"];
    return tr("PREVIEW on %1 of %2 graphs").arg(about.value("graphs", 0)).arg(about.value("of", 0));
}

void ExplorerViews::showPartial(const px::experiment::SweepResult& partial, bool stopped) {
    px::widgets::TradeoffOptions opt = tradeoffOptions();
    opt.partial = true;
    opt.stopped = stopped;
    // Beneath the new points, faded, what they replace point by point: the preview, else the curve of the previous
    // settings (on this data set: opening another one clears it), so that the view keeps its whole grid meanwhile.
    if ((opt.previewBeneath = main_->previewResult()))
        opt.previewBeneathNote = previewNote(*opt.previewBeneath) + (stopped ? tr(" (the computation stopped: F5 computes the rest)")
                                                                                 : tr(", replaced as the sweep's points arrive"));
    else if ((opt.previewBeneath = main_->result()))
        opt.previewBeneathNote = stopped ? tr("PREVIOUS SETTINGS (the computation stopped: F5 computes the rest)")
                                         : tr("PREVIOUS SETTINGS, replaced as the new points arrive");
    px::widgets::buildTradeoffPlot(tradeoff_, partial, opt);
    drawn_.tradeoff = main_->runningFor() ? viewkeys::tradeoffKey(*main_->runningFor(), opt.markerEpsilon) : "";
    drawn_.tradeoffAs = Drawn::Partial;
    presenter_->present("tradeoff");
}

void ExplorerViews::showPreview(const px::experiment::SweepResult& preview) {
    px::widgets::TradeoffOptions opt = tradeoffOptions();
    opt.previewNote = previewNote(preview);
    px::widgets::buildTradeoffPlot(tradeoff_, preview, opt);
    drawn_.tradeoff = main_->runningFor() ? viewkeys::tradeoffKey(*main_->runningFor(), opt.markerEpsilon) : "";
    drawn_.tradeoffAs = Drawn::Preview;
    presenter_->present("tradeoff");
}

void ExplorerViews::refreshTradeoff() {
    // while the sweep runs, what is on screen is its partial result or its preview: redrawn at the slider's ε as it is
    // (it once flipped back to the previous settings' whole result for the seconds until the next points came)
    // (and once the sweep was stopped, its part is what the view shows, said to be all there is)
    if (drawn_.tradeoffAs == Drawn::Partial && main_->partialResult()) {
        showPartial(*main_->partialResult(), !main_->busy());
        return;
    }
    if (main_->busy() && drawn_.tradeoffAs == Drawn::Preview && main_->previewResult()) {
        showPreview(*main_->previewResult());
        return;
    }
    const auto* r = main_->result();
    if (!r) return;
    px::widgets::TradeoffOptions opt = tradeoffOptions();
    // what is drawn is said before the drawing: a paint while the plot is built decides the view for the result
    drawn_.tradeoff = main_->resultFor() ? viewkeys::tradeoffKey(*main_->resultFor(), opt.markerEpsilon) : "";
    drawn_.tradeoffAs = Drawn::Final;
    px::widgets::buildTradeoffPlot(tradeoff_, *r, opt);
    presenter_->present("tradeoff");
}
