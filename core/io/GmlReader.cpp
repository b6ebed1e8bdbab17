// GML [Himsolt 1997] parsed with an explicit stack of open lists (see GmlReader.h).
#include "io/GmlReader.h"

#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "common/RegularFile.h"
#include "io/GmlTokens.h"
#include "io/InflationLimit.h"
#include "io/TextScanner.h"

#include <cerrno>
#include <cstdlib>
#include <set>
#include <unistd.h>
#include <unordered_map>

namespace px::io {

namespace {

constexpr long long kGmlMaxBytes = 256LL << 20;  // the whole-file readers' limit, unless --max-input-size sets another
constexpr long kGmlMaxNodes = 50000000;

class GmlParser {
public:
    GmlParser(const std::string& text, const std::string& file) : tokens_(text, file), file_(file) {}
    GmlGraph run();

private:
    // What an open list is to the reader; Other: read for its syntax only.
    enum class Frame { Top, Graph, Node, Edge, Other };
    struct Open {
        Frame frame;
        std::string key;
        long line;
    };
    // The node or edge being read: its integer fields by key, with the line where each was given.
    struct Record {
        long line = 0;
        std::map<std::string, std::pair<long long, long>> fields;
    };
    struct PendingEdge {
        long long source, target;
        long line;
    };

    [[noreturn]] void fail(long line, const std::string& problem) const { throw InputError(file_, line, problem); }
    void openList(const GmlToken& key, long line);
    void closeList(long line);
    void scalar(const GmlToken& key, const GmlToken& value);
    long long integerField(const GmlToken& key, const GmlToken& value, const char* what) const;
    void addNode();
    void addEdge();
    void checkMemory() const;
    void resolveEdges();

