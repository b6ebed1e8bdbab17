#include "SessionModel.h"

#include "common/AtomicFile.h"
#include "common/JsonInput.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoCommand>
#include <QUndoStack>

namespace {
// One undo step: the settings before and after a committed change. The first redo is the change
// itself, already applied. Consecutive steps that move only ε merge (a run of slider key presses).
class SetSettings : public QUndoCommand {
public:
    SetSettings(SessionModel* m, ExplorerSettings before, ExplorerSettings after)
        : QUndoCommand(QObject::tr("Change settings")), m_(m), before_(std::move(before)), after_(std::move(after)) {}
    void undo() override { emit m_->restoreRequested(before_); }
    void redo() override {
        if (first_) { first_ = false; return; }
        emit m_->restoreRequested(after_);
    }
    int id() const override { return onlyEpsilonChanged() ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = static_cast<const SetSettings*>(other);
        if (!o->onlyEpsilonChanged() || !(o->before_ == after_)) return false;
        after_ = o->after_;
        return true;
    }

private:
    bool onlyEpsilonChanged() const {
        ExplorerSettings b = before_;
        b.mechanism.epsilon = after_.mechanism.epsilon;
        return b == after_;
    }
    SessionModel* m_;
    ExplorerSettings before_, after_;
    bool first_ = true;
};

}  // namespace

SessionModel::SessionModel(QObject* parent) : QObject(parent), undo_(new QUndoStack(this)) {}

void SessionModel::commit(const ExplorerSettings& now) {
    if (!(now == committed_)) {
        undo_->push(new SetSettings(this, committed_, now));
        committed_ = now;
    }
    autosave(now);
}

void SessionModel::setCommitted(const ExplorerSettings& s) { committed_ = s; }

QString SessionModel::autosavePath() const {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + "/autosave-session.json";
}

bool SessionModel::autosave(const ExplorerSettings& s) const {
    try {
        writeSession(autosavePath(), s);
        return true;
    } catch (...) {
        return false;
    }
}

ExplorerSettings SessionModel::restoreAutosave() const {
    ExplorerSettings s;
    try { s = readSession(autosavePath()); } catch (...) { s = ExplorerSettings{}; }
    if (s.dataset.rfind("builtin:", 0) != 0) s.dataset = ExplorerSettings{}.dataset;
    return s;
}

ExplorerSettings SessionModel::readSession(const QString& path) {
    const std::string p = path.toStdString();
    return ExplorerSettings::fromJson(px::parseJsonInput(px::readRegularFile(p, 1 << 20), p));
}

void SessionModel::writeSession(const QString& path, const ExplorerSettings& s) {
    px::writeFileAtomically(path.toStdString(), [&](std::ostream& o) { o << s.toJson().dump(1) << "\n"; });
}

QStringList SessionModel::recentFiles() const { return QSettings().value("recent/files").toStringList(); }

void SessionModel::addRecentFile(const QString& path) {
    QStringList list = recentFiles();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > 8) list.removeLast();
    QSettings().setValue("recent/files", list);
    emit recentFilesChanged();
}

void SessionModel::clearRecentFiles() {
    QSettings().remove("recent/files");
    emit recentFilesChanged();
}
