// The window's side of the lessons (LessonController.h plays them): the controls a step points at, and the calls
// that the command line and the tests make on the window.
#include "MainWindow.h"
#include "WelcomeCard.h"

#include "EpsilonSlider.h"
#include "ExplorerViews.h"
#include "LessonController.h"
#include "PresentationMode.h"
#include "ProjectorStrip.h"
#include "panels/DatasetPanel.h"
#include "panels/LearnerPanel.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"

#include <QAction>
#include <QComboBox>

bool MainWindow::openLesson(const QString& path) {
    if (welcome_ && !welcome_->isHidden()) welcome_->dismiss();
    return lessons_->open(path);
}

QStringList MainWindow::shippedLessons() { return LessonController::shipped(); }
std::vector<std::pair<QString, QString>> MainWindow::shippedLessonTitles() { return LessonController::shippedTitles(); }
Lesson::Names MainWindow::lessonNames() const { return lessons_->names(); }

void MainWindow::setProjectorMode(bool on) { presentation_->action()->setChecked(on); }

QWidget* MainWindow::lessonTarget(const std::string& key) const {
    const bool presenting = presentation_->on();
    if (key == "dataset") return presenting ? strip_->datasetPicker() : dataset_->picker();
    if (key == "class") return presenting ? strip_->classPicker() : patterns_->classPicker();
    if (key == "epsilon") return presenting ? static_cast<QWidget*>(strip_->slider()) : privacy_->slider();
    if (key == "learner") return presenting ? nullptr : learner_;
    if (key == "view") return views_->tabBar();
    return nullptr;
}
