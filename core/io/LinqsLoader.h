#pragma once
// LINQS citation-graph format (Cora, Citeseer; Sen et al. 2008): NAME.content holds one node per
// line, "id <f feature values> class" separated by tabs or spaces; NAME.cites holds one edge per
// line, "cited citing". Citations are made undirected. Self citations, repeated pairs and
// citations of ids absent from .content (Citeseer has 17) are dropped and listed in warnings;
// anything else malformed throws px::InputError naming file, line and expectation.
#include "dataset/NodeDataset.h"

#include <string>

namespace px::io {

// `path`: a folder holding exactly one *.content and its *.cites, or the .content file itself.
NodeDataset loadLinqs(const std::string& path);

}  // namespace px::io
