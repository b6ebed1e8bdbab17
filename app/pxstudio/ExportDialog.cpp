#include "ExportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
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
    auto* preset = new QComboBox(this);
    preset->addItem(tr("custom"), QSize());
    preset->addItem(tr("one column (3.3 in × 2.5 in)"), QSize(317, 240));
    preset->addItem(tr("two columns (6.9 in × 3.5 in)"), QSize(662, 336));
    preset->addItem(tr("slide 16:9 (1280 × 720)"), QSize(1280, 720));
    form->addRow(tr("Preset"), preset);
    width_ = new QSpinBox(this);
    width_->setRange(100, 10000);
    width_->setValue(prefs.value("export/width", 900).toInt());
    width_->setSuffix(tr(" px"));
    height_ = new QSpinBox(this);
    height_->setRange(100, 10000);
    height_->setValue(prefs.value("export/height", 600).toInt());
    height_->setSuffix(tr(" px"));
    const QString sizeTip = tr("At 96 pixels per inch; for PDF and SVG these are points of the page");
    width_->setToolTip(sizeTip);
    height_->setToolTip(sizeTip);
    dpi_ = new QSpinBox(this);
    dpi_->setRange(72, 1200);
    dpi_->setValue(prefs.value("export/dpi", 300).toInt());
    dpi_->setToolTip(tr("Resolution of PNG output (the picture is drawn at width × DPI/96 pixels)"));
    form->addRow(tr("Width"), width_);
    form->addRow(tr("Height"), height_);
    form->addRow(tr("PNG DPI"), dpi_);
    connect(preset, QOverload<int>::of(&QComboBox::currentIndexChanged), this, [this, preset](int i) {
        const QSize s = preset->itemData(i).toSize();
        if (s.isValid()) { width_->setValue(s.width()); height_->setValue(s.height()); }
    });
    sidecars_ = new QCheckBox(tr("also write the plotted data (.csv) and every parameter (.json)"), this);
    sidecars_->setChecked(prefs.value("export/sidecars", true).toBool());
    form->addRow(sidecars_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QString ExportDialog::path() const { return path_->text(); }
int ExportDialog::figureWidth() const { return width_->value(); }
int ExportDialog::figureHeight() const { return height_->value(); }
int ExportDialog::dpi() const { return dpi_->value(); }
bool ExportDialog::withSidecars() const { return sidecars_->isChecked(); }

void ExportDialog::accept() {
    QSettings prefs;
    prefs.setValue("export/dir", QFileInfo(path()).absolutePath());
    prefs.setValue("export/suffix", QFileInfo(path()).suffix().toLower());
    prefs.setValue("export/width", width_->value());
    prefs.setValue("export/height", height_->value());
    prefs.setValue("export/dpi", dpi_->value());
    prefs.setValue("export/sidecars", sidecars_->isChecked());
    QDialog::accept();
}