    GmlTokenizer tokens_;
    const std::string& file_;
    std::vector<Open> open_{{Frame::Top, "", 0}};
    Record record_;
    GmlGraph out_;
    long graphLine_ = 0;
    std::unordered_map<long long, std::pair<int, long>> nodeIndex_;  // id → (index, line)
    std::vector<PendingEdge> pending_;
    std::set<std::string> repeated_;  // graph keys given more than once
};

void GmlParser::openList(const GmlToken& key, long line) {
    if (open_.size() > std::size_t(kGmlMaxDepth))
        fail(line, "lists nested deeper than " + std::to_string(kGmlMaxDepth) + " levels (at key '" + key.text + "'); refusing to read it");
    const Frame parent = open_.back().frame;
    Frame frame = Frame::Other;
    if (parent == Frame::Top && key.text == "graph") {
        if (graphLine_ > 0)
            fail(key.line, "a second 'graph [' (the first is on line " + std::to_string(graphLine_) + "): one graph per file is read; "
                           "write each graph to a file of its own");
        graphLine_ = key.line;
        frame = Frame::Graph;
    } else if (parent == Frame::Graph && (key.text == "node" || key.text == "edge")) {
        frame = key.text == "node" ? Frame::Node : Frame::Edge;
        record_ = Record{key.line, {}};
    } else if (parent == Frame::Graph) {
        repeated_.insert(key.text);  // a list is no single value: never graph data
    }
    open_.push_back({frame, key.text, key.line});
}

void GmlParser::closeList(long line) {
    if (open_.size() == 1) fail(line, "a ']' without its '['");
    const Frame frame = open_.back().frame;
    if (frame == Frame::Node) addNode();
    if (frame == Frame::Edge) addEdge();
    open_.pop_back();
}

long long GmlParser::integerField(const GmlToken& key, const GmlToken& value, const char* what) const {
    if (value.kind != GmlToken::Kind::Integer)
        fail(value.line, std::string(what) + " '" + key.text + "': expected an integer, found " + describeToken(value));
    errno = 0;
    const long long v = std::strtoll(value.text.c_str(), nullptr, 10);
    if (errno == ERANGE)
        fail(value.line, std::string(what) + " '" + key.text + "': " + describeToken(value) + " is out of range (it must lie within ±9.2e18)");
    return v;
}

void GmlParser::scalar(const GmlToken& key, const GmlToken& value) {
    const Frame frame = open_.back().frame;
    if (frame == Frame::Node || frame == Frame::Edge) {
        const bool node = frame == Frame::Node;
        if (node ? key.text != "id" : key.text != "source" && key.text != "target") return;  // other attributes
        const long long v = integerField(key, value, node ? "node" : "edge");
        const auto [it, fresh] = record_.fields.emplace(key.text, std::make_pair(v, key.line));
        if (!fresh)
            fail(key.line, std::string(node ? "node" : "edge") + " '" + key.text + "' is given twice in one " + (node ? "node" : "edge") +
                               " (first on line " + std::to_string(it->second.second) + ")");
    } else if (frame == Frame::Graph) {
        if (key.text == "directed" || key.text == "multigraph") {
            const long long v = integerField(key, value, "graph");
            if (v != 0 && v != 1) fail(value.line, "graph '" + key.text + "': expected 0 or 1, found " + value.text);
            if (key.text == "directed") out_.directed = v == 1;
            return;
        }
        if (key.text == "node" || key.text == "edge")
            fail(key.line, "graph '" + key.text + "': expected a list " + key.text + " [ … ], found " + describeToken(value));
        if (!out_.graphData.emplace(key.text, value.text).second) repeated_.insert(key.text);
    }
}

void GmlParser::addNode() {
    const auto id = record_.fields.find("id");
    if (id == record_.fields.end()) fail(record_.line, "a node without an 'id' (node [ … ] opened on this line)");
    if (long(out_.nodeIds.size()) >= kGmlMaxNodes) fail(record_.line, "more than " + std::to_string(kGmlMaxNodes) + " nodes; refusing to read them");
    const auto [it, fresh] = nodeIndex_.emplace(id->second.first, std::make_pair(int(out_.nodeIds.size()), id->second.second));
    if (!fresh)
        fail(id->second.second, "node 'id' " + std::to_string(id->second.first) + " is given to two nodes (first on line " +
                                    std::to_string(it->second.second) + ")");
    out_.nodeIds.push_back(id->second.first);
    checkMemory();
}

void GmlParser::addEdge() {
    for (const char* end : {"source", "target"})
        if (!record_.fields.count(end)) fail(record_.line, std::string("an edge without a '") + end + "' (edge [ … ] opened on this line)");
    pending_.push_back({record_.fields["source"].first, record_.fields["target"].first, record_.line});
    checkMemory();
}

void GmlParser::checkMemory() const {
    const std::size_t records = out_.nodeIds.size() + pending_.size();
    if (records % 65536 == 0)
        px::checkMemory(file_ + ":" + std::to_string(tokens_.line()),
                        "the " + std::to_string(out_.nodeIds.size()) + " nodes and " + std::to_string(pending_.size()) + " edges read so far",
                        double(out_.nodeIds.size()) * 64 + double(pending_.size()) * 40);
}

void GmlParser::resolveEdges() {
    out_.edges.reserve(pending_.size());
    for (const PendingEdge& p : pending_) {
        GmlGraph::Edge e{-1, -1, p.line};
        for (const bool source : {true, false}) {
            const long long id = source ? p.source : p.target;
            const auto it = nodeIndex_.find(id);
            if (it == nodeIndex_.end())
                fail(p.line, std::string("edge '") + (source ? "source" : "target") + "' " + std::to_string(id) +
                                 " is no node's id (expected a node [ id " + std::to_string(id) + " … ])");
            (source ? e.source : e.target) = it->second.first;
        }
        out_.edges.push_back(e);
    }
    pending_.clear();
}

GmlGraph GmlParser::run() {
    for (;;) {
        const GmlToken t = tokens_.next();
        if (t.kind == GmlToken::Kind::End) {
            if (open_.size() > 1)
                fail(open_.back().line, "the list '" + open_.back().key + " [' opened on this line is never closed (a ']' is missing)");
            break;
        }
        if (t.kind == GmlToken::Kind::Close) {
            closeList(t.line);
            continue;
        }
        if (t.kind != GmlToken::Kind::Key) fail(t.line, "expected a key, found " + describeToken(t) + " (a value without its key)");
        GmlToken value = tokens_.next();
        if (value.kind == GmlToken::Kind::Key && (value.text == "INF" || value.text == "NAN")) value.kind = GmlToken::Kind::Real;
        if (value.kind == GmlToken::Kind::Open) {
            openList(t, value.line);
        } else if (value.kind == GmlToken::Kind::Key || value.kind == GmlToken::Kind::Close || value.kind == GmlToken::Kind::End) {
            fail(t.line, "key '" + t.text + "' has no value: expected a number, a string or '[', found " + describeToken(value));
        } else {
            scalar(t, value);
        }
    }
    if (graphLine_ == 0) fail(0, "no 'graph [ … ]' at the top level: expected graph [ node [ id 0 ] … ]");
    for (const std::string& key : repeated_) out_.graphData.erase(key);
    resolveEdges();
    return std::move(out_);
}

}  // namespace

GmlGraph readGml(const std::string& file) {
    const double limit = maxInputBytes() > 0 ? maxInputBytes() : double(kGmlMaxBytes);
    const int fd = openRegularFile(file);
    const long long size = fileSize(fd);
    ::close(fd);
    if (double(size) > limit)
        throw InputError(file, 0, "file of " + std::to_string(size) + " bytes is larger than the limit of " +
                                      std::to_string((long long)limit) + " bytes for GML (--max-input-size to change)");
    // Plain or gzip (NetworkX writes "g.gml.gz"): the limit bounds what the file expands to as well.
    const std::string text = readWholeFile(file, std::uint64_t(limit));
    GmlParser parser(text, file);
    return parser.run();
}

}  // namespace px::io
