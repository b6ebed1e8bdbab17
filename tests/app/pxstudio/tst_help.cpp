// The user guide inside the app: F1 opens the page of the view or panel in use, every page of docs/guide is
// compiled in and renders, and every link between pages leads to a page that exists.
#include "EpsilonSlider.h"
#include "ExplorerViews.h"
#include "HelpWindow.h"
#include "MainWindow.h"
#include "LessonPlayer.h"
#include "WelcomeCard.h"
#include "AppTestSupport.h"
#include "panels/LearnerPanel.h"
#include "panels/PrivacyPanel.h"

#include <QAction>
#include <QCheckBox>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QDir>
#include <QFile>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFragment>
#include <QWhatsThisClickedEvent>
#include <QLabel>
#include <QTimer>
#include <QtTest>

class TestHelp : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> window_;

    QAction* f1() const {
        for (QAction* a : window_->findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(QKeySequence::HelpContents)) return a;
        return nullptr;
    }

private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_help");
        QSettings().remove("welcome/show");  // a first start: the welcome card is up while F1 and What's This are tried
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QApplication::setActiveWindow(window_.get());
        QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    }

    void everyPageOfTheGuideIsInTheAppAndRenders() {
        const QStringList onDisk = QDir(PX_GUIDE_DIR).entryList({"*.md"}, QDir::Files);
        QVERIFY(onDisk.size() >= 15);
        HelpWindow help;
        for (const QString& page : onDisk) {
            QVERIFY2(HelpWindow::pageExists(page), qPrintable(page));
            help.showPage(page);
            QCOMPARE(help.currentPage(), page);
            QVERIFY2(help.browser()->toPlainText().size() > 200, qPrintable(page));  // rendered, not a blank page
        }
    }

    // Formulas are drawn as formulas: an index or exponent is set as a subscript or superscript (the source writes
    // <sub>/<sup>, which the site renders too), never shown as typed (it showed "P^L X W₁⋯W_L" and "e^ε"). Read from
    // what the browser drew: its plain text and the vertical alignment of its characters.
    void formulasAreTypesetNotTyped() {
        const QStringList onDisk = QDir(PX_GUIDE_DIR).entryList({"*.md"}, QDir::Files);
        const QRegularExpression typed(R"((\S\^\S)|((?<![A-Za-z_])[A-Za-zσρΣ]_[A-Za-z0-9](?![A-Za-z])))");
        HelpWindow help;
        int pagesWithIndices = 0;
        for (const QString& page : onDisk) {
            help.showPage(page);
            QTextDocument* doc = help.browser()->document();
            int raised = 0;
            for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
                if (b.charFormat().fontFixedPitch() || b.blockFormat().nonBreakableLines()) continue;  // code blocks say what is typed
                for (auto it = b.begin(); !it.atEnd(); ++it) {
                    const QTextFragment f = it.fragment();
                    const auto align = f.charFormat().verticalAlignment();
                    if (align == QTextCharFormat::AlignSubScript || align == QTextCharFormat::AlignSuperScript) ++raised;
                    if (f.charFormat().fontFixedPitch()) continue;  // inline code
                    const QRegularExpressionMatch m = typed.match(f.text());
                    QVERIFY2(!m.hasMatch(), qPrintable(page + ": a formula shown as typed: \"" + m.captured(0) + "\" in \"" + f.text() + "\""));
                    QVERIFY2(!f.text().contains("<sub>") && !f.text().contains("<sup>"), qPrintable(page + ": HTML shown as text: " + f.text()));
                }
            }
            QFile source(QString(PX_GUIDE_DIR) + "/" + page);
            QVERIFY(source.open(QIODevice::ReadOnly));
            const int written = QString::fromUtf8(source.readAll()).count(QRegularExpression("<su[bp]>"));
            QVERIFY2(raised >= written, qPrintable(page + QString(": %1 indices written, %2 drawn raised or lowered").arg(written).arg(raised)));
            pagesWithIndices += written > 0;
        }
        QVERIFY(pagesWithIndices >= 5);  // the glossary, noise anatomy, trade-off, depth lab … write formulas
    }

    // The window's title names the topic on screen: the page's heading, read here from the file on disk (it said
    // "PXStudio user guide —" and nothing after it).
    void theTitleNamesThePageShown() {
        const QStringList onDisk = QDir(PX_GUIDE_DIR).entryList({"*.md"}, QDir::Files);
        QVERIFY(!onDisk.isEmpty());
        HelpWindow* help = window_->showHelp("index.md");
        for (const QString& page : onDisk) {
            QFile f(QString(PX_GUIDE_DIR) + "/" + page);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QString heading;
            while (!f.atEnd() && heading.isEmpty())
                if (const QString line = QString::fromUtf8(f.readLine()).trimmed(); line.startsWith("# ")) heading = line.mid(2).trimmed();
            window_->showHelp(page);
            QVERIFY2(!heading.isEmpty(), qPrintable(page + " has no heading"));
            QCOMPARE(help->windowTitle(), heading == "PXStudio user guide" ? heading : "PXStudio user guide — " + heading);
        }
        help->close();
    }

    void everyLinkLeadsToAPage() {
        const QRegularExpression link(R"(\]\(([^)#]+\.md)(#[^)]*)?\))");
        for (const QString& page : QDir(":/guide").entryList({"*.md"})) {
            QFile f(":/guide/" + page);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            for (auto it = link.globalMatch(text); it.hasNext();) {
                const QString target = it.next().captured(1);
                QVERIFY2(HelpWindow::pageExists(target), qPrintable(page + " links to a missing page " + target));
            }
        }
    }

    void f1OpensThePageOfTheViewOnScreen() {
        QAction* help = f1();
        QVERIFY(help);
        auto* views = window_->findChild<ExplorerViews*>();
        QSet<QString> pages;
        for (int i = 0; i < views->count(); ++i) {
            views->setCurrentIndex(i);
            views->tabBar()->setFocus();
            const QString page = views->widget(i)->property("helpPage").toString();
            QVERIFY2(HelpWindow::pageExists(page), qPrintable(views->tabText(i) + " has no page"));
            help->trigger();
            auto* shown = window_->findChild<HelpWindow*>();
            QVERIFY(shown && shown->isVisible());
            QCOMPARE(shown->currentPage(), page);
            pages << page;
        }
        QCOMPARE(pages.size(), views->count());  // a page of its own for every view
        views->setCurrentIndex(0);
    }

    // Every view says, over the tabs, the one question it answers: its guide page's, in the window's words; not in
    // projector mode, whose strip stands alone over the views.
    void everyViewSaysTheQuestionItAnswers() {
        auto* views = window_->findChild<ExplorerViews*>();
        auto* question = window_->findChild<QLabel*>("view-question");
        QVERIFY(views && question);
        QSet<QString> questions;
        for (int i = 0; i < views->count(); ++i) {
            views->setCurrentIndex(i);
            const QString asked = HelpWindow::pageQuestion(views->widget(i)->property("helpPage").toString());
            QVERIFY2(asked.endsWith('?'), qPrintable(views->tabText(i) + ": no question on its page"));
            QVERIFY2(question->isVisibleTo(window_.get()) && question->text().contains(asked.toHtmlEscaped()),
                     qPrintable(views->tabText(i) + ": " + question->text()));
            questions << asked;
        }
        QCOMPARE(int(questions.size()), views->count());  // one question per view, none repeated
        QAction* presentation = nullptr;
        for (QAction* a : window_->findChildren<QAction*>())
            if (a->text() == "&Presentation mode") presentation = a;
        QVERIFY(presentation);
        presentation->setChecked(true);
        QVERIFY(!question->isVisibleTo(window_.get()));
        presentation->setChecked(false);
        QVERIFY(question->isVisibleTo(window_.get()));
        views->setCurrentIndex(0);
    }

    void f1InAPanelOpensThePanelsPage() {
        QApplication::setActiveWindow(window_.get());
        window_->findChild<PrivacyPanel*>()->slider()->findChild<QLineEdit*>("epsilon-field")->setFocus();
        QCOMPARE(window_->helpPageForFocus(), QString("panel-privacy.md"));
        auto* learner = window_->findChild<LearnerPanel*>();
        learner->findChild<QComboBox*>()->setFocus();
        QCOMPARE(window_->helpPageForFocus(), QString("panel-learner.md"));
        f1()->trigger();
        QCOMPARE(window_->findChild<HelpWindow*>()->currentPage(), QString("panel-learner.md"));
    }

    // What's This (Shift+F1, then a click): every panel and view with a page says what it is and links to that page;
    // the link opens it in the help window.
    void whatsThisLinksEveryPanelAndViewToItsPage() {
        int linked = 0;
        for (QWidget* w : window_->findChildren<QWidget*>()) {
            const QString page = w->property("helpPage").toString();
            if (page.isEmpty()) continue;
            QVERIFY2(w->whatsThis().contains(QString("href=\"%1\"").arg(page)), qPrintable(page + ": " + w->whatsThis()));
            QVERIFY2(w->whatsThis().startsWith("<p><b>" + HelpWindow::pageTitle(page).toHtmlEscaped() + "</b>") &&
                         !HelpWindow::pageTitle(page).isEmpty(), qPrintable(page + ": " + w->whatsThis()));
            ++linked;
        }
        QVERIFY(linked >= 15);  // the views and the panels
        auto* privacy = window_->findChild<PrivacyPanel*>();
        QWhatsThisClickedEvent click("panel-privacy.md");
        QApplication::sendEvent(privacy, &click);
        auto* shown = window_->findChild<HelpWindow*>();
        QVERIFY(shown && shown->isVisible());
        QCOMPARE(shown->currentPage(), QString("panel-privacy.md"));
        bool inMenu = false;
        for (QAction* a : window_->findChildren<QAction*>()) inMenu = inMenu || a->shortcut() == QKeySequence(Qt::SHIFT | Qt::Key_F1);
        QVERIFY(inMenu);
    }

    // The first-start page: up at the first start over the views (their sizes unchanged), gone after any of its
    // entries and not back at the next start unless its box says so; Help ▸ Welcome page brings it back.
    void theWelcomePageComesAtTheFirstStartAndFromHelp() {
        QSettings().remove("welcome/show");
        auto first = std::make_unique<MainWindow>();
        first->resize(1280, 720);
        first->show();
        auto* views = first->findChild<ExplorerViews*>();
        const QSize viewsBefore = views->size();
        WelcomeCard* card = first->welcomeCard();
        QVERIFY(card);
        QTRY_VERIFY(card->isVisible());
        QVERIFY2(views->rect().contains(card->geometry()), "the card is not inside the views");
        QCOMPARE(views->size(), viewsBefore);
        for (QLabel* l : card->findChildren<QLabel*>())  // nothing cut: each text has the height its width needs
            QVERIFY2(!l->wordWrap() || l->height() >= l->heightForWidth(l->width()), qPrintable(l->text()));
        QVERIFY(!card->showAtStart());  // once is enough, unless the user asks for more
        // a data set that cannot be opened leaves the card (the error is said in a dialog, closed here)
        QTimer::singleShot(200, [] { if (QWidget* m = QApplication::activeModalWidget()) m->close(); });
        QVERIFY(!first->openDataset("/nonexistent/folder"));
        QVERIFY(card->isVisible());
        // a data set that opens takes the card away (it stayed over a user's own folder, saying the built-in data
        // was behind it); Help ▸ Welcome page brings it back
        QVERIFY(first->openDataset("builtin:er"));
        QVERIFY(!card->isVisible());
        first->showWelcome();
        QTRY_VERIFY(card->isVisible());
        auto* explore = card->findChild<QPushButton*>("welcome-explore");
        QVERIFY(explore);
        QTest::mouseClick(explore, Qt::LeftButton);
        QVERIFY(!card->isVisible());
        QCOMPARE(QSettings().value("welcome/show", true).toBool(), false);
        first.reset();

        auto second = std::make_unique<MainWindow>();  // the next start: no card
        second->show();
        QVERIFY(!second->welcomeCard() || second->welcomeCard()->isHidden());
        QAction* fromHelp = nullptr;
        for (QAction* a : second->findChildren<QAction*>()) if (a->text() == tr("W&elcome page")) fromHelp = a;
        QVERIFY(fromHelp);
        fromHelp->trigger();
        card = second->welcomeCard();
        QTRY_VERIFY(card && card->isVisible());
        card->findChild<QCheckBox*>("welcome-again")->setChecked(true);
        // Escape closes it wherever the focus is: here on the views' tabs, not on the card
        QTest::keyClick(second->findChild<ExplorerViews*>()->tabBar(), Qt::Key_Escape);
        QVERIFY(!card->isVisible());
        QCOMPARE(QSettings().value("welcome/show", false).toBool(), true);
        second.reset();

        auto third = std::make_unique<MainWindow>();  // asked for: back at the start, and a lesson from it takes over
        third->show();
        card = third->welcomeCard();
        QTRY_VERIFY(card && card->isVisible());
        QVERIFY(card->showAtStart());
        auto* lesson = card->findChild<QPushButton*>("welcome-lesson");
        QVERIFY(lesson && lesson->menu() && lesson->menu()->actions().size() == MainWindow::shippedLessons().size());
        const auto titles = MainWindow::shippedLessonTitles();
        for (int i = 0; i < lesson->menu()->actions().size(); ++i)  // numbered as --lesson NN numbers them
            QCOMPARE(lesson->menu()->actions()[i]->text(), QString("&%1 %2").arg(i + 1).arg(titles[std::size_t(i)].first));
        lesson->menu()->actions().front()->trigger();
        QVERIFY(!card->isVisible());
        QVERIFY(third->lessonPlayer()->running());
        // Escape ends the lesson once no work runs (while it runs, Escape is Cancel's)
        QPushButton* cancel = nullptr;
        for (QPushButton* b : third->findChildren<QPushButton*>()) if (b->text() == tr("Cancel")) cancel = b;
        QVERIFY(cancel);
        QTRY_VERIFY_WITH_TIMEOUT(!cancel->isEnabled(), 120000);
        QTest::keyClick(third->findChild<ExplorerViews*>()->tabBar(), Qt::Key_Escape);
        QVERIFY(!third->lessonPlayer()->running());
        QSettings().remove("welcome/show");
    }

    void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
