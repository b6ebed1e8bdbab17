#pragma once
// The finite-difference gradient check shared by the neural tests.
#include <QtTest>
#include <torch/torch.h>
#include <cmath>
#include <functional>

// d(sum(w ⊙ f(x)))/dx by autograd and by central differences, compared entry by entry.
inline void checkGradient(const std::function<torch::Tensor(const torch::Tensor&)>& f, torch::Tensor x, const char* what) {
    x = x.to(torch::kDouble).detach().requires_grad_(true);
    const torch::Tensor w = torch::randn(f(x).sizes(), torch::kDouble);
    (f(x) * w).sum().backward();
    const torch::Tensor analytic = x.grad().clone();
    torch::NoGradGuard noGrad;
    const double h = 1e-6;
    auto flat = x.view({-1});
    for (long i = 0; i < flat.numel(); ++i) {
        const double saved = flat[i].item<double>();
        flat[i] = saved + h;
        const double up = (f(x) * w).sum().item<double>();
        flat[i] = saved - h;
        const double down = (f(x) * w).sum().item<double>();
        flat[i] = saved;
        const double numeric = (up - down) / (2 * h);
        const double a = analytic.view({-1})[i].item<double>();
        if (std::abs(a - numeric) > 1e-6 * std::max(1.0, std::abs(numeric)))
            QFAIL(qPrintable(QString("%1: entry %2 analytic %3, finite difference %4").arg(what).arg(i).arg(a).arg(numeric)));
    }
}

