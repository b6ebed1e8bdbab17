#pragma once
// Settings of the GIN learner: the graph isomorphism network of Xu, Hu, Leskovec & Jegelka (ICLR 2019),
// "How powerful are graph neural networks?". One layer maps node states h to
//     h' = ReLU(BN(MLP((1 + ε)·h_v + Σ_{u ∈ N(v)} h_u)))     with ε = 0 (GIN-0), MLP = Linear–ReLU–Linear,
// the graph's vector is the mean (or sum) of its last layer's node states, and a head Linear–ReLU–Linear
// maps it to one output per class (one for binary tasks and regression). The defaults are those of the
// seed paper's reference baseline (private-homcounts, gin_baseline_ogbg.py): 5 layers of width 300,
// mean pooling, all-ones node features, Adam with learning rate 1e-3, batches of 64 graphs, 100 epochs,
// the test score taken at the epoch with the best validation metric.
// Plain struct, no LibTorch: px_core and the app include it.
#include <cstdint>
#include <string>

namespace px::neural {

enum class NodeFeatures {
    Ones,          // every node the same single feature 1 (the reference baseline; the GIN paper for REDDIT)
    DegreeOneHot,  // one-hot of the node's degree, degrees ≥ maxDegreeFeature in the last column (GIN paper, social sets)
};
enum class Pooling { Mean, Sum };
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
    std::uint64_t seed = 0;          // weights, batch order, dropout
    int threads = 1;                 // intra-op threads (1: bit-for-bit reproducible)
};

const char* key(NodeFeatures f);     // "ones", "degree"
const char* key(Pooling p);          // "mean", "sum"
const char* key(RegressionLoss l);   // "l1", "mse"
// Inverses; throw std::invalid_argument naming the accepted values.
NodeFeatures nodeFeaturesFromString(const std::string& s);
Pooling poolingFromString(const std::string& s);
RegressionLoss regressionLossFromString(const std::string& s);
// "layers=5,hidden=300,epochs=100,lr=0.001,batch=64,pooling=mean,features=ones,…" for run tables.
std::string describe(const GinParams& p);

}  // namespace px::neural
