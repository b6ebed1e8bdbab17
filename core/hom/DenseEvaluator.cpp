#include "hom/DenseEvaluator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace px::hom {

namespace {

// Seconds per elementary operation of each kernel on this project's machine (2-core AVX-512 VM),
// measured with `pxrun bench paths`; only their ratios matter for the choice.
constexpr double kDpMap = 3e-9;     // one partial map enumerated by the sparse DP (an upper bound: pruning is not modelled)
constexpr double kGather = 1.0e-9;  // one CSR entry read in a vector message (gather or scatter)
constexpr double kAxpy = 0.12e-9;   // one multiply-add of a row axpy (sparse × dense)
constexpr double kGemm = 0.035e-9;  // one multiply-add of a dense n × n × n product
constexpr double kEntry = 0.4e-9;   // one entry of an n × n Hadamard product, copy or scaling
constexpr double kWedge = 1.5e-9;   // one wedge of an edge-weighted × edge-weighted product
constexpr double kBag = 0.3e-6;     // fixed cost of one bag on a matrix path (dispatch, small allocations)
constexpr double kPattern = 1.0e-6; // fixed cost of one pattern on a matrix path (set-up, cache look-ups)

// H(x_v, x_w) between the summed-out vertex and one separator vertex.
struct Factor {
    enum Kind { Ones, Edges, Dense } kind = Ones;
    std::vector<double> w;  // Edges: weight of each CSR entry (empty: all ones)
    DenseMatrix d;          // Dense
    double weight(std::size_t k) const { return w.empty() ? 1.0 : w[k]; }
};

class Evaluator {
public:
    Evaluator(const DensePlan& plan, const Graph& g, DenseWorkspace& ws, bool gemm)
        : plan_(plan), ws_(ws), gemm_(gemm), n_(g.numVertices()), off_(g.offsets().data()), adj_(g.adjacency().data()) {}

    double run(const std::vector<int>* keyIds) {
        const int m = plan_.m;
        if (int(ws_.local.size()) < m) ws_.local.resize(m);
        ws_.at.assign(m, nullptr);
        const double invN = 1.0 / n_;
        double result = 1.0;
        for (int i = 0; i < m; ++i) {
            const DenseBag& b = plan_.bags[i];
            Message* out = &ws_.local[i];
            if (keyIds) {
                const long key = long((*keyIds)[i]) * 2 + (gemm_ ? 1 : 0);
                const auto hit = ws_.cache.find(key);
                if (hit != ws_.cache.end()) {
                    ws_.at[i] = &hit->second;
                    if (b.parent == -1) result *= hit->second.scalar;
                    continue;
                }
                const std::size_t bytes = sizeof(double) * (b.sepSize == 2 ? std::size_t(n_) * n_ : b.sepSize == 1 ? std::size_t(n_) : 1);
                if (ws_.cachedBytes + bytes <= ws_.cacheBudget) {
                    out = &ws_.cache[key];
                    ws_.cachedBytes += bytes;
                }
            }
            Eigen::VectorXd& g = ws_.scratch;
            g.setOnes(n_);
            for (int c : b.onV) g.array() *= vec(c).array();
            if (b.sepSize == 0) {
                out->scalar = g.sum() * invN;
            } else if (b.sepSize == 1) {
                Factor h = factor(b, 0);
                transposeTimes(h, g, out->vec);
                for (int c : b.onW[0]) out->vec.array() *= vec(c).array();
                out->vec *= invN;
            } else {
                Factor h0 = factor(b, 0);
                if (b.symmetric && h0.kind == Factor::Dense) {
                    symmetricProduct(h0.d, g, out->mat);
                } else {
                    Factor h1 = factor(b, 1);
                    matrixMessage(h0, g, h1, out->mat);
                }
                for (int c : b.onS) out->mat.array() *= mat(c).array();
                for (int c : b.onW[0]) out->mat.array().colwise() *= vec(c).array();
                for (int c : b.onW[1]) out->mat.array().rowwise() *= vec(c).array().transpose();
                out->mat *= invN;
            }
            ws_.at[i] = out;
            if (b.parent == -1) result *= out->scalar;
        }
        return result;
    }

private:
    std::size_t nnz() const { return std::size_t(off_[n_]); }
    const Eigen::VectorXd& vec(int bag) const { return ws_.at[bag]->vec; }
    const DenseMatrix& mat(int bag) const { return ws_.at[bag]->mat; }

    // out = Hᵀ diag(g) H, symmetric: one triangle by GEMM (about 0.6 of the full product's time), then mirrored.
    void symmetricProduct(const DenseMatrix& h, const Eigen::VectorXd& g, DenseMatrix& out) const {
        const DenseMatrix scaled = g.asDiagonal() * h;
        out.setZero(n_, n_);
        out.triangularView<Eigen::Lower>() += h.transpose() * scaled;
        for (int y = 0; y < n_; ++y)
            for (int z = y + 1; z < n_; ++z) out(y, z) = out(z, y);
    }

