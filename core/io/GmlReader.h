#pragma once
// GML, the Graph Modelling Language [Himsolt 1997], as NetworkX's write_gml writes it:
//
//   graph [ directed 0  name "g1"  node [ id 0 label "a" ]  node [ id 1 ]  edge [ source 0 target 1 ] ]
//
// Tokens as io/GmlTokens.h reads them; the file is a list of key–value pairs, a value being a number, a string or a
// list in [ ]. The parser is a loop over tokens with an explicit stack of open lists (no recursion), so however
// deep a file nests it costs no stack; deeper than kGmlMaxDepth is refused.
//
// What is read: the one `graph [ … ]` at the top level (other top-level keys, such as Creator or Version, are
// skipped); in it, every `node [ … ]` with its integer `id` (node k in file order is vertex k), every
// `edge [ … ]` with its integer `source` and `target` (as written: the loader ignores direction, as it does for
// GraphML), `directed` (0 or 1), and each other scalar of the graph itself (a number as written, a string
// decoded) as graph data, usable as class labels as GraphML graph keys are (io/LabelSources.h). A key the graph
// gives twice (NetworkX writes a list so) is a list, not one value: it is left out of the graph data. Lists that
// are not nodes or edges (graphics, nested attributes) are read for their syntax and skipped.
//
// Refused, with the file, the line and the key (InputError): a token out of place (a value without its key, a key
// without its value, ']' without '['), a list never closed, no `graph`, a second `graph`, a node without an
// `id`, an id or endpoint that is not an integer or lies beyond ±9.2·10¹⁸, an id given twice (in one node or by
// two nodes), an edge without a `source` or `target`, an endpoint that is no node's id, `directed` other than
// 0 or 1, nesting deeper than kGmlMaxDepth, more than 5·10⁷ nodes, a file larger than the input limit
// (256 MiB, or --max-input-size), and more nodes and edges than the memory limit allows.
#include <map>
#include <string>
#include <vector>

namespace px::io {

constexpr int kGmlMaxDepth = 256;

struct GmlGraph {
    struct Edge {
        int source, target;  // indices into nodeIds
        long line;           // of the edge's '['
    };
    std::vector<long long> nodeIds;  // in file order: node k is vertex k
    std::vector<Edge> edges;         // in file order, as written
    bool directed = false;
    // The graph's own scalar attributes by key (structure keys node, edge, directed and multigraph left out).
    std::map<std::string, std::string> graphData;
};

GmlGraph readGml(const std::string& file);

}  // namespace px::io
