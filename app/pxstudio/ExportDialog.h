#pragma once
// "Export view…": file (format from the suffix: PDF, SVG vector; PNG raster), a venue preset (one
// column, two columns, a 16:9 slide: size in inches, fonts in points, legend under the axes) or a
// custom size in inches, raster DPI, the title (off for the paper presets), the slider marker (off by default), and whether to write the
// plotted data as CSV and every parameter as a JSON sidecar. Remembers its choices (QSettings).
#include "FigureExport.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(const QString& suggestedName, QWidget* parent = nullptr);
    QString path() const;
    px::widgets::FigureSize figureSize() const;
    bool withSidecars() const;
    void accept() override;  // remembers the choices

private:
    void applyPreset(int index);
    QLineEdit* path_;
    QComboBox* preset_;
    QDoubleSpinBox* width_;
    QDoubleSpinBox* height_;
    QDoubleSpinBox* font_;
    QSpinBox* dpi_;
    QCheckBox* legendBelow_;
    QCheckBox* marker_;
    QCheckBox* title_;
    QCheckBox* sidecars_;
};
