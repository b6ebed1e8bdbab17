#pragma once
// What a data set path holds, before anyone works with it: its format, graph sizes, the label sources found,
// the classes the chosen source gives, and what the loader reported. For `pxrun info` and the app's import
// dialog.
//
// Cost: previewDataset loads the whole data set (io::loadDataset's time and memory; about a second for COLLAB's
// 84 MB of text, milliseconds for a folder of small files) and, for a folder of graph files, reads labels.csv
// once more for its columns. Pass `loaded` to keep the data set instead of loading it again.
#include "dataset/Dataset.h"
#include "io/LabelSources.h"

#include <string>
#include <utility>
#include <vector>

namespace px::io {

struct DatasetPreview {
    struct Spread {
        long min = 0, max = 0;
        double mean = 0;
    };
    std::string path;
    std::string format;                 // io::toString(DataFormat) ("folder of graph files", "TU", …)
    int graphs = 0;
    Spread vertices, edges;             // per graph
    // Label sources found. Folders of graph files: labels.csv (and its columns when it has a header line) and the
    // GraphML graph keys and GML graph attributes that every graph has. TU, OGB and GIN: the labels the format carries, in words.
    bool csvPresent = false, csvHeaded = false;
    std::vector<std::string> csvColumns;
    std::vector<std::string> graphKeys;
    std::string builtinLabels;
    // The source used (the one asked for, else the Auto choice), in words; empty: the data set is unlabelled.
    std::string labelSource;
    // Why the asked-for source was refused (the InputError's message); the preview then shows the data unlabelled.
    std::string labelError;
    // Task 0's classes when it is a classification: the class as the data wrote it (the class id where the loader
    // keeps no name) and its number of graphs; graphs without a label are left out.
    std::vector<std::pair<std::string, long>> classes;
    // Class k's name as the data wrote it (folders of graph files; empty: the loader keeps no names).
    std::vector<std::string> classNames;
    // Folders of graph files: graph i's file name (sorted, as the loader numbers them); a single graph file: its
    // name; empty for other formats.
    std::vector<std::string> files;
    std::vector<std::string> notes, warnings;  // the loader's
};

// Loads `path` with the label choice `labels` and describes it. Errors in the graphs themselves are thrown
// (InputError, as loadDataset); a refused label source is not: it goes into labelError, so that a dialog can show
// the sources found and let the user choose another.
DatasetPreview previewDataset(const std::string& path, const FolderLabels& labels = {}, Dataset* loaded = nullptr);
// True when a person should choose the labels of `p` (a preview with the automatic choice): a folder of graph files
// whose automatic choice was refused, or whose files offer more than one candidate: labels.csv (each of its label
// columns when headed) and each graph key named label, class, y or target (any case). The app then shows the import
// dialog instead of opening with the automatic choice. Single files and TU, OGB, GIN data carry their own labels.
bool labelChoiceIsAmbiguous(const DatasetPreview& p);

// The parts of a preview that a loaded data set gives alone (sizes, classes, notes, warnings), for generated
// data ("builtin:NAME").
DatasetPreview previewOf(const Dataset& ds);

}  // namespace px::io
