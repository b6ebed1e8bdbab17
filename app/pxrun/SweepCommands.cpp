// pxrun sweep (run a sweep spec, or one shard of it) and pxrun merge (join shards).
#include "Commands.h"
#include "CommonOptions.h"
#include "TerminalProgress.h"
#include "common/Error.h"
#include "common/JsonInput.h"
#include "experiment/DiskDensityStore.h"
#include "experiment/RunJournal.h"
#include "experiment/SweepRunner.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <cstdio>

namespace pxrun {

namespace {
void printSummary(const px::experiment::SweepResult& r) {
    const auto& a = r.aggregated;
    const bool controls = a.columnIndex("public_value_mean") >= 0;
    std::printf("%-16s %-10s %-10s %10s %8s %5s %17s %10s", "class", "mechanism", "budget", "epsilon", "metric", "runs",
                "value (±2 std)", "top1");
    if (controls) std::printf(" %8s %8s", "n alone", "shuffled");
    std::printf("\n");
    for (int i = 0; i < a.rows(); ++i) {
        auto num = [&](const char* c) { return a.at(i, c).is_number() ? a.at(i, c).get<double>() : std::nan(""); };
        char budget[32];
        std::snprintf(budget, sizeof budget, "%g", num("budget"));
        const double count = num("value_count");  // missing in a hand-made table: printed as "-", not cast from NaN
        const std::string countText = std::isfinite(count) ? std::to_string(static_cast<long long>(count)) : "-";
        std::printf("%-16s %-10s %-10s %10.4g %8s %5s %8.4f ± %6.3f %10.4g", a.at(i, "pattern_class").get<std::string>().c_str(),
                    a.at(i, "mechanism").get<std::string>().c_str(), budget, num("epsilon_mean"),
                    a.at(i, "metric").get<std::string>().c_str(), countText.c_str(), num("value_mean"), 2 * num("value_std"),
                    num("top1_mean"));
        if (controls) {
            std::printf(" %8.4f %8.4f", num("public_value_mean"), num("shuffled_value_mean"));
            if (a.at(i, "no_structural_signal") == true) std::printf("  [no structural signal: not above the better control by more than max(0.02, 2 sd)]");
        }
        if (a.at(i, "valid_guarantee") == false) std::printf("  [NO VALID GUARANTEE]");
        std::printf("\n");
    }
    for (const auto& f : r.fits) {
        if (!f.noFit.empty()) {
            std::printf("erf fit [%s]: no fit (%s)\n", f.group.c_str(), f.noFit.c_str());
            continue;
        }
        std::printf("erf fit [%s]: kappa %.4g, A_inf %.4f%s, rmse %.4f, R^2 %.3f\n", f.group.c_str(), f.fit.kappa, f.fit.aInf,
                    f.fit.aInfFitted ? " (fitted)" : " (from eps = inf)", f.fit.rmse, f.fit.r2);
        if (f.floored.points > 0)
            std::printf("    with a floor: A_0 %.4f, kappa %.4g, rmse %.4f, R^2 %.3f\n", f.floored.floor, f.floored.kappa,
                        f.floored.rmse, f.floored.r2);
        for (std::size_t t = 0; t < f.targetAuc.size(); ++t)
            std::printf("    AUC %.2f needs eps >= %.4g\n", f.targetAuc[t], f.epsilonForTarget[t]);
    }
}
// The GIN checkpoints beside a journal (PREFIX.runs.partial.rR.pP.ckpt).
int trainingCheckpoints(const std::string& journalPath) {
    namespace fs = std::filesystem;
    const fs::path journal(journalPath);
    const fs::path folder = journal.has_parent_path() ? journal.parent_path() : fs::path(".");
    const std::string stem = journal.filename().string() + ".r";
    int count = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(stem, 0) == 0 && name.size() > 5 && name.substr(name.size() - 5) == ".ckpt") ++count;
    }
    return count;
}

// The data set the spec names (an error names the spec file and "/dataset", then the data set's own error), or
// the one --data gave (its error names only that path: the spec did not give it).
px::Dataset loadSpecData(const px::experiment::SweepSpec& spec, bool fromOption) {
    if (fromOption) return loadData(spec.dataset, spec.labels);
    try {
        return loadData(spec.dataset, spec.labels);
    } catch (const px::InputError& e) {
        throw px::InputError(spec.source, 0, std::string("field \"/dataset\": ") + e.what());
    }
}

}  // namespace

