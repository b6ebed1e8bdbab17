#pragma once
// A sweep's run journal as the runners use it (RunJournal.h is the file itself): the header a journal must match
// to be resumed, and the runs and parts of runs it restores and records.
#include "dataset/Dataset.h"
#include "experiment/SweepSpec.h"
#include "experiment/SweepTypes.h"

#include <optional>
#include <string>

namespace px::experiment {

// The identity of a sweep (or shard) that a run journal must match to be resumed: spec, data set, shard.
nlohmann::json journalHeader(const SweepSpec& spec, const Dataset& data, const SweepOptions& options);
// A journal header with its spec read and written again by this version: fields added since the journal was
// written appear at their defaults, which keep the old behaviour, so the same sweep resumes across upgrades.
// Settings that change how fast, not what, are left out: the GIN's parallel_trainings (its tables are the same
// bit for bit, tst_neural), so a sweep may resume on more cores. A spec this version cannot read is returned
// unchanged (and then differs).
nlohmann::json canonicalJournalHeader(const nlohmann::json& header);
// Where `pxrun sweep --out PREFIX` keeps its journal.
inline std::string journalPath(const std::string& prefix) { return prefix + ".runs.partial"; }
// Adds the journal's rows of run `r` to `runs` and returns true, if the journal holds that run.
bool restoreRun(const SweepOptions& options, int r, ResultTable& runs);
// Records the rows of a completed run in the journal, if there is one.
void recordRun(const SweepOptions& options, int r, const std::vector<ResultTable::Row>& rows);
// The same for the parts of a run (the trainings of a GIN run): the recorded part, if any; record one.
std::optional<nlohmann::json> restorePart(const SweepOptions& options, int r, int part);
void recordPart(const SweepOptions& options, int r, int part, const nlohmann::json& value);

}  // namespace px::experiment
