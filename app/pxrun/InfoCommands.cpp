// pxrun info / patterns / densities.
#include "Commands.h"
#include "common/AtomicFile.h"
#include "common/Error.h"
#include "CommonOptions.h"
#include "dataset/DegreeProfile.h"
#include "TerminalProgress.h"
#include "generators/Generators.h"
#include "graph/GraphAlgorithms.h"
#include "hom/DenseEvaluator.h"
#include "hom/DensityMatrix.h"
#include "io/DatasetPreview.h"
#include "io/Loaders.h"
#include "learn/LearnerRegistry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace pxrun {

px::io::FolderLabels labelsOption(const std::string& value) {
    try {
        return px::io::FolderLabels::parse(value);
    } catch (const std::invalid_argument& e) {
        std::string why = e.what();
        if (why.rfind("labels: ", 0) == 0) why = why.substr(8);
        throw std::invalid_argument("option --labels: " + why);
    }
}

px::Dataset loadData(const std::string& spec, const std::string& labels) {
    const px::io::FolderLabels choice = labelsOption(labels);
    if (spec.rfind("builtin:", 0) != 0) return px::io::loadDataset(spec, choice);
    px::Dataset ds = px::gen::builtin(spec.substr(8));
    if (choice.source == px::io::FolderLabels::Source::CsvColumn || choice.source == px::io::FolderLabels::Source::GraphMLKey)
        throw std::invalid_argument("--labels " + labels + " applies to a folder of graph files, not to generated data (" + spec + ")");
    if (choice.source == px::io::FolderLabels::Source::None) {
        ds.tasks.clear();
        ds.labels.resize(ds.size(), 0);
    }
    return ds;
}

namespace {
std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + px::printablePath(n);
    return out;
}

// The preview's label part: sources found, the one used, its classes (pxrun info).
void printLabelPreview(const px::io::DatasetPreview& p) {
    if (p.csvPresent)
        std::printf("labels.csv  %s\n", p.csvHeaded ? ("header: " + joined(p.csvColumns)).c_str() : "no header (file name, label)");
    if (!p.graphKeys.empty()) std::printf("graph keys  %s (GraphML graph data or GML graph attributes every graph has)\n", joined(p.graphKeys).c_str());
    if (!p.builtinLabels.empty() && p.builtinLabels != p.labelSource) std::printf("built-in    %s\n", p.builtinLabels.c_str());
    std::printf("labels from %s\n", p.labelSource.empty() ? "(none: unlabelled)" : px::printablePath(p.labelSource).c_str());
    if (!p.labelError.empty()) std::printf("refused     the labels asked for (the error below says why)\n");
    for (const auto& [name, count] : p.classes) {  // a name with a comma or colon quoted: "class, B": 20 is one class
        const std::string shown = px::printablePath(name);
        const bool quote = name.find_first_of(",:") != std::string::npos;
        std::printf("class       %s: %ld graph%s\n", (quote ? "\"" + shown + "\"" : shown).c_str(), count, count == 1 ? "" : "s");
    }
}
}  // namespace

px::PatternSamplerParams samplerFromArgs(const Args& a) {
    px::PatternSamplerParams p;
    p.patternClass = px::PatternClass::parse(a.get("class", "trees"));
    p.count = int(a.getLong("d", 50));
    p.seed = std::uint64_t(a.getLong("seed", 1));
    p.size.mean = a.getDouble("mean", 5.0);
    p.size.maxSize = int(a.getLong("max-size", 0));
    p.edgeRetention = a.getDouble("q", 0.9);
    p.duplicates = a.get("duplicates", "resample") == "keep" ? px::DuplicatePolicy::Keep : px::DuplicatePolicy::Resample;
    p.connected = a.get("connected", "yes") != "no";
    return p;
}

int infoCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("info", argv);
    if (a.positional.size() != 1) throw UsageError("needs one data set: a folder, a file or builtin:NAME");
    const std::string spec = a.positional[0], labels = a.get("labels", "auto");
    px::Dataset ds;
    px::io::DatasetPreview preview;
    if (spec.rfind("builtin:", 0) == 0) {
        ds = loadData(spec, labels);
        preview = px::io::previewOf(ds);
        preview.format = "built-in generated";
    } else {
        preview = px::io::previewDataset(spec, labelsOption(labels), &ds);
    }
    long minN = 1L << 40, maxN = 0;
    for (const auto& g : ds.graphs) { minN = std::min<long>(minN, g.numVertices()); maxN = std::max<long>(maxN, g.numVertices()); }
    std::printf("name        %s\nsource      %s\ngraphs      %d\nvertices    %ld (per graph %ld..%ld, mean %.2f)\n"
                "edges       %ld\nmax degree  %d\nhash        %s\n",
                px::printablePath(ds.name).c_str(), px::printablePath(ds.source).c_str(), ds.size(), ds.totalVertices(), minN, maxN,
                double(ds.totalVertices()) / std::max(1, ds.size()), ds.totalEdges(), ds.maxDegree(),
                ds.contentHash().c_str());
    std::printf("format      %s\nedges/graph %ld..%ld, mean %.2f\n", preview.format.c_str(), preview.edges.min, preview.edges.max, preview.edges.mean);
    printLabelPreview(preview);
    for (std::size_t t = 0; t < ds.tasks.size(); ++t) {
        long missing = 0;
        for (int i = 0; i < ds.size(); ++i) missing += std::isnan(ds.labels(i, long(t)));
        std::printf("task        %s (%s), %ld missing\n", ds.tasks[t].name.c_str(), px::toString(ds.tasks[t].type), missing);
    }
    if (ds.split)
        std::printf("split       %s: %zu / %zu / %zu (train / valid / test)\n", ds.split->name.c_str(), ds.split->train.size(),
                    ds.split->valid.size(), ds.split->test.size());
    else if (!ds.tasks.empty())
        std::printf("split       none in the data: each run draws a stratified 80/20 split (or k folds)\n");
    if (!ds.folds.empty())
        std::printf("folds       %zu (train/test sizes of the first: %zu / %zu)\n", ds.folds.size(), ds.folds[0].train.size(),
                    ds.folds[0].test.size());
    const px::DegreeProfile deg = px::DegreeProfile::of(ds);
    std::printf("max degree per graph: median %d, 95th percentile %d, 99th percentile %d, max %d\n", deg.quantile(0.5),
                deg.quantile(0.95), deg.quantile(0.99), deg.max());
    std::vector<int> bounds;
    if (a.has("D")) bounds.push_back(int(a.getLong("D", 0)));
    else bounds = {deg.quantile(0.95), deg.quantile(0.99), deg.max()};
    bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());  // quantiles that coincide: one line
    for (int D : bounds)
        std::printf("public bound D = %-6d refuses %d of %d graphs (Δ(G) > D)\n", D, deg.refusedBy(D), ds.size());
    for (const auto& note : ds.notes) std::printf("note        %s\n", note.c_str());
    for (const auto& w : ds.warnings) std::printf("warning     %s\n", w.c_str());
    if (!preview.labelError.empty()) {  // the sources found are printed above: the user can choose another
        std::fprintf(stderr, "pxrun: error: %s\n", preview.labelError.c_str());
        return 1;
    }
    return 0;
}

int patternsCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("patterns", argv);
    TerminalProgress progress("sampling patterns");
    px::PatternSet set = px::PatternSet::sample(samplerFromArgs(a), progress);
    for (int i = 0; i < set.size(); ++i)
        std::printf("%3d  %s%s\n", i, set.patterns[i].describe().c_str(),
                    set.duplicateOf[i] >= 0 ? ("  (isomorphic to " + std::to_string(set.duplicateOf[i]) + ")").c_str() : "");
    std::printf("%d patterns, %d distinct; redrawn: %d duplicates, %d disconnected\n", set.size(), set.distinctCount(),
                set.redrawnDuplicates, set.redrawnDisconnected);
    for (const auto& w : set.warnings) std::printf("warning: %s\n", w.c_str());
    if (a.has("out")) { set.save(a.get("out", "")); std::printf("saved %s\n", a.get("out", "").c_str()); }
    return 0;
}

