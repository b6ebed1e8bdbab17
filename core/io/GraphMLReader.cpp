// GraphML through libexpat (see GraphMLReader.h). Expat calls C callbacks; nothing may be thrown through
// its frames, so a callback that finds a problem stores the exception, stops the parser (XML_StopParser)
// and the exception is thrown once XML_ParseBuffer has returned.
#include "io/GraphMLReader.h"

#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "common/RegularFile.h"
#include "io/InflationLimit.h"

#include <cerrno>
#include <cstring>
#include <exception>
#include <expat.h>
#include <unistd.h>
#include <unordered_map>
#include <zlib.h>

namespace px::io {

namespace {

constexpr const char* kGraphMLNamespace = "http://graphml.graphdrawing.org/xmlns";
// Expat reports a namespaced name as URI, separator, local name. U+0001 cannot occur in an XML 1.0 name or
// namespace name, so the split is unambiguous.
constexpr char kGraphMLNsSeparator = '\x01';
// The plain-file size limit of the whole-file readers (readRegularFile), unless --max-input-size sets another.
constexpr long long kGraphMLMaxBytes = 256LL << 20;
constexpr long kGraphMLMaxNodes = 50000000;
constexpr int kGraphMLChunk = 1 << 16;

class GraphMLSax {
public:
    explicit GraphMLSax(const std::string& file);
    ~GraphMLSax() { XML_ParserFree(parser_); }
    GraphMLSax(const GraphMLSax&) = delete;
    GraphMLSax& operator=(const GraphMLSax&) = delete;
    GraphMLGraph run();

private:
    // What an open element is to the reader. Opaque: content that is never structure (inside <data>,
    // <default>, <desc>, or in a foreign namespace).
    enum class Kind { GraphML, Key, Default, Graph, Node, Edge, Port, GraphData, Opaque };
    struct Key {
        std::string domain, name, defaultValue;
        bool hasDefault = false;
        long line = 0;
    };
    struct PendingEdge {
        std::size_t index;
        std::string source, target;
    };
    struct GivenData {
        std::string value;
        long line;
    };

    static void XMLCALL onStart(void* self, const XML_Char* name, const XML_Char** atts);
    static void XMLCALL onEnd(void* self, const XML_Char* name);
    static void XMLCALL onText(void* self, const XML_Char* text, int len);
    static void XMLCALL onDoctype(void* self, const XML_Char*, const XML_Char*, const XML_Char*, int);
    static void XMLCALL onEntity(void* self, const XML_Char*, int, const XML_Char*, int, const XML_Char*,
                                 const XML_Char*, const XML_Char*, const XML_Char*);
    template <class F> void guarded(F&& f);

    [[noreturn]] void fail(const std::string& problem) const { throw InputError(file_, line(), problem); }
    long line() const { return long(XML_GetCurrentLineNumber(parser_)); }
    void start(const std::string& name, const XML_Char** atts);
    Kind classify(const std::string& local, bool graphml) const;
    void end();
    void addKey(const XML_Char** atts);
    void addNode(const XML_Char** atts);
    void addEdge(const XML_Char** atts);
    void beginGraphData(const XML_Char** atts);
    void checkLimits() const;
    void resolveEdges();
    void resolveGraphData();
    static const XML_Char* attribute(const XML_Char** atts, const char* name);

