#include "HelpWindow.h"

#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScreen>
#include <QTextBrowser>
#include <QTimer>
#include <algorithm>
#include <QVBoxLayout>

namespace {
const QString kGuide = QStringLiteral("qrc:/guide/");
}

HelpWindow::HelpWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
    setObjectName("help-window");
    setWindowTitle(tr("PXStudio user guide"));
    browser_ = new QTextBrowser;
    browser_->setOpenExternalLinks(true);  // http(s) in the default browser; the guide's own pages here
    auto* back = new QPushButton(tr("← Back"));
    auto* forward = new QPushButton(tr("Forward →"));
    auto* contents = new QPushButton(tr("Contents"));
    auto* glossary = new QPushButton(tr("Glossary"));
    back->setShortcut(QKeySequence::Back);
    forward->setShortcut(QKeySequence::Forward);
    connect(back, &QPushButton::clicked, browser_, &QTextBrowser::backward);
    connect(forward, &QPushButton::clicked, browser_, &QTextBrowser::forward);
    connect(browser_, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(browser_, &QTextBrowser::forwardAvailable, forward, &QPushButton::setEnabled);
    connect(contents, &QPushButton::clicked, this, [this] { showPage("index.md"); });
    connect(glossary, &QPushButton::clicked, this, [this] { showPage("glossary.md"); });
    connect(browser_, &QTextBrowser::sourceChanged, this, [this](const QUrl& shown) {
        // the topic: the page's own heading. Not source() nor documentTitle(): when this signal comes they are still the
        // previous page's (the first page's title said "… — " and nothing after it), and a Markdown page has no title.
        const QString page = QFileInfo(shown.path()).fileName();
        QString topic = pageTitle(page).trimmed();
        if (topic.isEmpty()) topic = QFileInfo(page).completeBaseName();
        // the contents page's heading is the guide's own name: said once ("PXStudio user guide — PXStudio user guide")
        const QString guide = tr("PXStudio user guide");
        setWindowTitle(topic.isEmpty() || topic == guide ? guide : tr("PXStudio user guide — %1").arg(topic));
    });
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {back, forward, contents, glossary}) buttons->addWidget(b);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(browser_, 1);
    resize(720, 640);
}

void HelpWindow::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    keepOnScreen();
    QTimer::singleShot(0, this, &HelpWindow::keepOnScreen);  // again once a window manager has framed and placed it
}

void HelpWindow::keepOnScreen() {
    QScreen* s = screen();
    if (!s) return;
    const QRect room = s->availableGeometry();
    resize(std::min(width(), int(room.width() * 0.9)), std::min(height(), int(room.height() * 0.85)));
    const QRect frame = frameGeometry();
    const int x = std::clamp(frame.x(), room.left(), std::max(room.left(), room.right() + 1 - frame.width()));
    const int y = std::clamp(frame.y(), room.top(), std::max(room.top(), room.bottom() + 1 - frame.height()));
    if (x != frame.x() || y != frame.y()) move(x, y);  // move() places the frame's corner
}

bool HelpWindow::pageExists(const QString& page) { return QFile::exists(":/guide/" + page); }

QString HelpWindow::pageTitle(const QString& page) {
    QFile f(":/guide/" + page);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QString first = QString::fromUtf8(f.readLine()).trimmed();
    return first.startsWith("# ") ? first.mid(2) : QString();
}

QString HelpWindow::pageQuestion(const QString& page) {
    static const QString kMark = QStringLiteral("**The question it answers:** ");
    QFile f(":/guide/" + page);
    if (!f.open(QIODevice::ReadOnly)) return {};
    for (int line = 0; line < 12 && !f.atEnd(); ++line)  // just under the title and the navigation line
        if (const QString text = QString::fromUtf8(f.readLine()).trimmed(); text.startsWith(kMark)) return text.mid(kMark.size());
    return {};
}

void HelpWindow::showPage(const QString& page) {
    browser_->setSource(QUrl(kGuide + (pageExists(page) ? page : QStringLiteral("index.md"))), QTextDocument::MarkdownResource);
}

QString HelpWindow::currentPage() const { return QFileInfo(browser_->source().path()).fileName(); }
