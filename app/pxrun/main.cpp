// pxrun: the PXStudio engine from the command line (batch runs, benchmarks, cluster jobs).
#include "Commands.h"
#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "io/InflationLimit.h"
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <stdexcept>

namespace {
const char* kUsage =
    "usage: pxrun <command> [options]\n"
    "\n"
    "commands:\n"
    "  info PATH|builtin:NAME [--D N] [--labels auto|none|csv:COLUMN|graphml:KEY]\n"
    "                                summary of a data set (format, graphs, sizes, label sources found and\n"
    "                                the classes of the one used, split, folds, degree distribution and\n"
    "                                graphs a public bound D would refuse, warnings)\n"
    "  --labels SPEC                 (info, densities, embed) where a folder of graph files takes its class\n"
    "                                labels: auto (labels.csv, else a graph key label/class/y/target),\n"
    "                                none, csv[:COLUMN] of labels.csv, graphml[:KEY] a graph-level GraphML key\n"
    "                                or GML graph attribute\n"
    "  patterns --class C [--d 50] [--seed 1] [--mean 5] [--max-size 0] [--out FILE.json]\n"
    "                                sample a pattern set (C: trees, fan-cactus:R, subgraph:K, treewidth:K,\n"
    "                                all-trees:M = every tree on 2..M vertices, M <= 10)\n"
    "  densities DATA --patterns FILE.json|--class C ... [--out FILE.csv] [--threads N]\n"
    "            [--path auto|sparse|scatter|gemm] [--explain] [--max-memory GiB] [--max-minutes 60]\n"
    "                                homomorphism density matrix (N x d, plus n) as CSV; --explain prints\n"
    "                                which path (sparse DP or matrix products) each pattern took and why\n"
    "  sweep SPEC.json --out PREFIX [--shard i/N] [--data PATH] [--resume] [--set key=JSON ...]\n"
    "        [--checkpoint-every MINUTES]\n"
    "                                run a sweep: PREFIX.csv (one row per run), PREFIX-summary.csv, PREFIX.json;\n"
    "                                --set changes a field of the spec file (learner.kind=svm, feature_map=count)\n"
    "                                completed runs are kept in PREFIX.runs.partial until the end, and\n"
    "                                --resume continues a sweep that was stopped (same tables as unstopped);\n"
    "                                a GIN training keeps a checkpoint every 5 min (PREFIX.runs.partial.rR.pP.ckpt;\n"
    "                                --checkpoint-every sets the minutes) and --resume goes on from it\n"
    "                                (learner \"gin\": a GIN trained on the clean or rr/dprr graphs, docs/trained-networks.md)\n"
    "  learners                      the learners a sweep can run (learner.kind), their parameters, ranges and defaults\n"
    "  merge SHARD.csv... --out PREFIX\n"
    "                                join the shards of a sweep and refit\n"
    "  figure PREFIX --out FIG.png|.pdf|.svg[,...] [--preset one-column|two-column|slide | --width 800 --height 500]\n"
    "         [--dpi 300] [--presentation] [--view tradeoff|gin-curve [--epsilon E]]\n"
    "         (also FIG.csv: plotted points with error bars, FIG.json: parameters)\n"
    "                                render a sweep result with the desktop app's figure code\n"
    "  embed DATA --out PREFIX [--patterns FILE | --class C ...] [mechanism options] [--rep R]\n"
    "                                private embeddings: PREFIX.csv, PREFIX.npy and PREFIX.json (privacy report)\n"
    "  audit [--g0 FILE --g1 FILE] [--patterns FILE] [--samples 200000] [--all] [mechanism options]\n"
    "                                empirical privacy audit: certified lower bound on epsilon vs the claim\n"
    "      mechanism options: --mechanism gaussian|smooth|laplace|rr|dprr --epsilon E | --rho R --delta 1e-6\n"
    "                         --D 6 --sensitivity degree-bound|counting-lemma --allocation isotropic|equal-snr\n"
    "                         --beta B --noise-seed S --reference (published code's quantities, NO guarantee)\n"
    "                         --secure (exact discrete noise on a grid, OS randomness: discrete Gaussian for\n"
    "                                   gaussian, discrete Laplace for laplace, exact flips for rr)\n"
    "                         --dprr-split project|published (dprr: ε/2 per vertex, or the published baseline's\n"
    "                                   whole ε per vertex with ε₁ = max(0.1, √(8/(n_max−1))): a 2ε-edge-DP graph)\n"
    "  depth SPEC.json|EXPERIMENT --out PREFIX [--data PATH|builtin:NAME] [--set key=JSON ...]\n"
    "                                depth lab (cosera-grid, sbm-sweep, nag, nag-trained, propagation, ...):\n"
    "                                PREFIX.csv and PREFIX.json; --list, --defaults EXPERIMENT\n"
    "  bench depth [--n 1000 --d 2048 --depth 10 --weights identity|gaussian] [--cora PATH] [--grid]\n"
    "  bench noise [--data PATH] [--mechanism M] [--allocation A]\n"
    "  bench gin [--data PATH] [--epochs 5] [--layers 5] [--hidden 300] [--batch 64] [--threads 1] [--features ones|degree|labels]\n"
    "  bench nag [--data PATH|builtin:NAME] [--width 64] [--epochs 50] [--reps 3] [--scheme unconstrained|constrained]\n"
    "  cache info|clear              the densities kept on disk between runs (shared by the app, pxrun and Python;\n"
    "                                $XDG_CACHE_HOME/pxstudio/densities, PX_DENSITY_CACHE=FOLDER|off,\n"
    "                                PX_DENSITY_CACHE_MB=1024 caps its size; least recently used go first)\n"
    "  bench densities [--data PATH] [--class C] [--d 50] [--max-size 16] [--reps 5] [--threads N] [--path P]\n"
    "  bench scaling [--class C] [--d 10] [--max-n 100000] [--density dense [--p 0.5]] [--path P]\n"
    "  bench paths [--data PATH] [--class C] [--d 10] [--every K]   cost model: measured / estimated per path\n"
    "                                benchmarks (median wall time, per-pair time, peak memory)\n"
    "\n"
    "  every command: --max-memory GiB (memory limit; default: half the machine's)\n"
    "                 --max-input-size GiB (how large an input may be once decompressed; default: a .gz may\n"
    "                 expand to max(64 MiB, 100 x its size on disk) and at most 8 GiB, a plain file is read\n"
    "                 whole)\n"
    "                 --no-cache (neither read nor keep densities on disk; as PX_DENSITY_CACHE=off)\n"
    "  --help, --version [--kernels] (--kernels: also the GIN's kernel path, which loads the neural layer)\n";
}