    Factor factor(const DenseBag& b, int side) {
        Factor f;
        if (b.edge[side]) f.kind = Factor::Edges;
        for (std::size_t k = 0; k < b.onVW[side].size(); ++k) {
            const DenseMatrix& msg = mat(b.onVW[side][k]);
            const bool flip = b.flipVW[side][k];  // msg is (x_w, x_v): use its transpose
            if (f.kind == Factor::Ones) {
                if (flip) f.d = msg.transpose();
                else f.d = msg;
                f.kind = Factor::Dense;
            } else if (f.kind == Factor::Dense) {
                if (flip) f.d.array() *= msg.transpose().array();
                else f.d.array() *= msg.array();
            } else {
                if (f.w.empty()) f.w.assign(nnz(), 1.0);
                for (int x = 0; x < n_; ++x)
                    for (int k2 = off_[x]; k2 < off_[x + 1]; ++k2) f.w[k2] *= flip ? msg(adj_[k2], x) : msg(x, adj_[k2]);
            }
        }
        if (gemm_ && f.kind == Factor::Edges) {
            if (f.w.empty()) {
                f.d = ws_.denseAdjacency();
            } else {
                f.d.setZero(n_, n_);
                for (int x = 0; x < n_; ++x)
                    for (int k = off_[x]; k < off_[x + 1]; ++k) f.d(x, adj_[k]) = f.w[k];
            }
            f.kind = Factor::Dense;
        }
        return f;
    }

    // out(y) = Σ_x g(x) H(x, y)
    void transposeTimes(const Factor& h, const Eigen::VectorXd& g, Eigen::VectorXd& out) const {
        if (h.kind == Factor::Ones) {
            out.setConstant(n_, g.sum());
        } else if (h.kind == Factor::Dense) {
            out.noalias() = h.d.transpose() * g;
        } else if (h.w.empty()) {
            out.resize(n_);  // A is symmetric: gather over the neighbours of y
            for (int y = 0; y < n_; ++y) {
                double s = 0;
                for (int k = off_[y]; k < off_[y + 1]; ++k) s += g[adj_[k]];
                out[y] = s;
            }
        } else {
            out.setZero(n_);
            for (int x = 0; x < n_; ++x)
                for (int k = off_[x]; k < off_[x + 1]; ++k) out[adj_[k]] += g[x] * h.w[k];
        }
    }

    // out(y, :) = Σ_x E(x, y) g(x) D(x, :) for an edge factor E and a dense D.
    void edgesTimesDense(const Factor& e, const Eigen::VectorXd& g, const DenseMatrix& d, DenseMatrix& out) const {
        out.setZero(n_, n_);
        if (e.w.empty()) {
            for (int y = 0; y < n_; ++y)
                for (int k = off_[y]; k < off_[y + 1]; ++k) out.row(y) += g[adj_[k]] * d.row(adj_[k]);
        } else {
            for (int x = 0; x < n_; ++x) {
                if (g[x] == 0.0) continue;
                for (int k = off_[x]; k < off_[x + 1]; ++k) out.row(adj_[k]) += (g[x] * e.w[k]) * d.row(x);
            }
        }
    }

    // out = H0ᵀ diag(g) H1
    void matrixMessage(const Factor& h0, const Eigen::VectorXd& g, const Factor& h1, DenseMatrix& out) const {
        using K = Factor::Kind;
        if (h0.kind == K::Ones && h1.kind == K::Ones) {
            out.setConstant(n_, n_, g.sum());
        } else if (h0.kind == K::Ones) {
            Eigen::VectorXd u;
            transposeTimes(h1, g, u);
            out.resize(n_, n_);
            out.rowwise() = u.transpose();
        } else if (h1.kind == K::Ones) {
            Eigen::VectorXd u;
            transposeTimes(h0, g, u);
            out.resize(n_, n_);
            out.colwise() = u;
        } else if (h0.kind == K::Dense && h1.kind == K::Dense) {
            const DenseMatrix scaled = g.asDiagonal() * h1.d;
            out.noalias() = h0.d.transpose() * scaled;
        } else if (h0.kind == K::Edges && h1.kind == K::Dense) {
            edgesTimesDense(h0, g, h1.d, out);
        } else if (h0.kind == K::Dense && h1.kind == K::Edges) {
            DenseMatrix t;
            edgesTimesDense(h1, g, h0.d, t);
            out = t.transpose();
        } else {
            out.setZero(n_, n_);
            for (int x = 0; x < n_; ++x) {
                if (g[x] == 0.0) continue;
                for (int k0 = off_[x]; k0 < off_[x + 1]; ++k0) {
                    const double c = g[x] * h0.weight(std::size_t(k0));
                    double* row = out.row(adj_[k0]).data();
                    for (int k1 = off_[x]; k1 < off_[x + 1]; ++k1) row[adj_[k1]] += c * h1.weight(std::size_t(k1));
                }
            }
        }
    }

    const DensePlan& plan_;
    DenseWorkspace& ws_;
    const bool gemm_;
    const int n_;
    const int* off_;
    const int* adj_;
};

}  // namespace

