#include "LessonPlayer.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace {
// An orange rounded frame that lets the mouse through: "this control".
class PointerFrame : public QWidget {
public:
    explicit PointerFrame(QWidget* parent) : QWidget(parent) {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setObjectName("lesson-pointer");
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(QColor(230, 159, 0), 4));  // Okabe–Ito orange: visible to colour-blind readers
        p.drawRoundedRect(QRectF(rect()).adjusted(2, 2, -2, -2), 6, 6);
    }
};
}  // namespace

LessonPlayer::LessonPlayer(QWidget* parent) : QWidget(parent) {
    setObjectName("lesson-player");
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, QColor(255, 248, 225));
    setPalette(pal);
    heading_ = new QLabel;
    heading_->setObjectName("lesson-heading");
    heading_->setWordWrap(true);  // a long title wraps instead of widening the window
    body_ = new QLabel;
    body_->setObjectName("lesson-body");
    body_->setWordWrap(true);
    body_->setAlignment(Qt::AlignTop | Qt::AlignLeft);  // under the heading, not centred in the room the band has
    body_->setTextFormat(Qt::RichText);
    status_ = new QLabel;
    status_->setObjectName("lesson-status");
    status_->setWordWrap(true);  // a long verdict wraps instead of widening the window
    status_->setStyleSheet("QLabel { color: #1f4e79; font-style: italic; }");
    status_->hide();
    previous_ = new QPushButton(tr("◀ Previous (PgUp)"));
    next_ = new QPushButton(tr("Next (PgDn) ▶"));
    end_ = new QPushButton(tr("End lesson"));
    connect(previous_, &QPushButton::clicked, this, &LessonPlayer::previous);
    connect(next_, &QPushButton::clicked, this, &LessonPlayer::next);
    connect(end_, &QPushButton::clicked, this, &LessonPlayer::stop);
    auto* buttons = new QVBoxLayout;
    for (QPushButton* b : {next_, previous_, end_}) buttons->addWidget(b);
    buttons->addStretch(1);
    auto* scroll = new QScrollArea;  // the band has at most a quarter of the window: a long step scrolls
    scroll->setObjectName("lesson-body-scroll");
    scroll->setWidget(body_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->viewport()->setAutoFillBackground(false);
    body_->setAutoFillBackground(false);
    auto* text = new QVBoxLayout;
    text->addWidget(heading_);
    text->addWidget(scroll, 1);
    text->addWidget(status_);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(10, 6, 10, 6);
    row->addLayout(text, 1);
    row->addLayout(buttons);
    hide();
}

void LessonPlayer::start(const Lesson& lesson) {
    lesson_ = lesson;
    running_ = true;
    show();
    showStep(0);
}

void LessonPlayer::showStep(int index) {
    if (!running_ || lesson_.steps.empty()) return;
    step_ = std::clamp(index, 0, int(lesson_.steps.size()) - 1);
    const LessonStep& s = lesson_.steps[std::size_t(step_)];
    headingText_ = tr("<b>%1</b> — step %2 of %3: <b>%4</b>")
                       .arg(QString::fromStdString(lesson_.title).toHtmlEscaped())
                       .arg(step_ + 1)
                       .arg(lesson_.steps.size())
                       .arg(QString::fromStdString(s.title).toHtmlEscaped());
    heading_->setText(headingText_);
    QString body = QString::fromStdString(s.text).toHtmlEscaped();
    if (!s.tryThis.empty()) body += "<br><i>" + tr("Try this:") + "</i> " + QString::fromStdString(s.tryThis).toHtmlEscaped();
    body_->setText(body);
    fitBody();
    previous_->setEnabled(step_ > 0);
    next_->setText(step_ + 1 < int(lesson_.steps.size()) ? tr("Next (PgDn) ▶") : tr("Finish (PgDn)"));
    emit stepShown(step_);
}

// A word-wrapped label asks for the height of some default width, not of the width it has: the band then showed three
// lines of a four-line step, the fourth cut in half. The body gets the height its text needs at its width, up to four
// lines (with the heading, the band stays within a quarter of a 720 px projector); beyond that it scrolls.
void LessonPlayer::fitBody() {
    auto* scroll = findChild<QScrollArea*>("lesson-body-scroll");
    const int width = scroll->viewport()->width() > 50 ? scroll->viewport()->width() : scroll->width();
    const int needed = body_->heightForWidth(width);
    const int most = 4 * body_->fontMetrics().lineSpacing() + 4;
    scroll->setMinimumHeight(std::min(needed > 0 ? needed : body_->sizeHint().height(), most));
}

void LessonPlayer::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitBody();
}

void LessonPlayer::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitBody();  // projector mode's larger font
}

void LessonPlayer::next() {
    if (!running_) return;
    if (step_ + 1 >= int(lesson_.steps.size())) stop();
    else showStep(step_ + 1);
}

void LessonPlayer::previous() {
    if (running_ && step_ > 0) showStep(step_ - 1);
}

void LessonPlayer::stop() {
    if (!running_) return;
    running_ = false;
    pointAt(nullptr, nullptr);
    hide();
    emit stopped();
}

QString LessonPlayer::stepText() const { return heading_->text() + "\n" + body_->text(); }

QString LessonPlayer::verdictText() const { return heading_->text().mid(headingText_.size()); }

void LessonPlayer::setWaiting(const QString& what) {
    waiting_ = what;
    falseClaims_.clear();
    status_->setStyleSheet("QLabel { color: #1f4e79; font-style: italic; }");
    status_->setText(what);
    status_->setVisible(!what.isEmpty());
}

void LessonPlayer::setVerdict(const QStringList& falseClaims, bool hasClaims) {
    falseClaims_ = falseClaims;
    if (!hasClaims) return;
    // On the heading's line (the band stays small): a claim the app does not bear out is said there in red, so that
    // the lecturer sees it before the room does.
    const QString verdict = falseClaims.isEmpty()
                                ? "<span style='color:#1e6b34'>" + tr("✓ checked") + "</span>"
                                : "<span style='color:#a93226'><b>" + tr("✗ the app computes otherwise: %1").arg(falseClaims.join("; ").toHtmlEscaped()) +
                                      "</b></span>";
    heading_->setText(headingText_ + " &nbsp; " + verdict);
    heading_->setToolTip(falseClaims.isEmpty() ? tr("What this step says about its result holds for the result on screen") : QString());
}

void LessonPlayer::pointAt(QWidget* target, QWidget* window) {
    if (target_) target_->removeEventFilter(this);
    target_ = target;
    if (!target_ || !window) {
        if (frame_) frame_->hide();
        return;
    }
    if (!frame_ || frame_->parentWidget() != window) {
        delete frame_;
        frame_ = new PointerFrame(window);
    }
    target_->installEventFilter(this);
    placeFrame();
}

void LessonPlayer::placeFrame() {
    if (!frame_ || !target_) return;
    frame_->setVisible(target_->isVisible());
    const QPoint topLeft = target_->mapTo(frame_->parentWidget(), QPoint(0, 0));
    frame_->setGeometry(QRect(topLeft, target_->size()).adjusted(-5, -5, 5, 5));
    frame_->raise();
}

bool LessonPlayer::eventFilter(QObject* watched, QEvent* event) {
    if (watched == target_ && (event->type() == QEvent::Move || event->type() == QEvent::Resize || event->type() == QEvent::Show ||
                               event->type() == QEvent::Hide))
        placeFrame();
    return QWidget::eventFilter(watched, event);
}
