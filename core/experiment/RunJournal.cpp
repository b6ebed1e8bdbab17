// The durable, fsync'd record of a sweep's completed runs and its resumption (RunJournal.h).
#include "experiment/RunJournal.h"

#include "common/AtomicFile.h"
#include "common/Error.h"

#include <cerrno>
#include <cmath>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace px::experiment {

namespace {

std::string readAll(int fd, const std::string& path) {
    std::string text;
    char buf[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw InputError(path, 0, "cannot read: " + fileErrorText(errno));
        if (got == 0) break;
        text.append(buf, std::size_t(got));
    }
    return text;
}

// The first top-level field in which two headers differ, for the refusal message.
std::string firstDifference(const nlohmann::json& found, const nlohmann::json& expected) {
    for (const auto& [key, value] : expected.items())
        if (!found.contains(key) || found[key] != value) return key;
    return "format";
}

}  // namespace

nlohmann::json RunJournal::encodeValue(const nlohmann::json& value) {
    if (value.is_number_float() && !std::isfinite(value.get<double>())) {
        const double x = value.get<double>();
        return {{"double", std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf"}};
    }
    if (value.is_array() || value.is_object()) {
        nlohmann::json out = value;
        for (auto it = out.begin(); it != out.end(); ++it) *it = encodeValue(*it);
        return out;
    }
    return value;
}

nlohmann::json RunJournal::decodeValue(const nlohmann::json& value) {
    if (value.is_object() && value.size() == 1 && value.contains("double")) {
        const std::string s = value.at("double").get<std::string>();
        return s == "nan" ? std::nan("") : s == "inf" ? INFINITY : -INFINITY;
    }
    if (value.is_array() || value.is_object()) {
        nlohmann::json out = value;
        for (auto it = out.begin(); it != out.end(); ++it) *it = decodeValue(*it);
        return out;
    }
    return value;
}

nlohmann::json RunJournal::encodeRow(const ResultTable::Row& row) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& [name, value] : row) cells.push_back({name, encodeValue(value)});
    return cells;
}

ResultTable::Row RunJournal::decodeRow(const nlohmann::json& cells) {
    ResultTable::Row row;
    for (const auto& cell : cells) row.emplace_back(cell.at(0).get<std::string>(), decodeValue(cell.at(1)));
    return row;
}

std::unique_ptr<RunJournal> RunJournal::open(const std::string& path, const nlohmann::json& header, bool resume,
                                             const Canonical& canonical) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path, 0, "cannot open the sweep's run journal: " + fileErrorText(errno));
    std::unique_ptr<RunJournal> j(new RunJournal(path, fd));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0)
        throw JournalLocked(path, 0, "another process is running this sweep (the run journal is locked); use a different --out prefix");
    const std::string text = readAll(fd, path);
    if (text.empty()) {
        writeAllToDescriptor(fd, header.dump() + "\n", path);
        syncDescriptor(fd, path);
        syncFolderOf(path);
        return j;
    }
    if (!resume)
        throw InputError(path, 0, "a partial sweep with this prefix exists (a run that was stopped); continue it with --resume, or "
                                  "delete this file to start over");
    std::size_t pos = 0, kept = 0;
    long line = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) break;  // a torn last record: the process died inside its write
        ++line;
        const auto record = nlohmann::json::parse(text.begin() + long(pos), text.begin() + long(nl), nullptr, false);
        if (record.is_discarded())
            throw InputError(path, line, "corrupt run journal record (not JSON); delete the file to start the sweep over");
        if (line == 1) {
            if (record != header && !(canonical && canonical(record) == canonical(header)))
                throw InputError(path, 1, "this journal belongs to a different sweep (its \"" + firstDifference(record, header) +
                                              "\" differs from the spec and data given now); resume with the same spec, data and "
                                              "shard, or delete the file to start over");
        } else {
            try {
                if (record.contains("part")) {
                    j->parts_[{record.at("run").get<int>(), record.at("part").get<int>()}] = decodeValue(record.at("value"));
                } else {
                    std::vector<ResultTable::Row> rows;
                    for (const auto& r : record.at("rows")) rows.push_back(decodeRow(r));
                    j->done_[record.at("run").get<int>()] = std::move(rows);
                }
            } catch (const nlohmann::json::exception& e) {
                throw InputError(path, line, std::string("corrupt run journal record: ") + e.what());
            }
        }
        pos = kept = nl + 1;
    }
    if (kept == 0) {  // even the header was torn: write it again
        if (::ftruncate(fd, 0) != 0) throw InputError(path, 0, "cannot repair the run journal: " + fileErrorText(errno));
        ::lseek(fd, 0, SEEK_SET);
        writeAllToDescriptor(fd, header.dump() + "\n", path);
        syncDescriptor(fd, path);
        return j;
    }
    if (kept < text.size() && ::ftruncate(fd, off_t(kept)) != 0)
        throw InputError(path, 0, "cannot drop the torn last record of the run journal: " + fileErrorText(errno));
    ::lseek(fd, off_t(kept), SEEK_SET);
    j->restored_ = int(j->done_.size());
    j->restoredParts_ = int(j->parts_.size());
    return j;
}

RunJournal::~RunJournal() {
    if (fd_ >= 0) ::close(fd_);
}

void RunJournal::write(const nlohmann::json& record) {
    if (!problem_.empty()) return;  // best effort, after a failure: no longer recording
    const std::string line = record.dump() + "\n";
    const off_t before = ::lseek(fd_, 0, SEEK_CUR);
    try {
        writeAllToDescriptor(fd_, line, path_);
        syncDescriptor(fd_, path_);
    } catch (...) {
        if (before >= 0 && ::ftruncate(fd_, before) == 0) ::lseek(fd_, before, SEEK_SET);  // keep the journal whole
        if (!bestEffort_) throw;
        try { throw; } catch (const std::exception& e) { problem_ = e.what(); }
    }
}

void RunJournal::append(int run, const std::vector<ResultTable::Row>& rows) {
    nlohmann::json record = {{"run", run}, {"rows", nlohmann::json::array()}};
    for (const auto& r : rows) record["rows"].push_back(encodeRow(r));
    const std::lock_guard<std::mutex> lock(mutex_);
    write(record);
    done_[run] = rows;
}

std::optional<nlohmann::json> RunJournal::part(int run, int part) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = parts_.find({run, part});
    if (it == parts_.end()) return std::nullopt;
    return it->second;
}

void RunJournal::appendPart(int run, int part, const nlohmann::json& value) {
    const std::lock_guard<std::mutex> lock(mutex_);
    write({{"run", run}, {"part", part}, {"value", encodeValue(value)}});
    parts_[{run, part}] = value;
}

void RunJournal::finish() {
    ::unlink(path_.c_str());
    syncFolderOf(path_);
    ::close(fd_);
    fd_ = -1;
}

}  // namespace px::experiment