// Which path each pattern took, and the cost model's estimates on the largest graph.
void explainPaths(const px::Dataset& ds, const px::PatternSet& set, const px::DensityMatrix& dm) {
    int largest = 0;
    for (int i = 1; i < ds.size(); ++i)
        if (ds.graphs[i].numVertices() > ds.graphs[largest].numVertices()) largest = i;
    const px::hom::GraphShape shape = px::hom::GraphShape::of(ds.graphs[largest]);
    std::fprintf(stderr, "paths per pattern (graphs counted by sparse DP / matrix scatter / matrix GEMM); estimated ms on the largest graph "
                         "(%d: n=%.0f, e=%.0f) for each path\n", largest, shape.n, shape.nnz / 2);
    for (int j = 0; j < set.size(); ++j) {
        const px::Pattern& f = set.patterns[j];
        const px::hom::DensePlan plan(f), products = px::hom::DensePlan::forProducts(f, plan);
        const px::hom::PathCost c = px::hom::estimateCost(px::hom::HomPlan(f), plan, shape, nullptr, &products);
        std::fprintf(stderr, "F%-3d %-40.40s %7ld / %7ld / %7ld   est. %9.3f / %9.3f / %9.3f ms -> %s%s\n", j, f.describe().c_str(),
                     dm.pathCounts[j][0], dm.pathCounts[j][1], dm.pathCounts[j][2], c.sparseDp * 1e3, c.scatter * 1e3, c.gemm * 1e3,
                     px::hom::toString(c.choice), plan.supported ? "" : " (width > 2: the DP only)");
    }
    std::fprintf(stderr, "%s\n", pathSummary(dm).c_str());
}

int densitiesCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("densities", argv);
    if (a.positional.size() != 1) throw UsageError("needs one data set: a folder, a file or builtin:NAME");
    px::Dataset ds = loadData(a.positional[0], a.get("labels", "auto"));
    px::PatternSet set = a.has("patterns") ? px::PatternSet::load(a.get("patterns", "")) : px::PatternSet::sample(samplerFromArgs(a));
    TerminalProgress progress("densities");
    px::DensityParams dp;
    dp.threads = int(a.getLong("threads", 0));
    dp.path = pathFromArgs(a);
    limitsFromArgs(a, dp);
    px::DensityMatrix dm = px::DensityMatrix::compute(ds, set, dp, progress);
    if (a.has("explain")) explainPaths(ds, set, dm);
    const std::string out = a.get("out", "-");
    std::string csv = "graph,n";
    for (int j = 0; j < dm.cols(); ++j) csv += ",F" + std::to_string(j);
    csv += "\n";
    char cell[40];
    for (int i = 0; i < dm.rows(); ++i) {
        csv += std::to_string(i) + "," + std::to_string(int(dm.n(i)));
        for (int j = 0; j < dm.cols(); ++j) {
            std::snprintf(cell, sizeof cell, ",%.17g", dm.t(i, j));
            csv += cell;
        }
        csv += "\n";
    }
    if (out == "-") std::fwrite(csv.data(), 1, csv.size(), stdout);
    else px::writeFileAtomically(out, csv);
    return 0;
}

// `pxrun learners`: every learner a sweep can run (learner.kind), from the learner registry.
int learnersCommand(const std::vector<std::string>& args) {
    const Args a = Args::parse("learners", args);
    if (!a.positional.empty()) throw UsageError("takes no operands, found '" + a.positional[0] + "'");
    for (const px::learn::LearnerDescription& d : px::learn::learnerRegistry()) {
        std::printf("%s: %s%s\n  %s\n", d.key.c_str(), d.title.c_str(),
                    d.needsNeuralLayer && !px::learn::haveNeuralLayer() ? " (not in this build: no LibTorch)" : "", d.summary.c_str());
        std::printf("  trains on: %s; binary scores: %s; tuning: %s\n", d.needsGraphs ? "the graphs themselves" : "density rows",
                    d.marginScores ? "decision values (threshold 0)" : "probabilities (threshold 0.5)", d.tuning.c_str());
        for (const px::learn::LearnerParameter& p : d.parameters)
            std::printf("    %-20s %s in [%g, %g], default %g: %s\n", p.name.c_str(), p.integer ? "integer" : "number", p.min, p.max,
                        p.defaultValue, p.meaning.c_str());
    }
    return 0;
}

}  // namespace pxrun
