// Reading JSON input files strictly (JsonInput.h): size limits, duplicate keys and parse errors with line numbers.
#include "common/JsonInput.h"

#include "common/RegularFile.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <cerrno>
#include <cstring>
#include <set>
#include <unistd.h>
#include <vector>

namespace px {

std::string jsonPath(const std::string& parent, const std::string& key) {
    std::string escaped;  // RFC 6901: '~' is written ~0 and '/' is written ~1; control characters as a path's, for messages
    for (char c : printablePath(key)) escaped += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return jsonPointer(parent) + "/" + escaped;
}
std::string jsonPath(const std::string& parent, std::size_t index) { return jsonPointer(parent) + "/" + std::to_string(index); }

std::string jsonPointer(const std::string& path) {
    if (path.empty()) return path;
    const bool dotted = path[0] != '/';  // "a.b[2]"; a pointer may still end in an index written "[2]"
    std::string out = dotted ? "/" : "";
    for (char c : path) {
        if (c == '[' || (dotted && c == '.')) out += '/';
        else if (c != ']') out += c;
    }
    return out;
}

namespace {

long lineAt(const std::string& text, std::size_t byte) {
    return 1 + long(std::count(text.begin(), text.begin() + long(std::min(byte, text.size())), '\n'));
}

// The byte where the nesting first exceeds maxDepth (outside strings), or npos.
std::size_t firstTooDeep(const std::string& text, int maxDepth) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth) return i;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::string::npos;
}

// The byte of the n-th (0-based) occurrence of "key" used as a key (followed by ':'), or 0.
std::size_t keyOccurrence(const std::string& text, const std::string& key, int n) {
    const std::string quoted = nlohmann::json(key).dump();
    for (std::size_t at = text.find(quoted); at != std::string::npos; at = text.find(quoted, at + 1)) {
        std::size_t j = at + quoted.size();
        while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j < text.size() && text[j] == ':' && n-- == 0) return at;
    }
    return 0;
}

// The library's message without its "[json.exception.parse_error.101] " tag and the "parse error at line L, column
// C: " the message's own line replaces: "syntax error while parsing value - invalid literal; last read: 'x'".
std::string withoutLibraryTag(std::string what) {
    if (what.rfind("[json.exception.", 0) == 0 && what.find("] ") != std::string::npos) what.erase(0, what.find("] ") + 2);
    if (const auto colon = what.find(": "); what.rfind("parse error", 0) == 0 && colon != std::string::npos) {
        const auto column = what.find("column ");
        what = (column != std::string::npos && column < colon ? "at " + what.substr(column, colon - column) + ", " : std::string()) + what.substr(colon + 2);
    }
    return what;
}

// SAX events of nlohmann::json: tracks the open objects and arrays, their keys seen and the path.
class StrictSax : public nlohmann::json_sax<nlohmann::json> {
public:
    StrictSax(const std::string& text, const std::string& source) : text_(text), source_(source) {}
    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        Level& l = stack_.back();
        const int seen = keyCount_[k]++;
        if (!l.keys.insert(k).second)
            throw InputError(source_, lineAt(text_, keyOccurrence(text_, k, seen)), "duplicate key \"" + jsonPath(l.path, k) + "\" (JSON keys must be unique; which one would win is not defined)");
        l.pendingKey = k;
        return true;
    }
    bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) override {
        // 406: a number beyond a double (1e400), which the library reports as "[json.exception.out_of_range.406]
        // number overflow parsing '1e400'". Said in a user's words, naming the field it was given for.
        if (e.id == 406) throw InputError(source_, lineAt(text_, position), placeOfNextValue() + "the number " + token.substr(0, 40) + " is out of range (a number must lie within ±1.8e308)");
        throw InputError(source_, lineAt(text_, position), "not valid JSON: " + withoutLibraryTag(e.what()));
    }

private:
    struct Level {
        bool object = false;
        std::string path;
        std::set<std::string> keys;
        std::string pendingKey;
        std::size_t index = 0;
    };
    std::string childPath() {
        if (stack_.empty()) return "";
        Level& l = stack_.back();
        return l.object ? jsonPath(l.path, l.pendingKey) : jsonPath(l.path, l.index++);
    }
    bool value() {
        childPath();
        return true;
    }
    // "field \"/a/2\": " for the value about to be read, "" at the top of the document.
    std::string placeOfNextValue() const {
        if (stack_.empty()) return "";
        const Level& l = stack_.back();
        return "field \"" + (l.object ? jsonPath(l.path, l.pendingKey) : jsonPath(l.path, l.index)) + "\": ";
    }
    bool open(bool object) {
        Level l;
        l.object = object;
        l.path = childPath();
        stack_.push_back(std::move(l));
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }
    const std::string& text_;
    const std::string& source_;
    std::vector<Level> stack_;
    std::map<std::string, int> keyCount_;  // occurrences so far, to find a duplicate's line
};

}  // namespace

nlohmann::json parseJsonInput(const std::string& text, const std::string& source) {
    if (const std::size_t deep = firstTooDeep(text, kMaxJsonDepth); deep != std::string::npos)
        throw InputError(source, lineAt(text, deep), "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels; refusing to read it");
    StrictSax sax(text, source);
    nlohmann::json::sax_parse(text, &sax);  // throws InputError on duplicates, depth or syntax
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(source, lineAt(text, e.byte), "not valid JSON: " + withoutLibraryTag(e.what()));
    }
}

std::string readRegularFile(const std::string& path, std::size_t maxBytes) {
    const int fd = openRegularFile(path);
    const long long size = fileSize(fd);
    if (std::size_t(size) > maxBytes) {
        ::close(fd);
        throw InputError(path, 0, "file of " + std::to_string(size) + " bytes is larger than the limit of " + std::to_string(maxBytes) + " bytes for this kind of input");
    }
    std::string text(std::size_t(size), '\0');
    std::size_t have = 0;
    while (have < text.size()) {
        const ssize_t got = ::read(fd, &text[have], text.size() - have);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            const int e = errno;
            ::close(fd);
            throw InputError(path, 0, std::string("cannot read file: ") + std::strerror(e));
        }
        if (got == 0) break;  // the file shrank while we read it
        have += std::size_t(got);
    }
    ::close(fd);
    text.resize(have);
    return text;
}

}  // namespace px
