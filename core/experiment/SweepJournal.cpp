// A sweep's run journal as the runners use it: its header, and the runs and parts it restores and records.
#include "experiment/SweepJournal.h"

#include "experiment/RunJournal.h"

namespace px::experiment {

nlohmann::json journalHeader(const SweepSpec& spec, const Dataset& data, const SweepOptions& options) {
    return {{"format", "pxstudio-sweep-journal"},
            {"spec", spec.toJson()},
            {"dataset", data.name},
            {"dataset_hash", data.contentHash()},
            {"shard", {options.shard, options.shards}},
            {"total_runs", spec.runs().size()}};
}

nlohmann::json canonicalJournalHeader(const nlohmann::json& header) {
    if (!header.is_object() || !header.contains("spec") || !header.contains("total_runs")) return header;
    try {
        nlohmann::json out = header;
        const SweepSpec spec = SweepSpec::fromJson(header.at("spec").dump(), "run journal");
        out["spec"] = spec.toJson();
        if (out["spec"].contains("learner")) out["spec"]["learner"].erase("parallel_trainings");
        out["total_runs"] = spec.runs().size();
        return out;
    } catch (const std::exception&) {
        return header;
    }
}

bool restoreRun(const SweepOptions& options, int r, ResultTable& runs) {
    if (!options.journal || !options.journal->has(r)) return false;
    for (const auto& row : options.journal->rows(r)) runs.add(row);
    return true;
}

void recordRun(const SweepOptions& options, int r, const std::vector<ResultTable::Row>& rows) {
    if (options.journal) options.journal->append(r, rows);
}

std::optional<nlohmann::json> restorePart(const SweepOptions& options, int r, int part) {
    if (!options.journal) return std::nullopt;
    return options.journal->part(r, part);
}

void recordPart(const SweepOptions& options, int r, int part, const nlohmann::json& value) {
    if (options.journal) options.journal->appendPart(r, part, value);
}

}  // namespace px::experiment
