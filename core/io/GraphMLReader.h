#pragma once
// GraphML (GraphML Primer, Brandes et al.; GraphML Specification, graphml.graphdrawing.org) read as XML
// (W3C XML 1.0, Namespaces in XML 1.0) through libexpat's streaming parser, so that comments, CDATA sections,
// character references, either quote style and namespace prefixes mean what XML says they mean.
//
// What is read: the nodes and edges of the one <graph> of the file (edge direction is kept here; the loader
// ignores it) and the graph's own <data> values, named through their <key>. What is refused, with the file,
// the line and the reason (InputError):
//  - anything that is not well-formed XML (expat's message);
//  - a document type declaration (<!DOCTYPE …>): GraphML needs none, and its entities could expand without
//    bound (the "billion laughs"); external entities are never read;
//  - a root element other than <graphml>, no <graph>, a second <graph> (one graph per file), a <graph> inside
//    a node or an edge (nested graphs), hyperedges, and a node, edge, graph or key where GraphML does not put
//    it (it would otherwise be silently dropped);
//  - a node without an id, a node id declared twice, an edge without a source or target, an edge endpoint
//    that is not a declared node;
//  - elements nested deeper than kGraphMLMaxDepth, a file larger than the input limit, more than 5·10⁷ nodes,
//    and more node and edge records than the memory limit allows.
// GraphML elements are those in the GraphML namespace (http://graphml.graphdrawing.org/xmlns) or in no
// namespace (many writers leave it out); elements of other namespaces (yEd's y:ShapeNode, say) and everything
// inside <data>, <default> and <desc> are content, never structure. Attributes are read unqualified, as the
// GraphML schema declares them.
#include <map>
#include <string>
#include <vector>

namespace px::io {

// Element nesting beyond this is refused with the line where it happens; real GraphML nests a few levels.
constexpr int kGraphMLMaxDepth = 256;
// A graph-level <data> value longer than this is refused (class labels and names are short).
constexpr std::size_t kGraphMLMaxDataBytes = std::size_t(1) << 20;

struct GraphMLGraph {
    struct Edge {
        int source, target;  // indices into nodeIds
        long line;           // of the <edge> element
    };
    std::vector<std::string> nodeIds;  // in document order: node k is vertex k
    std::vector<Edge> edges;           // in document order, as written
    // The <data> children of the <graph>, by their key's attr.name (its id when it has none), as written (no
    // whitespace trimmed); keys for "graph" or "all" with a <default> fill in the names the graph leaves out.
    std::map<std::string, std::string> graphData;
};

// Reads the GraphML file `file`, streaming it through the parser (the text is never held whole).
GraphMLGraph readGraphML(const std::string& file);

}  // namespace px::io
