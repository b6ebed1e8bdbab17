#pragma once
// Settings of the GIN learner: the graph isomorphism network of Xu, Hu, Leskovec & Jegelka (ICLR 2019),
// "How powerful are graph neural networks?". One layer maps node states h to
//     h' = ReLU(BN(MLP((1 + ε)·h_v + Σ_{u ∈ N(v)} h_u)))     with ε = 0 (GIN-0), MLP = Linear–ReLU–Linear,
// the graph's vector is the mean (or sum) of its last layer's node states, and a head Linear–ReLU–Linear
// maps it to one output per class (one for binary tasks and regression). The defaults are those of the
// reference baseline of [Trade-off 2026] (its code private-homcounts, gin_baseline_ogbg.py): 5 layers of width 300,
// mean pooling, all-ones node features, Adam with learning rate 1e-3, batches of 64 graphs, 100 epochs,
// the test score taken at the epoch with the best validation metric.
// The settings of Xu et al.'s own code (github.com/weihua916/powerful-gnns) are available as options: the
// graph score summed over linear predictions of every layer's pooled states, the input included
// (readout every_layer, with dropout on each), batch norm inside the MLP (mlp_norm), the learning rate
// halved every 50 epochs, epochs of 50 random batches, and the epoch chosen on the test curve averaged
// over the folds (selection test_curve: the published protocol, optimistic, labelled as such in results).
// Plain struct, no LibTorch: px_core and the app include it.
#include <cstdint>
#include <string>

namespace px::neural {

enum class NodeFeatures {
    Ones,          // every node the same single feature 1 (the reference baseline; the GIN paper for REDDIT)
    DegreeOneHot,  // one-hot of the node's degree, degrees ≥ maxDegreeFeature in the last column (GIN paper, social sets)
    Labels,        // one-hot of the data set's node labels (GIN paper, bioinformatics sets)
};
enum class Pooling { Mean, Sum };
enum class Readout {
    LastLayer,     // head Linear–ReLU–Linear on the pooled last layer (the reference baseline of [Trade-off 2026])
    EveryLayer,    // Σ over the input and every layer of Linear(pool(h^l)), dropout on each term (Xu et al.)
};
enum class EpochSelection {
    Validation,    // the epoch with the best validation metric (validation graphs held out of training)
    TestCurve,     // all epochs' test scores kept; the sweep takes the epoch whose test accuracy averaged over
                   // the folds is best (Xu et al.'s protocol; optimistic, so results are labelled)
};
enum class RegressionLoss { L1, Mse };

struct GinParams {
    int layers = 5;                  // message-passing layers
    int hidden = 300;                // width of every layer and of the head
    int epochs = 100;                // passes over the training graphs
    double lr = 1e-3;                // Adam learning rate
    int batch = 64;                  // graphs per mini-batch
    double dropout = 0.0;            // dropout on the pooled vector before the head (0: none, as the reference)
    Pooling pooling = Pooling::Mean;
    NodeFeatures features = NodeFeatures::Ones;
    int maxDegreeFeature = 64;       // DegreeOneHot: columns 0 … this value
    int patience = 0;                // stop after this many epochs without a better validation metric (0: all epochs)
    RegressionLoss regressionLoss = RegressionLoss::L1;  // the reference trains regression with L1, reports RMSE
    Readout readout = Readout::LastLayer;
    bool mlpNorm = false;            // batch norm between the two linear maps of each layer's MLP (Xu et al.)
    int lrDecayEvery = 0;            // multiply the learning rate by lrDecay every this many epochs (0: constant)
    double lrDecay = 0.5;
    int iterationsPerEpoch = 0;      // 0: an epoch is one pass in shuffled batches; k: k batches, each a fresh
                                     // random sample of `batch` training graphs (Xu et al.: 50)
    EpochSelection selection = EpochSelection::Validation;
    std::uint64_t seed = 0;          // weights, batch order, dropout
    int threads = 1;                 // intra-op threads (1: bit-for-bit reproducible)
    int parallelTrainings = 1;       // a sweep's trainings (folds, shuffled controls) run this many at once, each
                                     // on `threads` threads; the results are those of running them one by one
};

const char* key(NodeFeatures f);     // "ones", "degree", "labels"
const char* key(Pooling p);          // "mean", "sum"
const char* key(RegressionLoss l);   // "l1", "mse"
const char* key(Readout r);          // "last_layer", "every_layer"
const char* key(EpochSelection e);   // "validation", "test_curve"
// Inverses; throw std::invalid_argument naming the accepted values.
NodeFeatures nodeFeaturesFromString(const std::string& s);
Pooling poolingFromString(const std::string& s);
RegressionLoss regressionLossFromString(const std::string& s);
Readout readoutFromString(const std::string& s);
EpochSelection epochSelectionFromString(const std::string& s);
// "layers=5,hidden=300,epochs=100,lr=0.001,batch=64,pooling=mean,features=ones,…" for run tables.
std::string describe(const GinParams& p);

}  // namespace px::neural