    std::string file_;
    XML_Parser parser_;
    std::exception_ptr error_;
    std::vector<Kind> open_;
    std::vector<std::string> openNames_;  // local names, for messages
    GraphMLGraph out_;
    std::unordered_map<std::string, std::pair<int, long>> nodeIndex_;  // id → (index, line)
    std::vector<PendingEdge> pending_;
    std::map<std::string, Key> keys_;
    std::map<std::string, GivenData> given_;  // graph-level <data>, by key id
    std::string currentKey_, text_;           // the <key> or graph <data> being read, and its text
    long graphLine_ = 0, textLine_ = 0;
    std::size_t idBytes_ = 0;
};

GraphMLSax::GraphMLSax(const std::string& file) : file_(file), parser_(XML_ParserCreateNS(nullptr, kGraphMLNsSeparator)) {
    if (!parser_) throw std::bad_alloc();
    XML_SetUserData(parser_, this);
    XML_SetElementHandler(parser_, onStart, onEnd);
    XML_SetCharacterDataHandler(parser_, onText);  // CDATA sections arrive here as text too
    XML_SetStartDoctypeDeclHandler(parser_, onDoctype);
    XML_SetEntityDeclHandler(parser_, onEntity);
    XML_SetParamEntityParsing(parser_, XML_PARAM_ENTITY_PARSING_NEVER);
}

template <class F> void GraphMLSax::guarded(F&& f) {
    if (error_) return;  // expat may deliver a few more events after XML_StopParser
    try {
        f();
    } catch (...) {
        error_ = std::current_exception();
        XML_StopParser(parser_, XML_FALSE);
    }
}

void XMLCALL GraphMLSax::onStart(void* self, const XML_Char* name, const XML_Char** atts) {
    auto* r = static_cast<GraphMLSax*>(self);
    r->guarded([&] { r->start(name, atts); });
}
void XMLCALL GraphMLSax::onEnd(void* self, const XML_Char*) {
    auto* r = static_cast<GraphMLSax*>(self);
    r->guarded([&] { r->end(); });
}
void XMLCALL GraphMLSax::onText(void* self, const XML_Char* text, int len) {
    auto* r = static_cast<GraphMLSax*>(self);
    r->guarded([&] {
        if (r->textLine_ == 0) return;  // only inside a graph <data> or a key's <default> (at any depth) is text kept
        if (r->text_.size() + std::size_t(len) > kGraphMLMaxDataBytes)
            r->fail("a <data> or <default> value longer than " + std::to_string(kGraphMLMaxDataBytes) + " bytes; refusing to read it");
        r->text_.append(text, std::size_t(len));
    });
}
void XMLCALL GraphMLSax::onDoctype(void* self, const XML_Char*, const XML_Char*, const XML_Char*, int) {
    auto* r = static_cast<GraphMLSax*>(self);
    r->guarded([&] {
        r->fail("a document type declaration (<!DOCTYPE …>) is not accepted in GraphML: it needs none, and the "
                "entities one declares can expand without bound");
    });
}
void XMLCALL GraphMLSax::onEntity(void* self, const XML_Char*, int, const XML_Char*, int, const XML_Char*, const XML_Char*,
                                  const XML_Char*, const XML_Char*) {
    auto* r = static_cast<GraphMLSax*>(self);
    r->guarded([&] { r->fail("an entity declaration is not accepted in GraphML"); });
}

const XML_Char* GraphMLSax::attribute(const XML_Char** atts, const char* name) {
    for (; *atts; atts += 2)
        if (std::strcmp(atts[0], name) == 0) return atts[1];  // unqualified only: "URI\1id" is another attribute
    return nullptr;
}

void GraphMLSax::checkLimits() const {
    const double limit = maxInputBytes() > 0 ? maxInputBytes() : double(kGraphMLMaxBytes);
    if (double(XML_GetCurrentByteIndex(parser_)) > limit)
        fail("the file is larger than the limit of " + std::to_string((long long)limit) + " bytes for GraphML (--max-input-size to change)");
    if (open_.size() > std::size_t(kGraphMLMaxDepth))
        fail("nested deeper than " + std::to_string(kGraphMLMaxDepth) + " levels; refusing to read it");
    const std::size_t records = out_.nodeIds.size() + out_.edges.size();
    if (records % 65536 == 0 && records > 0)
        checkMemory(file_ + ":" + std::to_string(line()), "the " + std::to_string(out_.nodeIds.size()) + " nodes and " +
                    std::to_string(out_.edges.size()) + " edges read so far",
                    double(out_.nodeIds.size()) * 160 + double(idBytes_) * 2 + double(out_.edges.size()) * 16);
}

// Where the element `local` sits among the open elements decides what it is; GraphML structure in a place
// GraphML does not put it is refused rather than dropped.
GraphMLSax::Kind GraphMLSax::classify(const std::string& local, bool graphml) const {
    if (open_.empty()) {
        if (!graphml || local != "graphml") fail("the root element is <" + local + ">, expected <graphml>");
        return Kind::GraphML;
    }
    const Kind parent = open_.back();
    if (parent == Kind::Opaque || parent == Kind::GraphData || parent == Kind::Default || !graphml) return Kind::Opaque;
    const std::string where = "<" + local + "> inside <" + openNames_.back() + ">";
    if (local == "hyperedge") fail("hyperedges are not supported (" + where + ")");
    if (local == "graph" && (parent == Kind::Node || parent == Kind::Edge || parent == Kind::Port))
        fail("nested graphs are not supported (" + where + "): one flat graph per file is read");
    if (local == "graph" && parent == Kind::GraphML) {
        if (graphLine_ > 0)
            fail("a second <graph> (the first is on line " + std::to_string(graphLine_) + "): one graph per file is read; "
                 "write each graph to a file of its own");
        return Kind::Graph;
    }
    if (local == "key" && parent == Kind::GraphML) return Kind::Key;
    if (local == "default" && parent == Kind::Key) return Kind::Default;
    if (parent == Kind::Graph && (local == "node" || local == "edge" || local == "data"))
        return local == "node" ? Kind::Node : local == "edge" ? Kind::Edge : Kind::GraphData;
    if (local == "port" && (parent == Kind::Node || parent == Kind::Port)) return Kind::Port;
    if (local == "graphml" || local == "graph" || local == "node" || local == "edge" || local == "key")
        fail(where + ": GraphML does not put it there, and it would be ignored");
    return Kind::Opaque;  // <desc>, node and edge <data>, <locator>, unknown elements
}

void GraphMLSax::start(const std::string& name, const XML_Char** atts) {
    const std::size_t sep = name.rfind(kGraphMLNsSeparator);
    const bool graphml = sep == std::string::npos || name.compare(0, sep, kGraphMLNamespace) == 0;
    const std::string local = sep == std::string::npos ? name : name.substr(sep + 1);
    const Kind kind = classify(local, graphml);
    open_.push_back(kind);
    openNames_.push_back(local);
    checkLimits();
    switch (kind) {
    case Kind::Key: addKey(atts); break;
    case Kind::Default:
        text_.clear();
        textLine_ = line();
        break;
    case Kind::Graph: graphLine_ = line(); break;
    case Kind::Node: addNode(atts); break;
    case Kind::Edge: addEdge(atts); break;
    case Kind::GraphData: beginGraphData(atts); break;
    default: break;
    }
}

void GraphMLSax::end() {
    const Kind kind = open_.back();
    open_.pop_back();
    openNames_.pop_back();
    if (kind == Kind::Default) {
        Key& k = keys_[currentKey_];
        k.defaultValue = text_;
        k.hasDefault = true;
        textLine_ = 0;
    } else if (kind == Kind::GraphData) {
        const auto [it, fresh] = given_.emplace(currentKey_, GivenData{text_, textLine_});
        if (!fresh)
            throw InputError(file_, textLine_, "the graph gives <data key=\"" + currentKey_ + "\"> twice (first on line " +
                                                   std::to_string(it->second.line) + ")");
        textLine_ = 0;
    }
}

void GraphMLSax::addKey(const XML_Char** atts) {
    const XML_Char* id = attribute(atts, "id");
    if (!id) fail("a <key> without an id attribute");
    Key k;
    const XML_Char* domain = attribute(atts, "for");
    const XML_Char* name = attribute(atts, "attr.name");
    k.domain = domain ? domain : "all";  // the GraphML schema's default
    k.name = name ? name : id;
    k.line = line();
    const auto [it, fresh] = keys_.emplace(id, k);
    if (!fresh) fail("key id \"" + std::string(id) + "\" is declared twice (first on line " + std::to_string(it->second.line) + ")");
    currentKey_ = id;
}

void GraphMLSax::addNode(const XML_Char** atts) {
    const XML_Char* id = attribute(atts, "id");
    if (!id) fail("a <node> without an id attribute");
    if (long(out_.nodeIds.size()) >= kGraphMLMaxNodes) fail("more than " + std::to_string(kGraphMLMaxNodes) + " nodes; refusing to read them");
    const auto [it, fresh] = nodeIndex_.emplace(id, std::make_pair(int(out_.nodeIds.size()), line()));
    if (!fresh) fail("node id \"" + std::string(id) + "\" is declared twice (first on line " + std::to_string(it->second.second) + ")");
    out_.nodeIds.push_back(id);
    idBytes_ += std::strlen(id);
}

void GraphMLSax::addEdge(const XML_Char** atts) {
    const XML_Char* source = attribute(atts, "source");
    const XML_Char* target = attribute(atts, "target");
    if (!source || !target) fail(std::string("an <edge> without a ") + (source ? "target" : "source") + " attribute");
    const auto s = nodeIndex_.find(source), t = nodeIndex_.find(target);
    if (s != nodeIndex_.end() && t != nodeIndex_.end()) {
        out_.edges.push_back({s->second.first, t->second.first, line()});
        return;
    }
    // GraphML lets an edge come before its nodes: resolved once the whole graph is read.
    pending_.push_back({out_.edges.size(), source, target});
    out_.edges.push_back({-1, -1, line()});
    idBytes_ += std::strlen(source) + std::strlen(target);
}

void GraphMLSax::beginGraphData(const XML_Char** atts) {
    const XML_Char* key = attribute(atts, "key");
    if (!key) fail("a <data> without a key attribute");
    currentKey_ = key;
    text_.clear();
    textLine_ = line();
}

void GraphMLSax::resolveEdges() {
    for (const PendingEdge& p : pending_) {
        GraphMLGraph::Edge& e = out_.edges[p.index];
        for (const std::string* end : {&p.source, &p.target}) {
            const auto it = nodeIndex_.find(*end);
            if (it == nodeIndex_.end())
                throw InputError(file_, e.line, std::string("edge ") + (end == &p.source ? "source" : "target") + " \"" + *end +
                                                    "\" is not a declared node (expected a <node id=\"" + *end + "\"> element)");
            (end == &p.source ? e.source : e.target) = it->second.first;
        }
    }
}

void GraphMLSax::resolveGraphData() {
    std::map<std::string, std::string> keyOfName;
    for (const auto& [keyId, data] : given_) {
        const auto k = keys_.find(keyId);
        if (k == keys_.end()) throw InputError(file_, data.line, "<data key=\"" + keyId + "\"> names no <key id=\"" + keyId + "\">");
        if (k->second.domain != "graph" && k->second.domain != "all")
            throw InputError(file_, data.line, "<data key=\"" + keyId + "\"> on the graph, but key \"" + keyId + "\" is declared for=\"" +
                                                   k->second.domain + "\" (line " + std::to_string(k->second.line) + ")");
        const auto [it, fresh] = keyOfName.emplace(k->second.name, keyId);
        if (!fresh)
            throw InputError(file_, data.line, "the graph gives two values named \"" + k->second.name + "\" (keys \"" + it->second +
                                                   "\" and \"" + keyId + "\")");
        out_.graphData[k->second.name] = data.value;
    }
    for (const auto& [keyId, k] : keys_)
        if (k.hasDefault && (k.domain == "graph" || k.domain == "all")) out_.graphData.emplace(k.name, k.defaultValue);
}

GraphMLGraph GraphMLSax::run() {
    const int fd = openRegularFile(file_);
    const long long bytes = fileSize(fd);
    const double limit = maxInputBytes() > 0 ? maxInputBytes() : double(kGraphMLMaxBytes);
    if (double(bytes) > limit) {
        ::close(fd);
        throw InputError(file_, 0, "file of " + std::to_string(bytes) + " bytes is larger than the limit of " +
                                       std::to_string((long long)limit) + " bytes for GraphML (--max-input-size to change)");
    }
    // Through zlib: a gzip file (NetworkX writes "g.graphml.gz") is inflated, a plain one passes unchanged. The
    // limit on the parser's byte index (above) bounds what a small compressed file may expand to.
    struct Gz {
        gzFile gz;
        ~Gz() { if (gz) gzclose(gz); }
    } in{gzdopen(fd, "rb")};
    if (!in.gz) {
        ::close(fd);
        throw InputError(file_, 0, "cannot open file for reading");
    }
    for (bool last = false; !last;) {
        void* buffer = XML_GetBuffer(parser_, kGraphMLChunk);
        if (!buffer) throw std::bad_alloc();
        const int got = gzread(in.gz, buffer, kGraphMLChunk);
        if (got < 0) {
            int err = 0;
            throw InputError(file_, line(), std::string("file is damaged or truncated (") + gzerror(in.gz, &err) + ")");
        }
        last = got == 0;
        int err = Z_OK;
        if (last && (gzerror(in.gz, &err), err != Z_OK && err != Z_STREAM_END))
            throw InputError(file_, line(), "compressed file is truncated or damaged (end of the gzip stream missing)");
        if (XML_ParseBuffer(parser_, got, last) != XML_STATUS_OK) {
            if (error_) std::rethrow_exception(error_);
            throw InputError(file_, line(), std::string("not valid GraphML: ") + XML_ErrorString(XML_GetErrorCode(parser_)) +
                                                " (XML, column " + std::to_string(XML_GetCurrentColumnNumber(parser_) + 1) + ")");
        }
    }
    if (graphLine_ == 0) throw InputError(file_, 0, "no <graph> element: expected <graphml><graph>…</graph></graphml>");
    resolveEdges();
    resolveGraphData();
    return std::move(out_);
}

}  // namespace

GraphMLGraph readGraphML(const std::string& file) {
    GraphMLSax reader(file);
    return reader.run();
}

}  // namespace px::io
