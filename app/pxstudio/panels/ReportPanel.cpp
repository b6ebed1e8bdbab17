#include "ReportPanel.h"
#include "Notation.h"

#include <QLabel>
#include <QVBoxLayout>
#include <cmath>

ReportPanel::ReportPanel(QWidget* parent) : QGroupBox(tr("Report"), parent) {
    auto* layout = new QVBoxLayout(this);
    label_ = new QLabel(tr("<i>privacy report after the first computation</i>"));
    label_->setWordWrap(true);
    label_->setTextFormat(Qt::RichText);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(label_);
}

QString ReportPanel::text() const { return label_->text(); }

void ReportPanel::showMessage(const QString& html) { label_->setText(html); }

QString ReportPanel::controlsLine(const px::experiment::ControlComparison& c, double sliderEpsilon) {
    if (!c.found || std::isnan(c.publicValue)) return {};
    const QString metric = c.metric == "auc" ? "AUC" : c.metric == "rmse" ? "RMSE" : tr("accuracy");
    QString at = std::isinf(c.budget) ? tr("without noise") : tr("at ε = %1").arg(px::widgets::epsilonText(c.budget));
    // another number than the slider's, however close (a typed 0.5623 beside the grid's 0.562): said to be the grid's
    if (std::isfinite(c.budget) && sliderEpsilon > 0 && px::widgets::epsilonText(c.budget) != px::widgets::epsilonText(sliderEpsilon))
        at += tr(", the sweep's grid point nearest the slider's ε = %1 (the plot's readout interpolates)").arg(px::widgets::epsilonText(sliderEpsilon));
    const double overPublic = c.metric == "rmse" ? c.publicValue - c.value : c.value - c.publicValue;
    const double overShuffled = c.metric == "rmse" ? c.shuffledValue - c.value : c.value - c.shuffledValue;
    QString line = tr("Densities add <b>%1 %2</b> over the public information (n alone: %3) and %4 over the release shuffled "
                      "among graphs of equal n (%5) %6.")
                       .arg(overPublic, 0, 'f', 3).arg(metric).arg(c.publicValue, 0, 'f', 3)
                       .arg(overShuffled, 0, 'f', 3).arg(c.shuffledValue, 0, 'f', 3).arg(at);
    line.replace(QString("<b>%1").arg(overPublic, 0, 'f', 3), QString("<b>%1%2").arg(overPublic >= 0 ? "+" : "").arg(overPublic, 0, 'f', 3));
    if (c.noSignal)
        line += tr(" <span style='color:#b22'><b>No structural signal</b>: %1, so the private densities are worth what the "
                   "public information gives.</span>")
                    .arg(overPublic < 0 || overShuffled < 0 ? tr("below a control")
                                                            : tr("not above the better control by more than max(0.02, 2 sd = %1)")
                                                                  .arg(c.errorBar, 0, 'f', 3));
    return line;
}

void ReportPanel::showReport(const px::privacy::PrivacyReport& rep, const px::experiment::SweepResult* result, double epsilon,
                             bool sweepToCome) {
    QString html = QString("<b>%1</b><br>").arg(QString::fromStdString(rep.summary()).toHtmlEscaped());
    html += "<table>";
    for (int i = 0; i < int(rep.conversions.size()); ++i)
        html += QString("<tr><td>%1%2</td><td align=right>ε = %3</td></tr>")
                    .arg(i == rep.tightest ? "▶ " : "", QString::fromStdString(rep.conversions[i].name).toHtmlEscaped())
                    .arg(rep.conversions[i].epsilon, 0, 'g', 4);
    html += "</table>";
    double lo = INFINITY, hi = 0;
    for (double s : rep.noiseMedian) { lo = std::min(lo, s); hi = std::max(hi, s); }
    html += tr("noise scale per pattern: %1 … %2").arg(lo, 0, 'g', 3).arg(hi, 0, 'g', 3);
    if (result) {
        const px::experiment::ControlComparison c = px::experiment::compareWithControls(result->aggregated, epsilon);
        const QString line = controlsLine(c, epsilon);
        if (!line.isEmpty()) html += "<p>" + line + "</p>";
        html += "<p>" + tr("<b>What this covers.</b> Edge-level privacy: the release hardly changes when one edge of one graph "
                           "is added or removed. It does not hide n (public), nor which graph an embedding came from");
        if (c.found && std::isfinite(c.top1))
            html += tr(": the re-identification attack matches %1 % of releases to their graph %2 (chance among graphs of the "
                       "same n: %3 %)").arg(100 * c.top1, 0, 'f', 1).arg(std::isinf(c.budget) ? tr("without noise") : tr("at ε = %1").arg(px::widgets::epsilonText(c.budget)))
                        .arg(100 * c.chanceTop1, 0, 'f', 1);
        html += ".</p>";
    } else if (sweepToCome) {
        html += "<p><i>" + tr("The utility beside the public controls and the attack's success come with these settings' sweep.") + "</i></p>";
    }
    label_->setText(html);
}
