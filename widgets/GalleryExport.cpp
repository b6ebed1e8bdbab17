#include "GalleryExport.h"

#include "FigureExport.h"
#include "common/AtomicFile.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <cmath>
#include <stdexcept>

namespace px::widgets {

namespace {
int inches(double in) { return int(std::lround(in * kLayoutDpi)); }

void writeBytes(const QString& path, const QByteArray& bytes) {
    px::writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

QByteArray pagePng(PatternGallery& page, const QRect& band, const QString& path) {
    QImage png(band.size() * 2, QImage::Format_RGB32);  // opaque: the page is white
    png.fill(Qt::white);
    {
        QPainter painter(&png);
        painter.scale(2, 2);
        page.render(&painter, QPoint(0, 0), QRegion(band));
    }
    // its resolution in the file: two pixels per widget pixel of 1/96 in, 192 per inch, so that the picture opens
    // at the page's size (it said 96 and opened twice as wide)
    const int dotsPerMeter = int(std::lround(2 * kLayoutDpi / 0.0254));
    png.setDotsPerMeterX(dotsPerMeter);
    png.setDotsPerMeterY(dotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!png.save(&buffer, "PNG")) throw std::runtime_error(path.toStdString() + ": the gallery could not be drawn");
    return bytes;
}

QPageLayout pageOf(const QRect& band) {  // one widget pixel = 1/96 in = 0.75 pt
    const QSizeF points(band.width() * 72.0 / kLayoutDpi, band.height() * 72.0 / kLayoutDpi);
    return QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch), QPageLayout::Portrait,
                       QMarginsF(0, 0, 0, 0));
}

QByteArray allPagesPdf(PatternGallery& page, const std::vector<QRect>& bands, const QString& path) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setResolution(int(kLayoutDpi));
    pdf.setPageLayout(pageOf(bands.front()));
    QPainter painter;
    if (!painter.begin(&pdf)) throw std::runtime_error(path.toStdString() + ": the gallery could not be drawn");
    for (std::size_t k = 0; k < bands.size(); ++k) {
        if (k > 0) {  // each page as tall as its band: the last one ends under its last row
            pdf.setPageLayout(pageOf(bands[k]));
            if (!pdf.newPage()) throw std::runtime_error(path.toStdString() + ": a page could not be added");
        }
        page.render(&painter, QPoint(0, 0), QRegion(bands[k]));
    }
    painter.end();
    return bytes;
}
}  // namespace

void layOutGalleryForPaper(PatternGallery& page, const PatternSet& patterns, const QString& caption, const QString& family) {
    QFont font(family);
    font.setPointSizeF(presetSize("two-column").fontPt);
    page.setFont(font);
    page.setPatterns(patterns, caption);
    const int width = inches(kGalleryPageWidthIn);
    page.resize(width, page.heightForWidth(width));
}

QString galleryPagePng(const QString& base, int page) {
    return page == 0 ? base + ".png" : QString("%1-%2.png").arg(base).arg(page + 1);
}

QStringList exportGallery(const PatternGallery& onScreen, const QString& base) {
    PatternGallery page;
    layOutGalleryForPaper(page, onScreen.patterns(), onScreen.caption(), onScreen.font().family());
    const std::vector<QRect> bands = page.pageBands(inches(kGalleryPageHeightIn));
    QStringList written;
    for (int k = 0; k < int(bands.size()); ++k) {  // one page in memory at a time
        const QString path = galleryPagePng(base, k);
        writeBytes(path, pagePng(page, bands[std::size_t(k)], path));
        written << QFileInfo(path).fileName();
    }
    writeBytes(base + ".pdf", allPagesPdf(page, bands, base + ".pdf"));
    written << QFileInfo(base).fileName() + ".pdf";
    // pages of an earlier export of more pages into the same folder would be read as part of this one
    for (int k = int(bands.size()); QFile::exists(galleryPagePng(base, k)); ++k) QFile::remove(galleryPagePng(base, k));
    return written;
}

}  // namespace px::widgets
