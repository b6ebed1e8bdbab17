#include "SessionModel.h"

#include "common/AtomicFile.h"
#include "common/JsonInput.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoCommand>
#include <QUndoStack>
#include <map>

namespace {
// "Change ε", "Change d and max size": the settings (session JSON keys, mechanism fields included)
// that differ, for the Undo and Redo menu entries.
QString describeChange(const ExplorerSettings& before, const ExplorerSettings& after) {
    static const std::map<std::string, QString> names = {
        {"epsilon", "ε"}, {"delta", "δ"}, {"degree_bound", "D"}, {"mechanism", "mechanism"}, {"sensitivity", "sensitivity"},
        {"allocation", "allocation"}, {"beta", "β"}, {"reference_mode", "reference mode"}, {"dataset", "data set"}, {"labels", "labels"},
        {"pattern_class", "pattern class"}, {"d", "d"}, {"max_size", "max size"}, {"size_mean", "size mean"},
        {"pattern_seed", "seed"}, {"connected", "connectivity"}, {"keep_duplicates", "duplicates"}, {"learner", "learner"},
        {"k", "k"}, {"C", "C"}, {"trees", "trees"}, {"noisy_test", "noisy test"}, {"repetitions", "repetitions"},
        {"protocol", "evaluation"}};
    QStringList changed;
    auto compare = [&](const nlohmann::json& a, const nlohmann::json& b) {
        for (auto it = b.begin(); it != b.end(); ++it) {
            if (it.key() == "mechanism" && it->is_object()) continue;
            if (!a.contains(it.key()) || a.at(it.key()) != *it) {
                auto n = names.find(it.key());
                if (n != names.end() && !changed.contains(n->second)) changed << n->second;
            }
        }
    };
    const nlohmann::json a = before.toJson(), b = after.toJson();
    compare(a, b);
    compare(a.at("mechanism"), b.at("mechanism"));
    if (changed.isEmpty()) return QObject::tr("Change settings");
    if (changed.size() > 3) return QObject::tr("Change %1 settings").arg(changed.size());
    return QObject::tr("Change %1").arg(changed.join(QObject::tr(" and ")));
}

// One undo step: the settings before and after a committed change. The first redo is the change
// itself, already applied. Consecutive steps that move only ε, each within 1.5 s of the last, merge (a drag, a run of
// slider key presses).
class SetSettings : public QUndoCommand {
public:
    SetSettings(SessionModel* m, ExplorerSettings before, ExplorerSettings after)
        : QUndoCommand(describeChange(before, after)), m_(m), before_(std::move(before)), after_(std::move(after)),
          madeAt_(QDateTime::currentMSecsSinceEpoch()), lastAt_(madeAt_) {}
    void undo() override { emit m_->restoreRequested(before_); }
    void redo() override {
        if (first_) { first_ = false; return; }
        emit m_->restoreRequested(after_);
    }
    int id() const override { return onlyEpsilonChanged() ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override {
        // One gesture's steps of ε (a drag, a run of arrow keys) are one undo step; an ε typed or reset later is a step of
        // its own (merged, a typed 5 then a reset to 1 left one step from 1 to 1, and the 5 could not be had back).
        const auto* o = static_cast<const SetSettings*>(other);
        if (!o->onlyEpsilonChanged() || !(o->before_ == after_) || o->madeAt_ - lastAt_ > kGestureMs) return false;
        after_ = o->after_;
        lastAt_ = o->madeAt_;
        setText(describeChange(before_, after_));
        setObsolete(before_ == after_);  // back where it started: no step at all
        return true;
    }

private:
    static constexpr qint64 kGestureMs = 1500;  // ε steps less than this apart are one gesture's
    bool onlyEpsilonChanged() const {
        ExplorerSettings b = before_;
        b.mechanism.epsilon = after_.mechanism.epsilon;
        return b == after_;
    }
    SessionModel* m_;
    ExplorerSettings before_, after_;
    qint64 madeAt_, lastAt_;  // when this step was made, and when the last step merged into it was
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

bool SessionModel::autosave(const ExplorerSettings& s) {
    QString problem;
    try {
        const std::optional<ExplorerSettings> own = own_ ? own_() : std::nullopt;
        writeSession(autosavePath(), own ? *own : s);
    } catch (const std::exception& e) {
        problem = QString::fromStdString(e.what());
        if (problem.isEmpty()) problem = tr("unknown error");
    }
    if (problem != autosaveProblem_) {
        autosaveProblem_ = problem;
        emit autosaveStateChanged(problem);
    }
    return problem.isEmpty();
}

ExplorerSettings SessionModel::restoreAutosave(QString* missing) const {
    ExplorerSettings s;
    try { s = readSession(autosavePath()); } catch (...) { s = ExplorerSettings{}; }
    if (s.dataset.rfind("builtin:", 0) != 0 && !QFileInfo::exists(QString::fromStdString(s.dataset))) {
        if (missing) *missing = QString::fromStdString(s.dataset);
        s.dataset = ExplorerSettings{}.dataset;
    }
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

QString SessionModel::chosenLabels(const QString& path) const {
    return QSettings().value("recent/labels").toMap().value(QFileInfo(path).absoluteFilePath()).toString();
}

void SessionModel::rememberLabels(const QString& path, const QString& spec) {
    QVariantMap chosen = QSettings().value("recent/labels").toMap();
    chosen.insert(QFileInfo(path).absoluteFilePath(), spec);
    while (chosen.size() > 64) chosen.erase(chosen.begin());  // a bound, not a policy: far more than the recent list
    QSettings().setValue("recent/labels", chosen);
}

void SessionModel::clearRecentFiles() {
    QSettings().remove("recent/files");
    QSettings().remove("recent/labels");
    emit recentFilesChanged();
}