int sweepCommand(const std::vector<std::string>& argv) {
    std::vector<std::string> sets;
    Args a = Args::parse("sweep", takeSets(argv, sets));
    if (a.positional.size() != 1 || !a.has("out"))
        throw UsageError("needs one SPEC.json and --out PREFIX");
    px::experiment::SweepSpec spec = px::experiment::SweepSpec::load(a.positional[0]);
    if (!sets.empty()) {  // on the file's own JSON (not the normalised spec, whose defaults depend on the learner)
        nlohmann::json raw = nlohmann::json::parse(px::readRegularFile(a.positional[0]));
        for (const auto& kv : sets) applySet(raw, kv);
        spec = px::experiment::SweepSpec::fromJson(raw.dump(), a.positional[0] + " with --set");
    }
    if (a.has("data")) spec.dataset = a.get("data", "");
    if (a.has("labels")) spec.labels = labelsOption(a.get("labels", "")).describe();
    px::experiment::SweepOptions opt;
    // the store PX_DENSITY_CACHE names; none with --no-cache (passed in: the engine never looks for one itself)
    if (!a.has("no-cache")) opt.densityStore = px::experiment::DiskDensityStore::fromEnvironment();
    if (a.has("shard")) {
        const std::string s = a.get("shard", "");
        const auto slash = s.find('/');
        try {
            if (slash == std::string::npos) throw std::invalid_argument("");
            opt.shard = std::stoi(s.substr(0, slash));
            opt.shards = std::stoi(s.substr(slash + 1));
        } catch (...) {
            throw std::invalid_argument("--shard expects i/N, e.g. 0/4, got '" + s + "'");
        }
    }
    if (a.has("checkpoint-every")) {
        const std::string text = a.get("checkpoint-every", "");
        char* end = nullptr;
        const double minutes = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !(minutes >= 0))
            throw std::invalid_argument("--checkpoint-every expects minutes (a number ≥ 0, e.g. 5 or 0.5), got '" + text + "'");
        opt.checkpointEverySeconds = 60 * minutes;
    }
    px::Dataset ds = loadSpecData(spec, a.has("data"));
    const std::string prefix = a.get("out", "");
    // Every completed run goes to PREFIX.runs.partial at once (fsync'd); --resume continues from it.
    auto journal = px::experiment::RunJournal::open(px::experiment::journalPath(prefix),
                                                    px::experiment::journalHeader(spec, ds, opt), a.has("resume"),
                                                    px::experiment::canonicalJournalHeader);
    if (journal->restoredRuns() > 0 || journal->restoredParts() > 0)
        std::fprintf(stderr, "resuming: %d completed runs (and %d trainings of unfinished runs) read from %s\n",
                     journal->restoredRuns(), journal->restoredParts(), journal->path().c_str());
    if (const int n = trainingCheckpoints(journal->path()); n > 0 && a.has("resume"))
        std::fprintf(stderr, "resuming: %d GIN training%s go%s on from %s checkpoint%s (%s.rR.pP.ckpt)\n", n, n == 1 ? "" : "s",
                     n == 1 ? "es" : "", n == 1 ? "its" : "their", n == 1 ? "" : "s", journal->path().c_str());
    opt.journal = journal.get();
    TerminalProgress progress("sweep " + spec.name);
    px::experiment::SweepResult r = px::experiment::runSweep(spec, ds, opt, progress);
    px::experiment::saveSweep(r, prefix);
    journal->finish();
    printSummary(r);
    std::printf("wrote %s.csv (%d runs), %s-summary.csv, %s.json\n", prefix.c_str(), r.runs.rows(), prefix.c_str(), prefix.c_str());
    return 0;
}

int mergeCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("merge", argv);
    if (a.positional.empty() || !a.has("out"))
        throw UsageError("needs the SHARD.csv files of a sweep (each SHARD.json beside is read too) and --out PREFIX");
    std::vector<px::experiment::ResultTable> parts;
    px::experiment::SweepResult merged;
    nlohmann::json shards = nlohmann::json::array();
    for (const auto& path : a.positional) {
        parts.push_back(px::experiment::ResultTable::loadCsv(path));
        std::string side = path.size() > 4 ? path.substr(0, path.size() - 4) + ".json" : path + ".json";
        std::FILE* f = std::fopen(side.c_str(), "rb");
        if (f) {
            std::string text;
            char buf[65536];
            std::size_t got;
            while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, got);
            std::fclose(f);
            auto j = nlohmann::json::parse(text, nullptr, false);
            if (!j.is_discarded()) {
                if (merged.metadata.is_null()) merged.metadata = j;
                shards.push_back(j.value("shard", nlohmann::json()));
            }
        }
    }
    merged.runs = px::experiment::ResultTable::merge(parts);
    merged.metadata["shard"] = {{"merged_from", shards}};
    px::experiment::summarise(merged);
    const std::string prefix = a.get("out", "");
    px::experiment::saveSweep(merged, prefix);
    printSummary(merged);
    std::printf("merged %zu files, %d runs into %s.csv\n", a.positional.size(), merged.runs.rows(), prefix.c_str());
    return 0;
}

}  // namespace pxrun
