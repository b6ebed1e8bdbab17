#include "FigureExport.h"

#include "FigureLayout.h"
#include "Palette.h"
#include "ScreenFit.h"
#include "common/AtomicFile.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QFontInfo>
#include <QHash>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <cmath>
#include <qcustomplot.h>
#include <stdexcept>

namespace px::widgets {

namespace {
constexpr int kUnclippedKeyOvershoot = 5;  // QCPGraph::drawLegendIcon's line ends at rect.right() + 5  // the plot is laid out in pixels of 1/96 in, as on screen

FigureSize paper(double w, double h, double fontPt, bool legendBelow, bool title, double marginIn = 2.0 / 72) {
    FigureSize s;
    s.marginIn = marginIn;
    s.widthIn = w;
    s.heightIn = h;
    s.fontPt = fontPt;
    s.legendBelow = legendBelow;
    s.title = title;
    return s;
}

// Exactly width × DPI by height × DPI pixels: the layout is drawn at DPI/96 and placed on a canvas of
// the exact size (the layout's whole-pixel rounding differs by at most a pixel of blank margin).
// Every writer renders into memory; the caller writes the bytes atomically. Empty bytes: rendering failed.
QByteArray renderPng(QCustomPlot* plot, const FigureSize& s, int w, int h) {
    const QPixmap drawn = plot->toPixmap(w, h, s.dpi / kLayoutDpi);
    QImage image(int(std::lround(s.widthIn * s.dpi)), int(std::lround(s.heightIn * s.dpi)), QImage::Format_ARGB32);
    image.fill(Qt::white);  // QCustomPlot's background
    {
        QPainter painter(&image);
        painter.drawPixmap(0, 0, drawn);
    }
    const int dotsPerMeter = int(std::lround(s.dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) return {};
    return bytes;
}

QByteArray renderPdf(QCustomPlot* plot, const FigureSize& s, int w, int h) {
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setResolution(int(kLayoutDpi));
        pdf.setCreator("PXStudio");
        pdf.setTitle(plot->objectName());
        const QPageSize page(QSizeF(s.widthIn, s.heightIn), QPageSize::Inch, QString(), QPageSize::ExactMatch);
        pdf.setPageLayout(QPageLayout(page, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QCPPainter painter;
        if (!painter.begin(&pdf)) return {};
        painter.setMode(QCPPainter::pmVectorized);
        plot->toPainter(&painter, w, h);
        painter.end();
    }
    // Qt writes the page box in whole points (238 for 3.3 in); state the exact width × 72. The text is
    // padded to its old length so that the file's cross-reference offsets stay valid.
    static const QRegularExpression box(R"(/MediaBox \[0 0 [0-9.]+ [0-9.]+\])");
    const auto m = box.match(QString::fromLatin1(bytes));
    if (!m.hasMatch()) return {};
    QByteArray exact = QString("/MediaBox [0 0 %1 %2]").arg(s.widthIn * 72, 0, 'f', 4).arg(s.heightIn * 72, 0, 'f', 4).toLatin1();
    const int old = int(m.capturedLength());
    if (exact.size() > old) exact = QString("/MediaBox [0 0 %1 %2]").arg(s.widthIn * 72, 0, 'f', 2).arg(s.heightIn * 72, 0, 'f', 2).toLatin1();
    if (exact.size() > old) return bytes;  // cannot happen for sizes Qt rounds to nearest; keep Qt's box
    exact.insert(exact.size() - 1, QByteArray(old - exact.size(), ' '));
    bytes.replace(int(m.capturedStart()), old, exact);
    return bytes;
}

// QSvgGenerator writes the family the plot asked for, often a generic alias ("Sans Serif") that another machine
// renders with another font. Name the family that drew the text (the one the PDF embeds, e.g. DejaVu Sans), with
// the generic family as the fallback.
QString namedFontFamilies(const QString& svg) {
    static const QRegularExpression family(R"re(font-family="([^"]*)")re");
    QString out;
    qsizetype last = 0;
    QHash<QString, QString> drawnFor;  // one font look-up per family, not per text
    for (auto it = family.globalMatch(svg); it.hasNext();) {
        const auto m = it.next();
        const QString asked = m.captured(1);
        if (!drawnFor.contains(asked)) drawnFor.insert(asked, QFontInfo(QFont(asked)).family());
        const QString drawn = drawnFor.value(asked);
        out += svg.mid(last, m.capturedStart() - last);
        out += drawn.isEmpty() ? m.captured(0) : QString(R"(font-family="%1, sans-serif")").arg(drawn);
        last = m.capturedEnd();
    }
    return out + svg.mid(last);
}

QByteArray renderSvg(QCustomPlot* plot, const FigureSize& s, int w, int h) {
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(QSize(w, h));
        svg.setResolution(int(kLayoutDpi));
        svg.setViewBox(QRect(0, 0, w, h));
        svg.setTitle(plot->objectName());
        svg.setDescription("PXStudio figure");
        QCPPainter painter;
        if (!painter.begin(&svg)) return {};
        // QSvgGenerator ignores clipping, and QCustomPlot draws a graph's key line 5 px past its icon (for the
        // last dash, clipped elsewhere): in SVG the line would run into its text. The text moves 5 px instead.
        const int padding = plot->legend->iconTextPadding();
        plot->legend->setIconTextPadding(padding + kUnclippedKeyOvershoot);
        plot->toPainter(&painter, w, h);
        plot->legend->setIconTextPadding(padding);
        painter.end();
    }
    // QSvgGenerator states the size in whole pixels converted to mm; state the exact size in points.
    QString text = QString::fromUtf8(bytes);
    static const QRegularExpression size(R"(<svg([^>]*?) width="[^"]*" height="[^"]*")");
    text.replace(size, QString(R"(<svg\1 width="%1pt" height="%2pt")").arg(s.widthIn * 72, 0, 'g', 10).arg(s.heightIn * 72, 0, 'g', 10));
    return namedFontFamilies(text).toUtf8();
}

}  // namespace

const std::vector<FigurePreset>& figurePresets() {
    static const std::vector<FigurePreset> presets = {
        // A paper's figures have captions, not titles; a slide keeps its title.
        {"one-column", "one column (3.3 × 2.5 in, 8 pt)", paper(3.3, 2.5, 8, true, false)},
        {"two-column", "two columns (6.9 × 3.5 in, 9 pt)", paper(6.9, 3.5, 9, true, false)},
        {"slide", "slide 16:9 (13.33 × 7.5 in, 20 pt)", paper(40.0 / 3, 7.5, 20, false, true, 0.15)},
    };
    return presets;
}

FigureSize presetSize(const QString& key) {
    QStringList keys;
    for (const auto& p : figurePresets()) {
        if (p.key == key) return p.size;
        keys << p.key;
    }
    throw std::invalid_argument("unknown figure preset '" + key.toStdString() + "' (expected " + keys.join(", ").toStdString() + ")");
}

QString figureTitle(QCustomPlot* plot) {
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* title = qobject_cast<QCPTextElement*>(e)) return fullTitle(title);
    return {};
}

void exportFigure(QCustomPlot* plot, const QString& path, const FigureSize& s) {
    if (plot->property(kPreviewProperty).toBool())
        throw std::runtime_error(path.toStdString() + ": the view shows a preview on part of the data, or the previous settings' curve, while the sweep runs; "
                                 "export it once the sweep is done");
    if (!(s.widthIn >= 0.5 && s.widthIn <= 100 && s.heightIn >= 0.5 && s.heightIn <= 100))
        throw std::runtime_error(path.toStdString() + ": figure size must lie between 0.5 and 100 inches");
    if (s.dpi < 36 || s.dpi > 2400) throw std::runtime_error(path.toStdString() + ": DPI must lie in [36, 2400]");
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != "png" && suffix != "pdf" && suffix != "svg")
        throw std::runtime_error(path.toStdString() + ": unknown figure format (expected .png, .pdf or .svg)");
    const int w = int(std::lround(s.widthIn * kLayoutDpi)), h = int(std::lround(s.heightIn * kLayoutDpi));
    QByteArray bytes;
    {
        FigureLayout dressed(plot, s);
        if (suffix == "png") bytes = renderPng(plot, s, w, h);
        else if (suffix == "pdf") bytes = renderPdf(plot, s, w, h);
        else bytes = renderSvg(plot, s, w, h);
    }
    if (bytes.isEmpty()) throw std::runtime_error(path.toStdString() + ": cannot render the figure");
    px::writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

void exportFigure(QCustomPlot* plot, const QString& path, int width, int height, int dpi) {
    FigureSize s;
    s.widthIn = width / kLayoutDpi;
    s.heightIn = height / kLayoutDpi;
    s.dpi = dpi;
    exportFigure(plot, path, s);
}

}  // namespace px::widgets
