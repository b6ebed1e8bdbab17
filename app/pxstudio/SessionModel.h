#pragma once
// The explorer's document: the committed settings, the undo stack (one step per committed change;
// consecutive ε-only steps of one gesture, each within 1.5 s of the last, merge into one), autosave, recent files, and reading and writing session
// files. The window and its panels observe it; it knows nothing about widgets.
#include "ExplorerSettings.h"

#include <QObject>
#include <QStringList>
#include <functional>
#include <optional>

class QUndoStack;

class SessionModel : public QObject {
    Q_OBJECT
public:
    explicit SessionModel(QObject* parent = nullptr);
    QUndoStack* undoStack() const { return undo_; }
    const ExplorerSettings& committed() const { return committed_; }
    // One undo step from the committed settings to now (nothing if equal), then autosave.
    void commit(const ExplorerSettings& now);
    // Takes s as committed without an undo step (start-up, undo/redo, opened sessions).
    void setCommitted(const ExplorerSettings& s);

    QString autosavePath() const;
    // While `own` gives settings (a lesson plays: the user's own, given back when it ends), the autosave keeps those
    // instead of the ones on screen, so that a lesson cut short (a crash, a kill) does not leave its settings as the
    // user's at the next start.
    void keepInAutosave(std::function<std::optional<ExplorerSettings>()> own) { own_ = std::move(own); }
    // false if the file could not be written: autosaveFailed says why (once, until it works again).
    bool autosave(const ExplorerSettings& s);
    // The autosaved session (the last state before exit or crash), else the defaults. A data set file or
    // folder that no longer exists falls back to the built-in default, and `missing` names it.
    ExplorerSettings restoreAutosave(QString* missing = nullptr) const;
    // Throw std::exception with the reason (the path is added by the caller's message).
    static ExplorerSettings readSession(const QString& path);
    static void writeSession(const QString& path, const ExplorerSettings& s);

    // Sessions and data sets opened or saved, newest first (at most 8, QSettings).
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void clearRecentFiles();
    // The label source (io::FolderLabels spec) last chosen for a data set path (in the import dialog, with Labels…
    // or --labels), kept with the recent files across runs; "" when none was chosen. Paths count as absolute.
    QString chosenLabels(const QString& path) const;
    void rememberLabels(const QString& path, const QString& spec);

signals:
    void restoreRequested(const ExplorerSettings& s);  // undo or redo: show and recompute s
    void recentFilesChanged();
    // Autosave stopped working (disk full, folder not writable) or works again (empty reason). The settings
    // stay in memory and in the undo history either way.
    void autosaveStateChanged(const QString& reason);

private:
    QUndoStack* undo_;
    ExplorerSettings committed_;
    QString autosaveProblem_;
    std::function<std::optional<ExplorerSettings>()> own_;
};
