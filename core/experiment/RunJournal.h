#pragma once
// The durable record of a sweep's completed runs (PREFIX.runs.partial), so that a killed sweep loses
// nothing it finished. One JSON line per run: its index and its result rows, written with one write(2)
// and fsync'd before the sweep goes on. The first line identifies the sweep (spec, data set, shard);
// a resume checks it. A torn last line (the process died inside the write) is dropped and rewritten.
// Doubles are stored exactly (17 digits; non-finite values tagged), so resumed tables are bit-identical.
#include "common/Error.h"
#include "experiment/ResultTable.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace px::experiment {

// The journal is open in another process (or another sweep of this one).
class JournalLocked : public InputError {
public:
    using InputError::InputError;
};

class RunJournal {
public:
    // Opens or creates `path` and locks it (a second process on the same journal is refused).
    // An existing journal is continued only when `resume` is set and its header equals `header`, or the two
    // are equal under `canonical` (e.g. a journal written by an older version, whose spec lacks fields added
    // since at their defaults); otherwise InputError names the file and says what to do.
    using Canonical = std::function<nlohmann::json(const nlohmann::json&)>;
    static std::unique_ptr<RunJournal> open(const std::string& path, const nlohmann::json& header, bool resume,
                                            const Canonical& canonical = {});
    ~RunJournal();
    RunJournal(const RunJournal&) = delete;
    RunJournal& operator=(const RunJournal&) = delete;

    bool has(int run) const { return done_.count(run) > 0; }
    const std::vector<ResultTable::Row>& rows(int run) const { return done_.at(run); }
    int restoredRuns() const { return restored_; }
    int restoredParts() const { return restoredParts_; }
    const std::string& path() const { return path_; }

    // Best effort (the desktop app): a failed write stops the recording instead of the sweep; problem() says why.
    void setBestEffort(bool on) { bestEffort_ = on; }
    bool bestEffort() const { return bestEffort_; }
    const std::string& problem() const { return problem_; }

    // Appends one completed run durably; throws InputError ("disk full", …) if it cannot (unless best effort).
    void append(int run, const std::vector<ResultTable::Row>& rows);
    // Parts of a run (one training of a GIN sweep's folds), so that a long run resumes inside itself.
    // Thread-safe: trainings running side by side record their parts as they finish.
    std::optional<nlohmann::json> part(int run, int part) const;
    void appendPart(int run, int part, const nlohmann::json& value);
    // The sweep's outputs are saved: the journal is removed.
    void finish();

    // Encoding, exposed for tests: exact doubles, non-finite ones as {"double": "nan"|"inf"|"-inf"}.
    static nlohmann::json encodeValue(const nlohmann::json& value);
    static nlohmann::json decodeValue(const nlohmann::json& value);
    static nlohmann::json encodeRow(const ResultTable::Row& row);
    static ResultTable::Row decodeRow(const nlohmann::json& cells);

private:
    RunJournal(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
    void write(const nlohmann::json& record);  // one durable line; the caller holds mutex_
    std::string path_, problem_;
    bool bestEffort_ = false;
    mutable std::mutex mutex_;
    std::map<std::pair<int, int>, nlohmann::json> parts_;
    int fd_ = -1;
    int restored_ = 0, restoredParts_ = 0;
    std::map<int, std::vector<ResultTable::Row>> done_;
};

}  // namespace px::experiment
