#pragma once
// Settings of a trained noisy-aggregation (NAG) network [Wu et al. 2024, §6, appendix C.2.1]. Every
// message-passing layer row-normalises its input, aggregates over the closed neighbourhood N(v) ∪ {v},
// applies W_l and adds N(0, σ² I):
//     h_v^(l) = W_l · AGG({ h_u^(l−1) / ‖h_u^(l−1)‖ : u ∈ N(v) ∪ {v} }) + σ·ξ_v^(l),
// with ReLU between layers and a linear decoder on the last layer (the node representation the COSERA
// attacker sees). Noise is drawn in training and again, fresh, at inference.
// Training schemes [Wu et al. 2024, §6, §7.2]:
//   unconstrained  W_l free: the operator norms are whatever training makes them (the bound of Theorem
//                  6.1 may become vacuous);
//   constrained    spectral normalisation (Miyato et al. 2018): W_l = V_l / σ_max(V_l), estimated by one
//                  power iteration per training step and computed exactly (SVD) for inference, so the
//                  released representation is made with ‖W_l‖_op = 1.
// Plain struct, no LibTorch: the depth lab and the app include it.
#include <cstdint>
#include <string>

namespace px::neural {

enum class NagAggregator {
    Sum,        // Σ_{u ∈ N[v]} x_u                                 (GIN's; C = 1 in Theorem 6.1)
    Mean,       // Σ_{u ∈ N[v]} x_u / (deg v + 1)                   (GraphSAGE mean; C = 1)
    Gcn,        // Σ_{u ∈ N[v]} x_u / √((deg v + 1)(deg u + 1))     (Kipf & Welling; C = 1)
    Max,        // max_{u ∈ N[v]} x_u per channel                   (GraphSAGE max; C = 4)
    Attention,  // Σ_{u ∈ N[v]} α_vu x_u, GAT's one-head attention   (Veličković et al.; C = 4)
    None,       // x_v alone: no edge is used (the features-alone control)
};

enum class NagScheme { Unconstrained, Constrained };

struct NagTrainParams {
    NagAggregator aggregator = NagAggregator::Mean;
    NagScheme scheme = NagScheme::Unconstrained;
    int depth = 2;                  // message-passing layers ([Wu et al. 2024]: 2)
    int width = 64;                 // d: width of every layer, so the representation is n × d
    double sigma = 0;               // noise standard deviation per coordinate and layer
    int epochs = 1000;              // full-batch Adam steps ([Wu et al. 2024]: 1000)
    double lr = 1e-3;               // Adam learning rate ([Wu et al. 2024]: 1e-3)
    bool trainEncoder = true;       // false: the message-passing weights stay at their random initialisation
                                    // and only the decoder is trained (the untrained stand-in)
    std::uint64_t seed = 0;         // weights, training noise
    std::uint64_t inferenceSeed = 0;  // the noise of the released representation (drawn afresh)
    int threads = 1;                // intra-op threads (1: bit-for-bit reproducible)
};

const char* key(NagAggregator a);   // "sum", "mean", "gcn", "max", "attention", "none"
const char* key(NagScheme s);       // "unconstrained", "constrained"
// Inverses; throw std::invalid_argument naming the accepted values.
NagAggregator nagAggregatorFromString(const std::string& s);
NagScheme nagSchemeFromString(const std::string& s);
// C of Theorem 6.1: 1 for SUM, MEAN, GCN (and None), 4 for MAX and ATTENTION.
double nagBoundConstant(NagAggregator a);

}  // namespace px::neural
