#include "WelcomeCard.h"

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace {
QLabel* wrapped(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    return label;
}
}  // namespace

WelcomeCard::WelcomeCard(QWidget* host, const std::vector<std::pair<QString, QString>>& lessons) : QFrame(host) {
    setObjectName("welcome-card");
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setStyleSheet("#welcome-card { background: #fbfbf7; border: 1px solid #bbb; border-radius: 6px; }");
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(18, 14, 18, 12);
    auto* title = new QLabel(tr("<b>Welcome to PXStudio</b>"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    title->setFont(big);
    v->addWidget(title);
    v->addWidget(wrapped(tr("How much can private graph embeddings still tell apart? Every view draws utility, attack "
                            "success or noise against the privacy budget ε, beside what the public number of vertices n "
                            "alone achieves (the grey band). Three ways in:"), this));
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    auto* explore = new QPushButton(tr("Explore the built-in data"), this);
    explore->setObjectName("welcome-explore");
    explore->setDefault(true);
    auto* open = new QPushButton(tr("Open your own data…"), this);
    open->setObjectName("welcome-open");
    auto* lesson = new QPushButton(tr("Start a lesson"), this);
    lesson->setObjectName("welcome-lesson");
    auto* menu = new QMenu(lesson);
    int number = 0;  // numbered as --lesson NN and Help ▸ Lessons number them
    for (const auto& [name, path] : lessons)
        menu->addAction(QString("&%1 %2").arg(++number).arg(name), this, [this, path = path] {
            dismiss();
            emit lessonRequested(path);
        });
    lesson->setMenu(menu);
    lesson->setEnabled(!lessons.empty());
    const QString why[] = {tr("The trade-off of a small built-in data set is behind this card: move the ε slider, change "
                              "the pattern class, and watch the curve against the band."),
                           tr("A folder of graphs: TU (as in TUDataset), OGB, GIN text, or GraphML, GML, DOT and edge-list "
                              "files. The views compute for it at once."),
                           tr("A few steps each, read out in the band below the plot and checked against what the app "
                              "computes. Page Down steps on; made for a projector (F11).")};
    int row = 0;
    for (QPushButton* b : {explore, open, lesson}) {
        grid->addWidget(b, row, 0, Qt::AlignTop);
        grid->addWidget(wrapped(why[row], this), row, 1);
        ++row;
    }
    v->addLayout(grid);
    auto* bottom = new QHBoxLayout;
    again_ = new QCheckBox(tr("Show this page at start"), this);
    again_->setObjectName("welcome-again");
    bottom->addWidget(again_);
    bottom->addStretch(1);
    bottom->addWidget(wrapped(tr("Help ▸ Welcome page brings it back; F1 explains the view in front of you."), this));
    auto* close = new QPushButton(tr("Close"), this);
    close->setObjectName("welcome-close");
    bottom->addWidget(close);
    v->addLayout(bottom);
    connect(explore, &QPushButton::clicked, this, &WelcomeCard::dismiss);
    connect(close, &QPushButton::clicked, this, &WelcomeCard::dismiss);
    // the card stays until a data set is open: a cancelled folder dialog leaves it as it was
    connect(open, &QPushButton::clicked, this, &WelcomeCard::openDataRequested);
    host->installEventFilter(this);
    hide();
}

bool WelcomeCard::showAtStart() const { return again_->isChecked(); }
void WelcomeCard::setShowAtStart(bool on) { again_->setChecked(on); }

void WelcomeCard::present() {
    place();
    show();
    raise();
    findChild<QPushButton*>("welcome-explore")->setFocus();
}

bool WelcomeCard::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parent() && event->type() == QEvent::Resize && !isHidden()) place();
    return QFrame::eventFilter(watched, event);
}

void WelcomeCard::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) dismiss();
    else QFrame::keyPressEvent(event);
}

void WelcomeCard::place() {
    auto* host = parentWidget();
    const int width = std::min(720, host->width() - 32);
    const int height = std::min(heightForWidth(width) > 0 ? heightForWidth(width) : sizeHint().height(), host->height() - 32);
    setGeometry((host->width() - width) / 2, std::max(16, (host->height() - height) / 3), width, height);
}

void WelcomeCard::dismiss() {
    hide();
    emit dismissed();
}
