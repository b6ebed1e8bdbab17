// pxrun's usage (Usage.h): the commands, the options and what they take, the environment, files and examples.
// Option values come from the parsers' own tables (mechanism keys, figure presets, built-in data sets, ...).
#include "Usage.h"
#include "depthlab/DepthLab.h"
#include "depthlab/LinearEncoder.h"
#include "depthlab/NodeGenerators.h"
#include "FigureExport.h"
#include "generators/Generators.h"
#include "learn/LearnerRegistry.h"
#include "neural/GinParams.h"
#include "neural/NagParams.h"
#include "patterns/PatternClass.h"
#include "privacy/Mechanism.h"

namespace pxrun::usage {

namespace {
// "trees", "fan-cactus:", ...: a class that takes a parameter completes to its prefix.
std::vector<std::string> patternClassPrefixes() {
    std::vector<std::string> out;
    using K = px::PatternClassKind;
    for (K kind : {K::Trees, K::FanCactus, K::SubgraphK, K::TreewidthK, K::AllTrees}) {
        const std::string key = px::PatternClass{kind, 2}.key();
        const auto colon = key.find(':');
        out.push_back(colon == std::string::npos ? key : key.substr(0, colon + 1));
    }
    return out;
}

std::vector<std::string> figurePresetNames() {
    std::vector<std::string> out;
    for (const auto& p : px::widgets::figurePresets()) out.push_back(p.key.toStdString());
    return out;
}

std::vector<std::string> learnerSettings() {  // --set learner.kind=KEY
    std::vector<std::string> out;
    for (const auto& l : px::learn::learnerRegistry()) out.push_back("learner.kind=" + l.key);
    return out;
}

// The pattern sampler's options, after --class C.
const std::string kSampler = "[--d 50] [--seed 1] [--mean 5] [--max-size 0] [--q 0.9] [--duplicates resample|keep] "
                             "[--connected yes|no]";

std::vector<std::string> learnerKeys() {
    std::vector<std::string> out;
    for (const auto& l : px::learn::learnerRegistry()) out.push_back(l.key);
    return out;
}

std::vector<CommandDoc> commands() {
    const std::vector<std::string> experiments = px::depthlab::depthExperiments();
    return {
        {"info PATH|builtin:NAME [--D N] [--labels SPEC]",
         "summary of a data set: format, graphs, sizes, the label sources found and the classes of the one used, split, "
         "folds, degree distribution and the graphs a public degree bound D would refuse, warnings", "data", {}},
        {"patterns --class C [--d 50] [--seed 1] [--mean 5] [--max-size 0] [--q 0.9] [--duplicates resample|keep] "
         "[--connected yes|no] [--out FILE.json]", "sample a pattern set", "", {}},
        {"densities DATA [--patterns FILE.json] [--class C] " + kSampler + " [--labels SPEC] [--out FILE.csv] "
         "[--threads N] [--path auto|sparse|scatter|gemm] [--explain] [--max-memory GiB] [--max-minutes 60]",
         "homomorphism density matrix (N x d, plus n) as CSV, of the patterns of --patterns or else sampled from "
         "--class and the sampler options", "data", {}},
        {"sweep SPEC.json --out PREFIX [--shard i/N] [--data PATH|builtin:NAME] [--labels SPEC] [--resume] [--set key=JSON ...] "
         "[--checkpoint-every MINUTES]",
         "run a sweep: PREFIX.csv (one row per run), PREFIX-summary.csv and PREFIX.json; completed runs are kept in "
         "PREFIX.runs.partial until the end (learner \"gin\": a GIN trained on the clean or rr/dprr graphs, "
         "docs/trained-networks.md)", "files:*.json", {}},
        {"learners", "the learners a sweep can run (learner.kind), their parameters, ranges and defaults", "", {}},
        {"merge SHARD.csv... --out PREFIX", "join the shards of a sweep and refit", "files:*.csv", {}},
        {"figure PREFIX --out FIG.png|.pdf|.svg[,...] [--preset one-column|two-column|slide | --width 800 "
         "--height 500] [--dpi 300] [--presentation] [--no-title | --with-title | --title TEXT] [--no-fit] "
         "[--no-attack] [--view tradeoff|gin-curve [--epsilon E]]",
         "render a sweep result (PREFIX.csv and PREFIX.json) with the desktop app's figure code; also writes FIG.csv "
         "(the plotted points with error bars) and FIG.json (the parameters)", "files", {}},
        {"embed DATA --out PREFIX [--labels SPEC] [--patterns FILE.json] [--class C] " + kSampler + " "
         "[mechanism options] [--rep R]",
         "private embeddings: PREFIX.csv, PREFIX.npy and PREFIX.json (the privacy report)", "data", {}, true},
        {"audit [--g0 FILE --g1 FILE] [--patterns FILE.json] [--samples 200000] [--confidence 0.95] [--all] "
         "[--raw-floating-point] [mechanism options]",
         "empirical privacy audit: a certified lower bound on epsilon against the claimed one", "", {}, true},
        {"depth SPEC.json|EXPERIMENT --out PREFIX [--data PATH|builtin:NAME] [--set key=JSON ...]",
         "depth lab: PREFIX.csv and PREFIX.json of an experiment (its name or a spec file)", "files:*.json", experiments,
         false, true},
        {"depth --list | --defaults EXPERIMENT", "the depth lab's experiments; the spec an experiment runs by default",
         "", {}},
        {"bench densities [--data PATH] [--class C] " + kSampler + " [--reps 5] [--threads N] [--path P] "
         "[--max-minutes M]",
         "benchmark of the density computation (median wall time, time per pair, peak memory)", "", {}},
        {"bench scaling [--class C] " + kSampler + " [--max-n 100000] [--density dense [--p 0.5]] [--degree 3] "
         "[--path P]",
         "how the density computation scales with the graph size", "", {}},
        {"bench paths [--data PATH] [--class C] " + kSampler + " [--every K] [--dp-limit 0.05]",
         "the cost model of the density paths: measured against estimated time per path", "", {}},
        {"bench noise [--data PATH] [--class C] " + kSampler + " [--mechanism M] [--allocation A] [--D N] "
         "[--delta D] [--reps 21]", "benchmark of a mechanism's release", "", {}},
        {"bench evaluate [--data PATH] [--class C] " + kSampler + " [--D N] [--epsilon E] [--learner knn] [--k 120] "
         "[--reps 11]", "benchmark of one slider move: re-noise, learn and score, attack", "", {}},
        {"bench gin [--data PATH] [--epochs 5] [--layers 5] [--hidden 300] [--batch 64] [--threads 1] "
         "[--features ones|degree|labels] [--seed 1]", "benchmark of a GIN training", "", {}},
        {"bench nag [--data PATH|builtin:NAME] [--width 64] [--epochs 50] [--reps 3] [--scheme unconstrained|constrained]",
         "benchmark of a node-level network's training", "", {}, false, true},
        {"bench depth [--n 1000 --d 2048 --depth 10 --weights identity|gaussian] [--reps 7] [--cora PATH [--hops 20]] "
         "[--grid] [--attack-n 2708 --attack-d 64]",
         "benchmark of the depth lab's linear encoders", "", {}},
        {"cache info|clear",
         "the densities kept on disk between runs (shared by the app, pxrun and Python; least recently used go first)",
         "words", {"info", "clear"}},
    };
}

// The data, pattern and density options (info, patterns, densities, embed, bench).
std::vector<OptionDoc> dataOptions() {
    return {
        {"--data", "PATH|builtin:NAME", "the data set: a folder of graph files, a file, or a generated one "
         "(builtin:NAME; pxrun info builtin:NAME describes it); replaces the spec's data set", "", {}, "data"},
        {"--labels", "SPEC", "(info, densities, embed, sweep) where a folder of graph files takes its class labels: auto "
         "(labels.csv, else a graph key label/class/y/target), none, csv[:COLUMN] of labels.csv, "
         "graphml[:KEY] a graph-level GraphML key or GML graph attribute (default auto)", "", {"auto", "none", "csv:", "graphml:"}, ""},
        {"--class", "C", "the pattern class: trees, fan-cactus:R, subgraph:K, treewidth:K, or all-trees:M (every "
         "tree on 2..M vertices, M <= 10) (default trees)", "", patternClassPrefixes(), ""},
        {"--d", "N", "how many patterns to sample (default 50); bench depth: the embedding's width (default 2048)",
         "", {}, ""},
        {"--seed", "N", "the pattern sampler's seed (default 1)", "", {}, ""},
        {"--mean", "M", "the mean pattern size in vertices (default 5)", "", {}, ""},
        {"--max-size", "N", "the largest pattern in vertices (default 0: no limit; bench densities: 16)", "", {}, ""},
        {"--q", "Q", "the sampler's edge retention, from 0 to 1 (default 0.9)", "", {}, ""},
        {"--duplicates", "resample|keep", "whether a pattern sampled twice is drawn again (default resample)", "",
         {"resample", "keep"}, ""},
        {"--connected", "yes|no", "whether patterns must be connected (default yes)", "", {"yes", "no"}, ""},
        {"--patterns", "FILE.json", "a pattern set written by pxrun patterns or the app, instead of sampling one", "",
         {}, "files:*.json"},
        {"--out", "FILE|PREFIX", "where the results go: a file, or the prefix of the files a command writes", "", {},
         "files"},
        {"--threads", "N", "how many threads compute (default: every hardware thread; bench gin: 1)", "", {}, ""},
        {"--path", "auto|sparse|scatter|gemm", "how densities are counted: sparse dynamic programming, matrix "
         "scatter or matrix products (GEMM), or chosen per pattern by the cost model (default auto)", "",
         densityPathNames(), ""},
        {"--explain", "", "print which path (sparse DP or matrix products) each pattern took and why", "", {}, ""},
        {"--max-minutes", "M", "refuse a density computation whose estimated dynamic-programming work exceeds M "
         "minutes (default 60)", "", {}, ""},
        {"--rep", "R", "which repetition of the noise to release (default 0)", "", {}, ""},
    };
}

// The sweep, figure and depth lab options.
std::vector<OptionDoc> sweepOptions() {
    return {
        {"--shard", "i/N", "run only the i-th of N parts of the sweep's runs (join them with pxrun merge)", "", {}, ""},
        {"--resume", "", "continue a sweep that was stopped, from PREFIX.runs.partial and the GIN checkpoints (the "
         "same tables as an unstopped run)", "", {}, ""},
        {"--set", "key=JSON", "change a field of the spec file, e.g. learner.kind=svm or feature_map=count; a dotted "
         "key reaches into nested objects; may be repeated", "", learnerSettings(), ""},
        {"--checkpoint-every", "MINUTES", "how often a GIN training keeps a checkpoint "
         "(PREFIX.runs.partial.rR.pP.ckpt) for --resume (default 5)", "", {}, ""},
        {"--preset", "one-column|two-column|slide", "a paper or slide figure size, font and title", "",
         figurePresetNames(), ""},
        {"--width", "N", "figure: the width in pixels at 96 per inch (default 800); bench nag: the hidden width "
         "(default 64)", "", {}, ""},
        {"--height", "N", "the figure's height in pixels at 96 per inch (default 500)", "", {}, ""},
        {"--dpi", "N", "the resolution of a PNG figure (default 300)", "", {}, ""},
        {"--presentation", "", "type 1.6 times as large, for slides", "", {}, ""},
        {"--no-title", "", "no title on the figure (the default on the paper presets)", "", {}, ""},
        {"--with-title", "", "a title on the figure (the default but on the paper presets)", "", {}, ""},
        {"--title", "TEXT", "the figure's title instead of the one made from the spec (shown on the paper presets too)", "", {}, ""},
        {"--no-fit", "", "figure: leave out the erf fit", "", {}, ""},
        {"--no-attack", "", "figure: leave out the attack's success", "", {}, ""},
        {"--view", "tradeoff|gin-curve", "what the figure shows: utility against privacy, or a GIN sweep's metric "
         "against the training epoch (default tradeoff)", "", figureViewNames(), ""},
        {"--list", "", "the depth lab's experiments", "", {}, ""},
        {"--defaults", "EXPERIMENT", "the spec an experiment of the depth lab runs by default", "",
         px::depthlab::depthExperiments(), ""},
    };
}

// The mechanism options (embed, audit) and the audit's own.
std::vector<OptionDoc> mechanismOptions() {
    namespace pv = px::privacy;
    std::vector<std::string> mechanisms, allocations;
    for (pv::MechanismKind k : {pv::MechanismKind::Gaussian, pv::MechanismKind::SmoothGaussian, pv::MechanismKind::Laplace,
                                pv::MechanismKind::RandomizedResponse, pv::MechanismKind::DegreePreservingRR})
        mechanisms.push_back(pv::key(k));
    for (pv::Allocation a : {pv::Allocation::Isotropic, pv::Allocation::EqualSnr}) allocations.push_back(pv::key(a));
    const std::string m = "mechanism";
    return {
        {"--mechanism", "gaussian|smooth|laplace|rr|dprr", "the mechanism that releases the densities (rr, dprr: "
         "randomized response on the edges, then the densities of the noisy graph) (default gaussian)", m, mechanisms, ""},
        {"--epsilon", "E", "the privacy budget epsilon (default 1); figure --view gin-curve: the budget drawn in bold",
         m, {}, ""},
        {"--rho", "R", "a zero-concentrated DP budget rho instead of epsilon", m, {}, ""},
        {"--delta", "D", "the delta of (epsilon, delta)-DP (default 1e-6)", m, {}, ""},
        {"--D", "N", "the public bound on the degree: the mechanisms' sensitivity (default 6); info: counts the "
         "graphs it would refuse", m, {}, ""},
        {"--sensitivity", "degree-bound|counting-lemma", "where the sensitivity comes from (default degree-bound)", m,
         sensitivityNames(), ""},
        {"--allocation", "isotropic|equal-snr", "how the noise is shared among the patterns (default isotropic)", m,
         allocations, ""},
        {"--beta", "B", "the smooth-sensitivity parameter beta (default 0: chosen from epsilon and delta)", m, {}, ""},
        {"--noise-seed", "S", "the noise's seed (default 1)", m, {}, ""},
        {"--reference", "", "the published code's quantities, with NO privacy guarantee (for comparison only)", m, {},
         ""},
        {"--secure", "", "exact discrete noise on a grid from the operating system's randomness: the discrete "
         "Gaussian for gaussian, the discrete Laplace for laplace, exact flips for rr", m, {}, ""},
        {"--dprr-split", "project|published", "dprr: epsilon/2 per vertex (project), or the published baseline's "
         "whole epsilon per vertex with epsilon1 = max(0.1, sqrt(8/(n_max-1))), a 2 epsilon edge-DP graph "
         "(default project)", m, dprrSplitNames(), ""},
        {"--g0", "FILE", "audit: the first of two neighbouring graphs (an edge list)", "", {}, "files"},
        {"--g1", "FILE", "audit: the second of two neighbouring graphs (an edge list)", "", {}, "files"},
        {"--samples", "N", "audit: how many releases are drawn (default 200000)", "", {}, ""},
        {"--confidence", "C", "audit: the confidence of the lower bound on epsilon (default 0.95)", "", {}, ""},
        {"--raw-floating-point", "", "audit: test raw floating-point statistics instead of rounding them to 2^-30, "
         "which can exploit the low-order-bit leak of floating-point noise (Mironov 2012)", "", {}, ""},
        {"--all", "", "audit: a fixed set of mechanisms, allocations and reference modes instead of the one given", "",
         {}, ""},
    };
}

// The benchmarks' options.
std::vector<OptionDoc> benchOptions() {
    namespace nn = px::neural;
    namespace dl = px::depthlab;
    return {
        {"--reps", "N", "how many repetitions a benchmark times (the median is reported)", "", {}, ""},
        {"--max-n", "N", "bench scaling: the largest graph (default 100000 vertices)", "", {}, ""},
        {"--density", "dense|sparse", "bench scaling: dense (Erdos-Renyi with edge probability --p) or sparse graphs "
         "(default sparse)", "", {"dense", "sparse"}, ""},
        {"--p", "P", "bench scaling: the edge probability of dense graphs (default 0.5)", "", {}, ""},
        {"--every", "K", "bench paths: time every K-th graph (default: a hundredth of them)", "", {}, ""},
        {"--dp-limit", "S", "bench paths: time the sparse dynamic programming only where the model estimates it "
         "below S seconds (default 0.05)", "", {}, ""},
        {"--degree", "A", "bench scaling: the average degree of sparse graphs (default 3)", "", {}, ""},
        {"--learner", "KEY", "bench evaluate: the learner (default knn; pxrun learners lists them)", "",
         learnerKeys(), ""},
        {"--k", "N", "bench evaluate: the neighbours of the kNN learner (default 120)", "", {}, ""},
        {"--hops", "N", "bench depth: the propagation steps timed on Cora (default 20)", "", {}, ""},
        {"--attack-n", "N", "bench depth: the vertices of the pair attack's graph (default 2708, Cora's)", "", {}, ""},
        {"--attack-d", "N", "bench depth: the embedding width of the pair attack (default 64)", "", {}, ""},
        {"--epochs", "N", "how many epochs a network trains (bench gin: 5; bench nag: 50)", "", {}, ""},
        {"--layers", "N", "bench gin: the GIN's layers (default 5)", "", {}, ""},
        {"--hidden", "N", "bench gin: the GIN's hidden width (default 300)", "", {}, ""},
        {"--batch", "N", "bench gin: graphs per batch (default 64)", "", {}, ""},
        {"--features", "ones|degree|labels", "bench gin: the node features (default ones)", "",
         {nn::key(nn::NodeFeatures::Ones), nn::key(nn::NodeFeatures::DegreeOneHot), nn::key(nn::NodeFeatures::Labels)}, ""},
        {"--scheme", "unconstrained|constrained", "bench nag: the training scheme (default unconstrained)", "",
         {nn::key(nn::NagScheme::Unconstrained), nn::key(nn::NagScheme::Constrained)}, ""},
        {"--n", "N", "bench depth: vertices (default 1000)", "", {}, ""},
        {"--depth", "N", "bench depth: the encoder's depth (default 10)", "", {}, ""},
        {"--weights", "identity|gaussian", "bench depth: the encoder's weights (default identity)", "",
         {dl::toString(dl::WeightKind::Identity), dl::toString(dl::WeightKind::Gaussian)}, ""},
        {"--cora", "PATH", "bench depth: the Cora data set (a LINQS folder) to time as well", "", {}, "dirs"},
        {"--grid", "", "bench depth: time the whole grid of depths and widths", "", {}, ""},
    };
}

// The options of every command, and those that answer at once.
std::vector<OptionDoc> generalOptions() {
    return {
        {"--max-memory", "GiB", "the memory limit of every input and computation (default: half the machine's)",
         "every", {}, ""},
        {"--max-input-size", "GiB", "how large an input may be once decompressed (default: a .gz may expand to "
         "max(64 MiB, 100 x its size on disk) and at most 8 GiB; a plain file is read whole)", "every", {}, ""},
        {"--no-cache", "", "neither read nor keep densities on disk (as PX_DENSITY_CACHE=off)", "every", {}, ""},
        {"--help", "", "this text", "every", {}, ""},
        {"--help-json", "", "this text as JSON (the manual page and the bash completion are generated from it)",
         "top", {}, ""},
        {"--version", "", "the version; with --kernels also the GIN's kernel path (which loads the neural layer)",
         "top", {}, ""},
        {"--kernels", "", "with --version: the GIN's kernel path too", "top", {}, ""},
    };
}
}  // namespace

const UsageDoc& usageDoc() {
    static const UsageDoc doc = [] {
        UsageDoc d;
        d.commands = commands();
        d.builtinData = px::gen::builtinNames();
        d.builtinNodeData = px::depthlab::builtinNodeDatasets();
        for (auto group : {dataOptions, sweepOptions, mechanismOptions, benchOptions, generalOptions})
            for (OptionDoc& o : group()) d.options.push_back(std::move(o));
        // One budget, one size, one title choice: the later option would otherwise silently win.
        d.exclusive = {{"--epsilon", "--rho"}, {"--preset", "--width"}, {"--preset", "--height"}, {"--no-title", "--with-title"}, {"--no-title", "--title"}};
        d.environment = {
            {"PX_DENSITY_CACHE=FOLDER|off", "where densities are kept between runs (default "
             "$XDG_CACHE_HOME/pxstudio/densities, else ~/.cache/pxstudio/densities); off: nowhere"},
            {"PX_DENSITY_CACHE_MB=1024", "the cache's size limit in MiB; the least recently used densities go first"},
            {"PX_KERNELS=auto|portable|native", "the GIN's kernel path: one per class of CPU (auto), the AVX2 path on "
             "every CPU (portable), or what the libraries choose (native)"},
        };
        d.files = {
            {"/usr/share/pxstudio/specs/*.json", "example sweep specs (pxrun sweep SPEC.json)"},
            {"/usr/share/pxstudio/examples", "example pattern files"},
            {"PREFIX.runs.partial", "the completed runs of a sweep that has not finished, for --resume"},
        };
        d.examples = {
            {"pxrun info builtin:sbm-cycles", "describe a generated data set"},
            {"pxrun densities builtin:csl --class trees --d 20 --out csl.csv", "the densities of 20 random trees"},
            {"pxrun sweep /usr/share/pxstudio/specs/builtin-sbm-quick.json --out quick", "a small sweep"},
            {"pxrun sweep spec.json --out run --set learner.kind=svm", "the same sweep with another learner"},
            {"pxrun figure quick --out quick.png --preset one-column", "its trade-off figure for a paper"},
        };
        return d;
    }();
    return doc;
}

}  // namespace pxrun::usage
