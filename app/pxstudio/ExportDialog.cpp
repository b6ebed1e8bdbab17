#include "ExportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QDir>
#include <QRegularExpression>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

ExportDialog::ExportDialog(const QString& suggestedName, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export view"));
    QSettings prefs;
    const QString dir = prefs.value("export/dir", QDir::homePath()).toString();
    const QString suffix = prefs.value("export/suffix", "pdf").toString();
    auto* form = new QFormLayout(this);
    // A file name without spaces or punctuation that shells and LaTeX trip over: "SBM cycles — x" → "SBM-cycles-x".
    QString name = suggestedName;
    name.replace(QRegularExpression("[^A-Za-z0-9._-]+"), "-");
    name.remove(QRegularExpression("^-+|-+$"));
    if (name.isEmpty()) name = "figure";
    path_ = new QLineEdit(QDir(dir).filePath(name + "." + suffix), this);
    path_->setToolTip(tr("The format follows the suffix: .pdf and .svg are vector, .png is raster"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Export view"), path_->text(),
                                                       tr("PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"));
        if (!p.isEmpty()) path_->setText(p);
    });
    auto* row = new QHBoxLayout;
    row->addWidget(path_, 1);
    row->addWidget(browse);
    form->addRow(tr("File"), row);
    preset_ = new QComboBox(this);
    for (const auto& p : px::widgets::figurePresets()) preset_->addItem(p.label, p.key);
    preset_->addItem(tr("custom"), QString("custom"));
    preset_->setToolTip(tr("Venue presets set the size in inches, the fonts in points and put the legend under the axes"));
    form->addRow(tr("Preset"), preset_);
    auto inches = [this](double v) {
        auto* box = new QDoubleSpinBox(this);
        box->setRange(0.5, 100);
        box->setDecimals(2);
        box->setSingleStep(0.1);
        box->setSuffix(tr(" in"));
        box->setValue(v);
        box->setToolTip(tr("Physical size: a PDF page is inches × 72 points, an SVG states it in points, a PNG has inches × DPI pixels"));
        return box;
    };
    width_ = inches(prefs.value("export/width_in", 6.9).toDouble());
    height_ = inches(prefs.value("export/height_in", 3.5).toDouble());
    font_ = new QDoubleSpinBox(this);
    font_->setRange(0, 48);
    font_->setDecimals(1);
    font_->setSuffix(tr(" pt"));
    font_->setSpecialValueText(tr("as on screen"));
    font_->setValue(prefs.value("export/font_pt", 9.0).toDouble());
    font_->setToolTip(tr("Axis labels at this size; tick labels and legend 1 pt smaller (8–9 pt suit a paper column)"));
    dpi_ = new QSpinBox(this);
    dpi_->setRange(72, 1200);
    dpi_->setValue(prefs.value("export/dpi", 300).toInt());
    dpi_->setToolTip(tr("Resolution of PNG output: the picture has width × DPI pixels"));
    legendBelow_ = new QCheckBox(tr("legend under the axes"), this);
    legendBelow_->setChecked(prefs.value("export/legend_below", true).toBool());
    title_ = new QCheckBox(tr("title above the plot"), this);
    title_->setToolTip(tr("Off for a paper (its caption says what the figure shows); the JSON beside keeps the title"));
    title_->setChecked(prefs.value("export/title", false).toBool());
    marker_ = new QCheckBox(tr("draw the ε slider's marker"), this);
    marker_->setChecked(prefs.value("export/slider_marker", false).toBool());
    form->addRow(tr("Width"), width_);
    form->addRow(tr("Height"), height_);
    form->addRow(tr("Font"), font_);
    form->addRow(tr("PNG DPI"), dpi_);
    form->addRow(legendBelow_);
    form->addRow(title_);
    form->addRow(marker_);
    const int remembered = preset_->findData(prefs.value("export/preset", "two-column").toString());
    preset_->setCurrentIndex(remembered >= 0 ? remembered : 0);
    applyPreset(preset_->currentIndex());
    connect(preset_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &ExportDialog::applyPreset);
    for (QDoubleSpinBox* box : {width_, height_, font_})  // editing a value makes the size custom
        connect(box, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, [this] {
            const QString key = preset_->currentData().toString();
            if (key == "custom") return;
            const px::widgets::FigureSize s = px::widgets::presetSize(key);
            if (width_->value() != s.widthIn || height_->value() != s.heightIn || font_->value() != s.fontPt) {
                const QSignalBlocker block(preset_);
                preset_->setCurrentIndex(preset_->findData(QString("custom")));
            }
        });
    sidecars_ = new QCheckBox(tr("also write the plotted data (.csv) and every parameter (.json)"), this);
    sidecars_->setChecked(prefs.value("export/sidecars", true).toBool());
    form->addRow(sidecars_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

void ExportDialog::applyPreset(int index) {
    const QString key = preset_->itemData(index).toString();
    if (key == "custom") return;
    const px::widgets::FigureSize s = px::widgets::presetSize(key);
    for (QDoubleSpinBox* box : {width_, height_, font_}) box->blockSignals(true);
    width_->setValue(s.widthIn);
    height_->setValue(s.heightIn);
    font_->setValue(s.fontPt);
    for (QDoubleSpinBox* box : {width_, height_, font_}) box->blockSignals(false);
    legendBelow_->setChecked(s.legendBelow);
    title_->setChecked(s.title);
}

QString ExportDialog::path() const { return path_->text(); }
px::widgets::FigureSize ExportDialog::figureSize() const {
    px::widgets::FigureSize s;
    s.widthIn = width_->value();
    s.heightIn = height_->value();
    s.fontPt = font_->value();
    s.dpi = dpi_->value();
    s.legendBelow = legendBelow_->isChecked();
    s.sliderMarker = marker_->isChecked();
    s.title = title_->isChecked();
    return s;
}
bool ExportDialog::withSidecars() const { return sidecars_->isChecked(); }

void ExportDialog::accept() {
    QSettings prefs;
    prefs.setValue("export/dir", QFileInfo(path()).absolutePath());
    prefs.setValue("export/suffix", QFileInfo(path()).suffix().toLower());
    prefs.setValue("export/preset", preset_->currentData().toString());
    prefs.setValue("export/width_in", width_->value());
    prefs.setValue("export/height_in", height_->value());
    prefs.setValue("export/font_pt", font_->value());
    prefs.setValue("export/dpi", dpi_->value());
    prefs.setValue("export/legend_below", legendBelow_->isChecked());
    prefs.setValue("export/slider_marker", marker_->isChecked());
    prefs.setValue("export/title", title_->isChecked());
    prefs.setValue("export/sidecars", sidecars_->isChecked());
    QDialog::accept();
}
