// The first-start page and the way to open a data set folder it offers; Escape, which closes the page or ends a
// lesson wherever the keyboard focus is.
#include "MainWindow.h"

#include "ExplorerViews.h"
#include "ImportDialog.h"
#include "LessonPlayer.h"
#include "WelcomeCard.h"

#include <QFileDialog>
#include <QKeyEvent>
#include <QSettings>

void MainWindow::showWelcome() {
    if (!welcome_) {
        welcome_ = new WelcomeCard(views_, shippedLessonTitles());
        connect(welcome_, &WelcomeCard::openDataRequested, this, &MainWindow::chooseDataset);
        connect(welcome_, &WelcomeCard::lessonRequested, this, [this](const QString& path) { openLesson(path); });
        // what its box says is remembered when it is closed; the first start's box is clear: once is enough
        connect(welcome_, &WelcomeCard::dismissed, this, [this] { QSettings().setValue("welcome/show", welcome_->showAtStart()); });
    }
    welcome_->setShowAtStart(QSettings().value("welcome/show", false).toBool());
    welcome_->present();
}

void MainWindow::chooseDataset() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open data set folder"));
    if (!dir.isEmpty()) importDataset(dir);
}

void MainWindow::chooseDatasetFile() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Open data set file"), {},
                                                      tr("Graph files (*.graphml *.dot *.gv *.edges *.edgelist *.txt *.txt.gz);;Any file (*)"));
    if (!file.isEmpty()) importDataset(file);
}

void MainWindow::importDataset(const QString& path) {
    ImportDialog dialog(path, QString::fromStdString(labelsFor(path.toStdString())), this);
    if (dialog.exec() == QDialog::Accepted) openDataset(path, dialog.labels());
}

// An Escape that reaches the window was taken by no shortcut (while work runs, Escape is Cancel's) and no widget (an
// open list or editor closes itself first): it closes the welcome card if it is up, else ends the lesson playing.
void MainWindow::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier) {
        if (welcome_ && welcome_->isVisible()) {
            welcome_->dismiss();
            return;
        }
        if (lessonPlayer_->running()) {
            lessonPlayer_->stop();
            return;
        }
    }
    QMainWindow::keyPressEvent(event);
}
