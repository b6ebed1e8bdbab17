#pragma once
// Data set loaders. Every loader either returns a consistent Dataset or throws px::InputError
// naming the file, the line and what was expected. Self loops and duplicate edges are dropped and
// reported in Dataset::warnings (never kept); empty graphs, wrong counts, out-of-range ids,
// non-numeric fields, truncated files and missing split files are errors.
#include "dataset/Dataset.h"
#include "io/LabelSources.h"

#include <map>
#include <string>

namespace px::io {

// OGB graph-property layout: raw/{num-node-list,num-edge-list,edge,graph-label}.csv.gz and,
// when present, split/<name>/{train,valid,test}.csv.gz. Edges are stored once per bond; the
// loader makes them undirected.
Dataset loadOgb(const std::string& folder);

// TU format: DS_A.txt (1-based global node ids, "i, j"), DS_graph_indicator.txt,
// DS_graph_labels.txt. The prefix DS is found from the *_A.txt file in the folder.
Dataset loadTu(const std::string& folder);

// DGCNN/GIN text format (Zhang et al. 2018; Xu et al. 2019), plain or .gz: line 1 the number of
// graphs N; per graph a line "n label" and n node lines "tag m nb_1 .. nb_m" (0-based ids within the
// graph, each undirected edge listed from both ends; optional node attributes after the
// neighbours, the same number on every line). `path` is the file or a folder holding one such file;
// 10fold_idx/{train,test}_idx-K.txt beside it become Dataset::folds. Labels are remapped to 0..C−1
// (the mapping is in Dataset::notes); self loops, repeated neighbours and edges listed from one end
// only are reported with file and line (one-sided edges are kept as undirected edges).
Dataset loadGin(const std::string& path, int threads = 0);  // threads 1: graph by graph; else in parallel
// True if the file starts like the GIN format: a line with one count, then a line "n label".
bool looksLikeGin(const std::string& file);

// One graph from a plain edge list: "u v" or "u,v" per line, 0-based ids, lines starting with
// '#' or '%' are comments; "# vertices N" sets the vertex count (default: largest id + 1).
Graph loadEdgeList(const std::string& file, std::vector<std::string>* warnings = nullptr);

// One graph from GraphML (the one <graph> of the file, read with libexpat: io/GraphMLReader.h says what is
// accepted and refused); edge direction is ignored. `graphData`, if given, receives the graph's own <data>
// values by key name (attr.name, else the key's id).
Graph loadGraphML(const std::string& file, std::vector<std::string>* warnings = nullptr,
                  std::map<std::string, std::string>* graphData = nullptr);

// One graph from GML [Himsolt 1997] as NetworkX's write_gml writes it (io/GmlReader.h says what is accepted and
// refused); edge direction is ignored, as for GraphML. `graphData`, if given, receives the graph's own scalar
// attributes by key (a number as written, a string decoded).
Graph loadGml(const std::string& file, std::vector<std::string>* warnings = nullptr,
              std::map<std::string, std::string>* graphData = nullptr);
// True for the files whose graphs carry graph data (GraphML and GML), by name.
bool hasGraphData(const std::string& file);

// One graph from Graphviz DOT (nesting measured by io/DotNesting.h, then read with Boost.Graph); edge
// direction is ignored.
Graph loadDot(const std::string& file, std::vector<std::string>* warnings = nullptr);

// Every *.graphml, *.gml, *.dot, *.edges, *.edgelist and *.txt file of a folder (sorted by name) as one graph
// each; class labels from the source `labels` chooses (io/LabelSources.h: labels.csv, a GraphML graph key or GML
// graph attribute, or none; Auto by default). `report`, if given, receives what the folder offers as labels and what was used.
Dataset loadGraphFolder(const std::string& folder);
Dataset loadGraphFolder(const std::string& folder, const FolderLabels& labels, FolderLabelReport* report = nullptr);
// The graphs of such a folder without labels (report.files and report.graphData filled): the first half of
// loadGraphFolder, for a caller that applies the labels itself (applyFolderLabels).
Dataset readGraphFolder(const std::string& folder, FolderLabelReport& report);

// What a path holds, as loadDataset decides it: the first that fits of an OGB folder (raw/num-node-list.csv),
// a TU folder (*_A.txt), a GIN text folder, a LINQS folder (node data: refused by loadDataset), any other folder
// (graph files); a GIN text file, a GraphML (*.graphml), GML (*.gml), DOT (*.dot, *.gv) or edge-list file. Throws InputError
// for an empty path, a missing one, a pipe or a device.
enum class DataFormat { Ogb, Tu, Gin, Linqs, GraphFolder, GraphML, Gml, Dot, EdgeList };
DataFormat detectFormat(const std::string& path);
const char* toString(DataFormat f);  // "OGB", "TU", "GIN text", …

// Picks the loader from what the path holds: OGB folder, TU folder, folder of graph files, or a
// single GraphML/GML/DOT/edge-list file (a data set with one graph). `labels` applies to folders of graph files;
// elsewhere Auto keeps the format's own labels, None drops them, and naming a column or key is refused.
Dataset loadDataset(const std::string& path);
Dataset loadDataset(const std::string& path, const FolderLabels& labels);

}  // namespace px::io
