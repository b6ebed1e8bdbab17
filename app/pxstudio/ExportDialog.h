#pragma once
// "Export view…": file (format from the suffix: PDF, SVG vector; PNG raster), size in pixels at
// 96 DPI (points for vector formats), raster DPI, and whether to write the plotted data as CSV and
// every parameter as a JSON sidecar next to the figure. Remembers its choices (QSettings).
#include <QDialog>

class QLineEdit;
class QSpinBox;
class QCheckBox;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(const QString& suggestedName, QWidget* parent = nullptr);
    QString path() const;
    int figureWidth() const;
    int figureHeight() const;
    int dpi() const;
    bool withSidecars() const;
    void accept() override;  // remembers the choices

private:
    QLineEdit* path_;
    QSpinBox* width_;
    QSpinBox* height_;
    QSpinBox* dpi_;
    QCheckBox* sidecars_;
};
