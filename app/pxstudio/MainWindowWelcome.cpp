// The first-start page and the way to open a data set folder it offers; Escape, which closes the page or ends a
// lesson wherever the keyboard focus is.
#include "MainWindow.h"

#include "ExplorerViews.h"
#include "ImportDialog.h"
#include "LessonPlayer.h"
#include "WelcomeCard.h"

#include "SessionModel.h"

#include "io/DatasetPreview.h"
#include "io/Loaders.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <optional>

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
                                                      tr("Graph files (*.graphml *.gml *.dot *.gv *.edges *.edgelist *.txt *.graphml.gz *.gml.gz *.dot.gz *.edges.gz *.edgelist.gz *.txt.gz);;Any file (*)"));
    if (!file.isEmpty()) importDataset(file);
}

namespace {
// The import dialog for `path`, then the data set it read opened (the files are read once: by the preview, or by the
// reading `automatic` made before).
bool importInDialog(MainWindow* window, const QString& path, std::optional<ImportDialog::Reading> automatic) {
    ImportDialog dialog(path, QString::fromStdString(window->labelsFor(path.toStdString())), window, std::move(automatic));
    return dialog.exec() == QDialog::Accepted && window->openDataset(path, dialog.labels(), dialog.dataset());
}

// The automatic choice's reading of a folder of graph files whose labels a person should choose; nothing for other
// data or when the graphs do not load (openDataset then says why).
std::optional<ImportDialog::Reading> ambiguousLabels(const QString& path) {
    try {
        if (px::io::detectFormat(path.toStdString()) != px::io::DataFormat::GraphFolder) return std::nullopt;
        auto ds = std::make_shared<px::Dataset>();
        px::io::DatasetPreview p = px::io::previewDataset(path.toStdString(), {}, ds.get());
        if (px::io::labelChoiceIsAmbiguous(p)) return ImportDialog::Reading{std::move(p), std::move(ds)};
    } catch (const std::exception&) {
    }
    return std::nullopt;
}
}  // namespace

bool MainWindow::importDataset(const QString& path) { return importInDialog(this, path, std::nullopt); }

bool MainWindow::openRecent(const QString& path) {
    if (!QFileInfo::exists(path)) {
        QMessageBox::warning(this, tr("Open recent"), tr("%1 no longer exists").arg(path));
        return false;
    }
    if (path.endsWith(".json") && QFileInfo(path).isFile()) return openSession(path);
    const QString chosen = chosenLabels(path);
    if (!chosen.isEmpty()) return openDataset(path, chosen);
    if (std::optional<ImportDialog::Reading> reading = ambiguousLabels(path)) return importInDialog(this, path, std::move(reading));
    return openDataset(path);
}

bool MainWindow::openFromCommandLine(const QString& path, const QString& labels) {
    if (path.endsWith(".json") && QFileInfo(path).isFile()) return openSession(path);
    if (!labels.isEmpty()) return openDataset(path, labels);
    const QString chosen = chosenLabels(path);
    if (!chosen.isEmpty()) return openDataset(path, chosen);
    const std::optional<ImportDialog::Reading> ambiguous = ambiguousLabels(path);
    if (ambiguous) {  // said before the open: its sweep starts at once and carries the notice to its end
        const QString automatic = ambiguous->preview.labelSource.empty() ? tr("no labels") : QString::fromStdString(ambiguous->preview.labelSource);
        sayNotice(tr("%1 offers more than one source of class labels; opened with the automatic choice (%2). "
                     "Labels… (or --labels) chooses another.").arg(QFileInfo(path).fileName(), automatic));
    }
    if (!openDataset(path, {}, ambiguous ? ambiguous->dataset : nullptr)) {  // read once
        sayNotice({});  // not opened: the notice belongs to no sweep
        return false;
    }
    return true;
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