GraphShape GraphShape::of(const Graph& g) {
    GraphShape s;
    s.n = g.numVertices();
    s.nnz = double(g.adjacency().size());
    for (int v = 0; v < g.numVertices(); ++v) s.wedges += double(g.degree(v)) * g.degree(v);
    return s;
}

const char* toString(EvalPath p) {
    switch (p) {
        case EvalPath::SparseDp: return "sparse-dp";
        case EvalPath::Scatter: return "matrix-scatter";
        case EvalPath::Gemm: return "matrix-gemm";
    }
    return "?";
}

const DenseMatrix& DenseWorkspace::denseAdjacency() {
    if (!adjacencyBuilt) {
        const int n = graph->numVertices();
        adjacency.setZero(n, n);
        for (int x = 0; x < n; ++x)
            for (const int* q = graph->neighborsBegin(x); q != graph->neighborsEnd(x); ++q) adjacency(x, *q) = 1.0;
        adjacencyBuilt = true;
    }
    return adjacency;
}

PathCost estimateCost(const HomPlan& sparse, const DensePlan& dense, const GraphShape& g, const std::vector<char>* shared) {
    PathCost c;
    const double n = g.n, n2 = n * n, nnz = std::max(g.nnz, 1.0);
    const double edgeDegree = g.nnz > 0 ? g.wedges / g.nnz : 0.0;  // mean degree at the end of a random edge
    if (sparse.forest) {
        c.sparseDp = sparse.m * (nnz + n) * kGather;
    } else {
        for (const BagPlan& b : sparse.bags) {
            double maps = 1;
            for (std::size_t s = 0; s < b.steps.size(); ++s) {
                const Step& st = b.steps[s];
                maps *= s == 0 ? n : (st.anchor >= 0 || st.generator >= 0) ? std::max(edgeDegree, 1.0) : n;
                c.sparseDp += maps * kDpMap;
            }
        }
    }
    const double inf = std::numeric_limits<double>::infinity();
    if (!dense.supported) {
        c.scatter = c.gemm = inf;
    } else {
        for (int mode = 0; mode < 2; ++mode) {
            const bool gemm = mode == 1;
            double t = kPattern + (gemm ? n2 * kEntry : 0.0);  // + the dense adjacency (built once per graph; counted per pair)
            for (std::size_t bi = 0; bi < dense.bags.size(); ++bi) {
                const DenseBag& b = dense.bags[bi];
                if (shared && (*shared)[bi]) continue;
                t += kBag;
                Factor::Kind kind[2] = {Factor::Ones, Factor::Ones};
                for (int s = 0; s < b.sepSize; ++s) {
                    if (b.edge[s]) kind[s] = Factor::Edges;
                    for (std::size_t k = 0; k < b.onVW[s].size(); ++k) {
                        if (kind[s] == Factor::Edges) t += nnz * kGather;
                        else { kind[s] = Factor::Dense; t += n2 * kEntry; }
                    }
                    if (gemm && kind[s] == Factor::Edges) { kind[s] = Factor::Dense; t += n2 * kEntry; }
                }
                t += (b.onV.size() + 1) * n * kEntry;
                auto vectorCost = [&](Factor::Kind k) { return k == Factor::Ones ? n * kEntry : k == Factor::Edges ? nnz * kGather : n2 * kEntry; };
                if (b.sepSize == 1) {
                    t += vectorCost(kind[0]) + b.onW[0].size() * n * kEntry;
                } else if (b.sepSize == 2) {
                    const double entries = n2 * kEntry * (1 + b.onS.size() + b.onW[0].size() + b.onW[1].size());
                    if (kind[0] == Factor::Ones || kind[1] == Factor::Ones) t += vectorCost(kind[0] == Factor::Ones ? kind[1] : kind[0]);
                    else if (kind[0] == Factor::Dense && kind[1] == Factor::Dense) t += n2 * n * kGemm * (b.symmetric ? 0.65 : 1.0) + n2 * kEntry;
                    else if (kind[0] == Factor::Edges && kind[1] == Factor::Edges) t += g.wedges * kWedge;
                    else t += nnz * n * kAxpy;
                    t += entries;
                }
            }
            (gemm ? c.gemm : c.scatter) = t;
        }
    }
    c.choice = EvalPath::SparseDp;
    double best = c.sparseDp;
    if (c.scatter < best) { best = c.scatter; c.choice = EvalPath::Scatter; }
    if (c.gemm < best) { c.choice = EvalPath::Gemm; }
    return c;
}

double denseDensity(const DensePlan& plan, const Graph& g, DenseWorkspace& ws, bool gemm, const std::vector<int>* keyIds) {
    if (!plan.supported) throw std::invalid_argument("the matrix evaluator needs a decomposition of width at most 2");
    if (g.numVertices() == 0) throw std::invalid_argument("density on an empty graph is undefined");
    if (ws.graph != &g) ws.bind(g);
    return Evaluator(plan, g, ws, gemm).run(keyIds);
}

}  // namespace px::hom
