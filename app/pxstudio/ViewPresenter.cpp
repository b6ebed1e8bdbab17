#include "ViewPresenter.h"

#include <QEvent>
#include <QAbstractItemView>
#include <QApplication>
#include <QLabel>
#include <QLayout>
#include <QRect>
#include <QWidget>
#include <algorithm>
#include <cstdio>
#include <qcustomplot.h>

namespace {
// Yellow for a result of other settings or one that failed, blue for work in progress, grey for nothing to show.
QString viewNoteStyle(ViewState state) {
    const char* colours = state == ViewState::Previous || state == ViewState::Failed ? "rgba(255, 236, 170, 240); border: 1px solid #b8962e"
                          : state == ViewState::Empty                                ? "rgba(235, 235, 235, 240); border: 1px solid #999"
                                                                                     : "rgba(214, 232, 250, 240); border: 1px solid #4a7fb5";
    return QString("QLabel { background: %1; border-radius: 3px; padding: 3px 8px; color: #222; }").arg(colours);
}
}  // namespace

ViewPresenter::ViewPresenter(QObject* parent) : QObject(parent), tracing_(qEnvironmentVariableIntValue("PX_TRACE_VIEWS") != 0) {}

void ViewPresenter::add(const QString& name, QWidget* host, Source source) {
    View v;
    v.host = host;
    v.source = std::move(source);
    v.note = new QLabel(host);
    v.note->setObjectName("view-note");
    v.note->setProperty("pxView", name);
    v.note->setWordWrap(true);
    v.note->setAlignment(Qt::AlignCenter);
    v.note->setAttribute(Qt::WA_TransparentForMouseEvents);
    v.note->hide();
    host->installEventFilter(this);
    views_[name] = std::move(v);
}

ViewStatus ViewPresenter::present(const QString& name) {
    auto it = views_.find(name);
    if (it == views_.end() || !started_) return {};
    View& v = it->second;
    const bool wasPresenting = presenting_;
    presenting_ = true;
    v.status = decideViewState(v.source.drawnKey(), v.source.currentKey(), v.source.activity());
    const QString text = QString::fromStdString(v.status.note);
    const bool show = v.status.state != ViewState::Current;
    if (v.note->text() != text) v.note->setText(text);
    // Decided at every paint: restyle only when the state changes (a style sheet set again repolishes and repaints)
    if (const QString style = viewNoteStyle(v.status.state); v.note->styleSheet() != style) v.note->setStyleSheet(style);
    v.note->setVisible(show);
    if (show) placeNote(v);
    makeRoomForNote(v, show);
    if (tracing_) trace(name, v);
    presenting_ = wasPresenting;
    emit presented(name);
    return v.status;
}

void ViewPresenter::presentAll() {
    for (auto& [name, v] : views_) present(name);
}

QStringList ViewPresenter::names() const {
    QStringList out;
    for (const auto& [name, v] : views_) out << name;
    return out;
}

ViewStatus ViewPresenter::status(const QString& name) const {
    auto it = views_.find(name);
    return it == views_.end() ? ViewStatus{} : it->second.status;
}

QLabel* ViewPresenter::note(const QString& name) const {
    auto it = views_.find(name);
    return it == views_.end() ? nullptr : it->second.note;
}

QWidget* ViewPresenter::host(const QString& name) const {
    auto it = views_.find(name);
    return it == views_.end() ? nullptr : it->second.host;
}

QString ViewPresenter::nameOf(const QWidget* host) const {
    for (const auto& [name, v] : views_)
        if (v.host == host) return name;
    return {};
}

void ViewPresenter::setAvoid(const QString& name, std::function<QRect()> avoid) {
    if (auto it = views_.find(name); it != views_.end()) it->second.avoid = std::move(avoid);
}

void ViewPresenter::setFontScale(double scale) {
    fontScale_ = scale;
    // the application's font, which projector mode has scaled already (a plot's own font, the note's parent's, is not)
    for (auto& [name, v] : views_) v.note->setFont(QApplication::font());
}

// Where a plot's title ends (two lines for a long one: the depth lab's heat maps); 30 px for a view without one.
int ViewPresenter::titleBottom(const QWidget* host) {
    const auto* plot = qobject_cast<const QCustomPlot*>(host);
    if (!plot) return 30;
    int bottom = 30;
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)); title && title->visible())
            bottom = std::max(bottom, title->outerRect().bottom());
    return bottom;
}

void ViewPresenter::placeNote(View& v) {
    const int width = std::max(120, std::min(v.host->width() - 40, int(560 * fontScale_)));
    v.note->setFixedWidth(width);
    // As tall as its wrapped text at this width. QLabel's size for a width never goes below its minimum size: the
    // height an earlier text or a narrower view gave it held the box at 176 px around two lines of text.
    v.note->setMinimumHeight(0);
    v.note->setFixedHeight(v.note->heightForWidth(width));
    QRect at((v.host->width() - width) / 2, titleBottom(v.host) + 4, width, v.note->height());  // under a plot's title
    // a table's at its foot, below its rows (at the top it covered the first row's numbers)
    if (qobject_cast<QAbstractItemView*>(v.host)) at.moveBottom(v.host->height() - 24);
    if (v.avoid) {
        const QRect readout = v.avoid();
        if (!readout.isEmpty() && readout.intersects(at)) at.moveTop(readout.bottom() + 6);
    }
    v.note->move(at.topLeft());
    v.note->raise();
}

// A plot draws under its note (the note says what the drawing is); a panel of text (the privacy report) moves its
// text below the note instead, so that the note hides none of it (a new user found it over the report's lines).
void ViewPresenter::makeRoomForNote(View& v, bool shown) {
    QLayout* layout = v.host->layout();
    if (!layout || qobject_cast<QCustomPlot*>(v.host)) return;
    QMargins margins = layout->contentsMargins();
    if (v.ownTopMargin < 0) v.ownTopMargin = margins.top();
    const int top = shown ? v.note->geometry().bottom() + 6 - v.host->contentsRect().top() : v.ownTopMargin;  // below a box's title
    if (margins.top() == top) return;
    margins.setTop(top);
    layout->setContentsMargins(margins);
    layout->activate();  // at once: what is drawn next has its text below the note
}

bool ViewPresenter::eventFilter(QObject* watched, QEvent* event) {
    if ((event->type() == QEvent::Paint || event->type() == QEvent::Resize || event->type() == QEvent::Show) && !presenting_)
        for (auto& [name, v] : views_)
            if (v.host == watched) {
                present(name);
                break;
            }
    return QObject::eventFilter(watched, event);
}

void ViewPresenter::trace(const QString& name, const View& v) const {
    const nlohmann::json line = {{"view", name.toStdString()},
                                 {"state", viewStateName(v.status.state)},
                                 {"drawn_key", v.status.drawnKey},
                                 {"current_key", v.status.currentKey},
                                 {"note", v.status.note},
                                 {"settings", v.source.settings()}};
    std::fprintf(stderr, "%s\n", line.dump().c_str());
}
