// Densities of treewidth-≤2 patterns by matrix algebra, and the cost model choosing it per pair (DenseEvaluator.h).
#include "hom/DenseEvaluator.h"

#include "common/Error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace px::hom {

namespace {

constexpr int kPanel = 256;  // columns per GEMM panel between cancellation checks

// H(x_v, x_w) between the summed-out vertex and one separator vertex.
struct Factor {
    enum Kind { Ones, Edges, Dense } kind = Ones;
    std::vector<double> w;  // Edges: weight of each CSR entry (empty: all ones)
    DenseMatrix d;          // Dense, when owned
    const DenseMatrix* ref = nullptr;  // Dense, when it is exactly one child's message or the adjacency (not copied) ...
    bool refT = false;                 // ... read transposed: H(x, y) = ref(y, x)
    double weight(std::size_t k) const { return w.empty() ? 1.0 : w[k]; }
    double at(int x, int y) const { return ref ? (refT ? (*ref)(y, x) : (*ref)(x, y)) : d(x, y); }
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
            if (ws_.cancel && ws_.cancel->cancelled()) throw Cancelled();
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
                const std::size_t bytes = sizeof(double) * (b.sepSize == 2 ? (masked(b) ? nnz() : std::size_t(n_) * n_)
                                                            : b.sepSize == 1 ? std::size_t(n_) : 1);
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
            } else if (masked(b)) {
                Factor h0 = factor(b, 0), h1 = factor(b, 1);
                std::vector<double>& e = out->edges;
                maskedMessage(h0, g, h1, e);
                for (int c : b.onS)
                    for (std::size_t k = 0; k < e.size(); ++k) e[k] *= ws_.at[c]->edges[k];
                for (int y = 0; y < n_; ++y)
                    for (int k = off_[y]; k < off_[y + 1]; ++k) {
                        for (int c : b.onW[0]) e[k] *= vec(c)[y];
                        for (int c : b.onW[1]) e[k] *= vec(c)[adj_[k]];
                        e[k] *= invN;
                    }
            } else {
                Factor h0 = factor(b, 0);
                if (b.symmetric && h0.kind == Factor::Dense) {
                    symmetricProduct(dense(h0), g, out->mat);
                } else {
                    Factor h1 = factor(b, 1);
                    matrixMessage(h0, g, h1, out->mat);
                }
                poll(0);  // each n² step below takes milliseconds at n = 3000; a cancel is seen between them
                for (int c : b.onS) {
                    out->mat.array() *= mat(c).array();
                    poll(0);
                }
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
    // A cancel is seen within 8 rows of a message (well under a millisecond even at n = 10⁴).
    void poll(int row) const {
        if ((row & 7) == 0 && ws_.cancel && ws_.cancel->cancelled()) throw Cancelled();
    }
    std::size_t nnz() const { return std::size_t(off_[n_]); }
    bool masked(const DenseBag& b) const { return b.masked && !gemm_; }
    const Eigen::VectorXd& vec(int bag) const { return ws_.at[bag]->vec; }

    // out[k] = Σ_x g(x) H0(x, y) H1(x, z) for every adjacency entry k = (y, z): the message on the edges
    // only. Edge × edge factors intersect the neighbour lists of y and z (O(Σ deg²) in all).
    void maskedMessage(Factor& h0, const Eigen::VectorXd& g, Factor& h1, std::vector<double>& out) {
        using K = Factor::Kind;
        out.assign(nnz(), 0.0);
        if (h0.kind == K::Ones && h1.kind == K::Ones) {
            std::fill(out.begin(), out.end(), g.sum());
            return;
        }
        if (h0.kind == K::Ones || h1.kind == K::Ones) {
            Eigen::VectorXd u;
            transposeTimes(h0.kind == K::Ones ? h1 : h0, g, u);
            for (int y = 0; y < n_; ++y)
                for (int k = off_[y]; k < off_[y + 1]; ++k) out[k] = h0.kind == K::Ones ? u[adj_[k]] : u[y];
            return;
        }
        const int* rev = ws_.reverseIndex();
        if (h0.kind == K::Edges && h1.kind == K::Edges) {
            // Each edge {y, z} once, from its higher-degree end y, walking the shorter list of z against
            // marks of N(y): O(Σ over edges of min(deg y, deg z)) instead of O(Σ deg²), which matters
            // with hubs. Both entries (y, z) and (z, y) come out of the one walk.
            std::vector<double>& m0 = ws_.mark0;
            std::vector<double>& m1 = ws_.mark1;
            m0.assign(n_, 0.0);
            m1.assign(n_, 0.0);
            for (int y = 0; y < n_; ++y) {
                poll(y);
                const int dy = off_[y + 1] - off_[y];
                for (int p = off_[y]; p < off_[y + 1]; ++p) {
                    m0[adj_[p]] = h0.weight(std::size_t(rev[p]));  // H0(x, y)
                    m1[adj_[p]] = h1.weight(std::size_t(rev[p]));  // H1(x, y)
                }
                for (int k = off_[y]; k < off_[y + 1]; ++k) {
                    const int z = adj_[k], dz = off_[z + 1] - off_[z];
                    if (dz > dy || (dz == dy && z > y)) continue;  // handled from z's side
                    double yz = 0, zy = 0;
                    for (int q = off_[z]; q < off_[z + 1]; ++q) {
                        const int x = adj_[q];
                        yz += g[x] * m0[x] * h1.weight(std::size_t(rev[q]));  // H0(x, y) H1(x, z)
                        zy += g[x] * h0.weight(std::size_t(rev[q])) * m1[x];  // H0(x, z) H1(x, y)
                    }
                    out[k] = yz;
                    out[std::size_t(rev[k])] = zy;
                }
                for (int p = off_[y]; p < off_[y + 1]; ++p) m0[adj_[p]] = m1[adj_[p]] = 0.0;
            }
        } else if (h0.kind == K::Dense && h1.kind == K::Dense) {
            const DenseMatrix t0 = dense(h0).transpose();
            const DenseMatrix t1 = (g.asDiagonal() * dense(h1)).transpose();
            for (int y = 0; y < n_; ++y) {
                poll(y);
                for (int k = off_[y]; k < off_[y + 1]; ++k) out[k] = t0.row(y).dot(t1.row(adj_[k]));
            }
        } else if (h0.kind == K::Dense) {  // Σ over x ∈ N(z) of g(x) H0(x, y) H1(x, z)
            for (int y = 0; y < n_; ++y)
                for (int k = (poll(y), off_[y]); k < off_[y + 1]; ++k) {
                    const int z = adj_[k];
                    double sum = 0;
                    for (int q = off_[z]; q < off_[z + 1]; ++q) sum += g[adj_[q]] * h0.at(adj_[q], y) * h1.weight(std::size_t(rev[q]));
                    out[k] = sum;
                }
        } else {  // Σ over x ∈ N(y) of g(x) H0(x, y) H1(x, z)
            for (int y = 0; y < n_; ++y)
                for (int k = (poll(y), off_[y]); k < off_[y + 1]; ++k) {
                    const int z = adj_[k];
                    double sum = 0;
                    for (int p = off_[y]; p < off_[y + 1]; ++p) sum += g[adj_[p]] * h0.weight(std::size_t(rev[p])) * h1.at(adj_[p], z);
                    out[k] = sum;
                }
        }
    }

    // The dense factor as a plain matrix (a transposed reference is copied, once) and as a matrix of its own (a
    // reference is copied). The n² copy runs in row panels with a cancel check between them: on fresh memory it is
    // paced by page faults, hundreds of milliseconds at n = 3000 on a VM.
    const DenseMatrix& dense(Factor& f) const {
        if (f.ref && f.refT) copyReference(f);
        return f.ref ? *f.ref : f.d;
    }
    DenseMatrix& own(Factor& f) const {
        if (f.ref) copyReference(f);
        return f.d;
    }
    void copyReference(Factor& f) const {
        const DenseMatrix& from = *f.ref;
        f.d.resize(n_, n_);
        for (int r = 0; r < n_; r += kPanel) {
            poll(0);
            const int h = std::min(kPanel, n_ - r);
            if (f.refT) f.d.middleRows(r, h) = from.middleCols(r, h).transpose();
            else f.d.middleRows(r, h) = from.middleRows(r, h);
        }
        f.ref = nullptr;
        f.refT = false;
    }

    // m = 0 (n × n) in row panels with a cancel check between them: like a copy, paced by page faults on fresh memory.
    void zero(DenseMatrix& m) const {
        m.resize(n_, n_);
        for (int r = 0; r < n_; r += kPanel) {
            poll(0);
            m.middleRows(r, std::min(kPanel, n_ - r)).setZero();
        }
    }

    const DenseMatrix& mat(int bag) const { return ws_.at[bag]->mat; }

    // out = Hᵀ diag(g) H, symmetric: one triangle by GEMM (about 0.6 of the full product's time), then mirrored.
    void symmetricProduct(const DenseMatrix& h, const Eigen::VectorXd& g, DenseMatrix& out) const {
        const DenseMatrix scaled = g.asDiagonal() * h;
        zero(out);
        // Column panels of the lower triangle, polling for a cancel between them: each panel's square diagonal block
        // by the triangular product, the rows under it by GEMM. (Eigen's triangular product fills a square of the
        // block's column count only: given the whole n − c rows at once, it left the rows under the square at zero.)
        for (int c = 0; c < n_; c += kPanel) {
            poll(0);
            const int w = std::min(kPanel, n_ - c), below = n_ - c - w;
            out.block(c, c, w, w).triangularView<Eigen::Lower>() += h.middleCols(c, w).transpose() * scaled.middleCols(c, w);
            if (below > 0) out.block(c + w, c, below, w).noalias() = h.middleCols(c + w, below).transpose() * scaled.middleCols(c, w);
        }
        for (int y = 0; y < n_; ++y) {
            poll(y);
            for (int z = y + 1; z < n_; ++z) out(y, z) = out(z, y);
        }
    }

    Factor factor(const DenseBag& b, int side) {
        Factor f;
        if (b.edge[side]) f.kind = Factor::Edges;
        for (std::size_t k = 0; k < b.onVW[side].size(); ++k) {
            const int child = b.onVW[side][k];
            const bool flip = b.flipVW[side][k];  // the message is (x_w, x_v): use its transpose
            if (masked(plan_.bags[child])) {      // only on edges, and this side has the edge: weights
                const std::vector<double>& e = ws_.at[child]->edges;
                const int* rev = ws_.reverseIndex();
                if (f.w.empty()) f.w.assign(nnz(), 1.0);
                for (std::size_t k2 = 0; k2 < f.w.size(); ++k2) f.w[k2] *= flip ? e[std::size_t(rev[k2])] : e[k2];
                continue;
            }
            const DenseMatrix& msg = mat(child);
            if (f.kind == Factor::Ones) {
                f.ref = &msg;
                f.refT = flip;
                f.kind = Factor::Dense;
            } else if (f.kind == Factor::Dense) {
                DenseMatrix& d = own(f);
                for (int r = 0; r < n_; r += kPanel) {  // row panels, polling for a cancel between them
                    poll(0);
                    const int h = std::min(kPanel, n_ - r);
                    if (flip) d.middleRows(r, h).array() *= msg.middleCols(r, h).transpose().array();
                    else d.middleRows(r, h).array() *= msg.middleRows(r, h).array();
                }
            } else {
                if (f.w.empty()) f.w.assign(nnz(), 1.0);
                for (int x = 0; x < n_; ++x)
                    for (int k2 = off_[x]; k2 < off_[x + 1]; ++k2) f.w[k2] *= flip ? msg(adj_[k2], x) : msg(x, adj_[k2]);
            }
        }
        if (gemm_ && f.kind == Factor::Edges) {
            if (f.w.empty()) {
                f.ref = &ws_.denseAdjacency();  // symmetric, read in place: no n² copy (own(f) copies if it must)
            } else {
                zero(f.d);
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
            if (h.ref && h.refT) out.noalias() = *h.ref * g;  // Hᵀ g with H = refᵀ
            else if (h.ref) out.noalias() = h.ref->transpose() * g;
            else out.noalias() = h.d.transpose() * g;
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
        zero(out);
        if (e.w.empty()) {
            for (int y = 0; y < n_; ++y)
                for (int k = (poll(y), off_[y]); k < off_[y + 1]; ++k) out.row(y) += g[adj_[k]] * d.row(adj_[k]);
        } else {
            for (int x = 0; x < n_; ++x) {
                poll(x);
                if (g[x] == 0.0) continue;
                for (int k = off_[x]; k < off_[x + 1]; ++k) out.row(adj_[k]) += (g[x] * e.w[k]) * d.row(x);
            }
        }
    }

    // out = H0ᵀ diag(g) H1
    void matrixMessage(Factor& h0, const Eigen::VectorXd& g, Factor& h1, DenseMatrix& out) const {
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
            const DenseMatrix scaled = g.asDiagonal() * dense(h1);
            out.resize(n_, n_);
            for (int c = 0; c < n_; c += kPanel) {  // column panels, polling for a cancel between them
                poll(0);
                const int w = std::min(kPanel, n_ - c);
                out.middleCols(c, w).noalias() = dense(h0).transpose() * scaled.middleCols(c, w);
            }
        } else if (h0.kind == K::Edges && h1.kind == K::Dense) {
            edgesTimesDense(h0, g, dense(h1), out);
        } else if (h0.kind == K::Dense && h1.kind == K::Edges) {
            DenseMatrix t;
            edgesTimesDense(h1, g, dense(h0), t);
            out = t.transpose();
        } else {
            zero(out);
            for (int x = 0; x < n_; ++x) {
                poll(x);
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

double denseDensity(const DensePlan& plan, const Graph& g, DenseWorkspace& ws, bool gemm, const std::vector<int>* keyIds) {
    if (!plan.supported) throw std::invalid_argument("the matrix evaluator needs a decomposition of width at most 2");
    if (g.numVertices() == 0) throw std::invalid_argument("density on an empty graph is undefined");
    if (ws.graph != &g) ws.bind(g);
    const double n = g.numVertices();
    if (needsSquareMatrix(plan, gemm) && 8.0 * n * n > kMaxSquareBytes)
        throw std::invalid_argument("the matrix path would hold " + std::to_string(long(8.0 * n * n / (1 << 20))) +
                                    " MiB per n × n matrix for a graph of " + std::to_string(long(n)) +
                                    " vertices (limit 2 GiB); use the sparse DP (--path auto or sparse)");
    return Evaluator(plan, g, ws, gemm).run(keyIds);
}

}  // namespace px::hom