int main(int argc, char** argv) {
#ifdef PX_HAVE_NEURAL
    // One kernel path per class of CPU: a seed gives one table (KernelPath.h). Pinning may restart the program once;
    // the version and the usage need no kernels and answer without it.
    const bool answersAtOnce = argc == 2 && (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"));
    if (!answersAtOnce) px::neural::pinKernels(argv);
#endif
    if (argc < 2) { std::fputs(kUsage, stderr); return 2; }
    std::string cmd = argv[1];
    std::vector<std::string> rest;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "--no-cache") setenv("PX_DENSITY_CACHE", "off", 1);  // read by DiskDensityStore
        else rest.emplace_back(argv[i]);
    }
    try {
        if (cmd == "--help" || cmd == "-h" || cmd == "help") { std::fputs(kUsage, stdout); return 0; }
        if (cmd == "--version") {  // milliseconds: the kernel path, which needs LibTorch, only when asked
            std::printf("pxrun %s\n", PX_VERSION);
#ifdef PX_HAVE_NEURAL
            if (std::find(rest.begin(), rest.end(), "--kernels") != rest.end())
                std::printf("GIN kernels: %s\n", px::neural::kernelPathInUse().c_str());
#endif
            return 0;
        }
        for (const std::string& r : rest)  // `pxrun figure --help`: the usage, not "option --help needs a value"
            if (r == "--help" || r == "-h") { std::fputs(kUsage, stdout); return 0; }
        // The memory limit of every input and computation, and how far an input may expand (io/InflationLimit.h).
        for (std::size_t i = 0; i + 1 < rest.size(); ++i)
            if (rest[i] == "--max-memory" || rest[i] == "--max-input-size") {
                char* end = nullptr;
                const double gib = std::strtod(rest[i + 1].c_str(), &end);
                if (end == rest[i + 1].c_str() || *end || !(gib > 0) || gib > 1e6)
                    throw std::invalid_argument("option " + rest[i] + " expects a positive number of GiB, found '" + rest[i + 1] + "'");
                if (rest[i] == "--max-memory") px::setMemoryLimitBytes(gib * double(1 << 30));
                else px::io::setMaxInputBytes(gib * double(1 << 30));
            }
        if (cmd == "info") return pxrun::infoCommand(rest);
        if (cmd == "patterns") return pxrun::patternsCommand(rest);
        if (cmd == "densities") return pxrun::densitiesCommand(rest);
        if (cmd == "bench") return pxrun::benchCommand(rest);
        if (cmd == "embed") return pxrun::embedCommand(rest);
        if (cmd == "audit") return pxrun::auditCommand(rest);
        if (cmd == "sweep") return pxrun::sweepCommand(rest);
        if (cmd == "merge") return pxrun::mergeCommand(rest);
        if (cmd == "figure") return pxrun::figureCommand(rest);
        if (cmd == "depth") return pxrun::depthCommand(rest);
        if (cmd == "learners") return pxrun::learnersCommand(rest);
        if (cmd == "cache") return pxrun::cacheCommand(rest);
        std::fprintf(stderr, "pxrun: unknown command '%s'\n\n%s", cmd.c_str(), kUsage);
        return 2;
    } catch (const px::Cancelled&) {
        std::fprintf(stderr, "\npxrun: cancelled\n");
        return 130;
    } catch (const px::InputError& e) {
        std::fprintf(stderr, "pxrun: error: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pxrun: error: %s\n", e.what());
        return 1;
    }
}
