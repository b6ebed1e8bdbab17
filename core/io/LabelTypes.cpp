// Decides each label column's type once a loader has read it (LabelTypes.h).
#include "io/LabelTypes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace px::io {

void inferOgbTaskTypes(Dataset& ds) {
    for (Eigen::Index t = 0; t < ds.labels.cols(); ++t) {
        bool binary = true;
        for (Eigen::Index i = 0; i < ds.labels.rows() && binary; ++i) {
            double x = ds.labels(i, t);
            if (!std::isnan(x) && x != 0.0 && x != 1.0) binary = false;
        }
        ds.tasks[t].type = binary ? TaskType::Binary : TaskType::Regression;
    }
}

std::vector<double> encodeClasses(Dataset& ds, int task) {
    std::vector<double> values;
    for (Eigen::Index i = 0; i < ds.labels.rows(); ++i)
        if (!std::isnan(ds.labels(i, task))) values.push_back(ds.labels(i, task));
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (Eigen::Index i = 0; i < ds.labels.rows(); ++i) {
        double& x = ds.labels(i, task);
        if (!std::isnan(x)) x = double(std::lower_bound(values.begin(), values.end(), x) - values.begin());
    }
    ds.tasks[task].type = values.size() <= 2 ? TaskType::Binary : TaskType::MultiClass;
    ds.tasks[task].classNames.clear();
    for (double v : values) {
        char text[40];
        std::snprintf(text, sizeof text, "%.15g", v);
        ds.tasks[task].classNames.push_back(text);
    }
    return values;
}

void setClassLabels(Dataset& ds, std::vector<double> values) {
    if (values.empty()) {
        ds.labels.resize(ds.size(), 0);
    } else {
        ds.labels = Eigen::Map<Eigen::MatrixXd>(values.data(), Eigen::Index(values.size()), 1);
        ds.tasks.push_back({"class", TaskType::Binary});
        encodeClasses(ds, 0);
    }
    ds.checkConsistent();
}

void setNodeLabels(Dataset& ds, const std::vector<long>& perNode) {
    std::vector<long> values = perNode;
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    ds.nodeLabels.assign(ds.graphs.size(), {});
    std::size_t k = 0;
    for (std::size_t g = 0; g < ds.graphs.size(); ++g)
        for (int v = 0; v < ds.graphs[g].numVertices(); ++v)
            ds.nodeLabels[g].push_back(int(std::lower_bound(values.begin(), values.end(), perNode[k++]) - values.begin()));
    ds.nodeLabelValues = int(values.size());
    const bool identity = !values.empty() && values.front() == 0 && values.back() == long(values.size()) - 1;
    ds.notes.push_back(std::to_string(values.size()) + " distinct node labels" +
                       (identity ? " (0.." + std::to_string(values.size() - 1) + ", used as they are)"
                                 : " (mapped to 0.." + std::to_string(values.size() - 1) + " in ascending order, from " +
                                       std::to_string(values.front()) + ".." + std::to_string(values.back()) + ")") +
                       "; densities ignore them, the GIN's \"labels\" features use them");
}

}  // namespace px::io
