// GML tokens [Himsolt 1997] (see GmlTokens.h).
#include "io/GmlTokens.h"

#include "common/Error.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace px::io {

namespace {
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isKeyChar(char c) { return isLetter(c) || isDigit(c); }

// A byte for a message: printable ASCII as itself, else its value (a NUL byte, a control byte, …).
std::string describeByte(char c) {
    if (c == '\0') return "a NUL byte (is this a binary file?)";
    if (c > ' ' && c < 127) return std::string("the character '") + c + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", unsigned(static_cast<unsigned char>(c)));
    return std::string("the byte ") + buf;
}

// At most `n` characters of `s` for a message, printable.
std::string excerpt(const std::string& s, std::size_t n = 40) {
    std::string out;
    for (char c : s.substr(0, n)) out += (c >= ' ' && c < 127) ? std::string(1, c) : "?";
    return s.size() > n ? out + "…" : out;
}

void appendUtf8(unsigned long cp, std::string& out) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// The named entities accepted: XML's five and the no-break space.
long namedEntity(const std::string& name) {
    static const std::pair<const char*, long> known[] = {{"amp", '&'}, {"quot", '"'}, {"lt", '<'}, {"gt", '>'}, {"apos", '\''}, {"nbsp", 0xA0}};
    for (const auto& [n, cp] : known)
        if (name == n) return cp;
    return -1;
}
}  // namespace

std::string describeToken(const GmlToken& t) {
    switch (t.kind) {
    case GmlToken::Kind::Key: return "a key '" + excerpt(t.text) + "'";
    case GmlToken::Kind::Integer: return "the integer " + excerpt(t.text);
    case GmlToken::Kind::Real: return "the real number " + excerpt(t.text);
    case GmlToken::Kind::String: return "the string \"" + excerpt(t.text) + "\"";
    case GmlToken::Kind::Open: return "'['";
    case GmlToken::Kind::Close: return "']'";
    case GmlToken::Kind::End: return "the end of the file";
    }
    return "?";
}

void GmlTokenizer::fail(long line, const std::string& problem) const { throw InputError(file_, line, problem); }

void GmlTokenizer::skipSpaceAndComments() {
    while (at_ < s_.size()) {
        const char c = s_[at_];
        if (c == '\n') {
            ++line_;
            ++at_;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++at_;
        } else if (c == '#') {
            while (at_ < s_.size() && s_[at_] != '\n') ++at_;
        } else {
            return;
        }
    }
}

GmlToken GmlTokenizer::next() {
    skipSpaceAndComments();
    GmlToken t;
    t.line = line_;
    if (at_ >= s_.size()) return t;
    const char c = s_[at_];
    if (c == '[' || c == ']') {
        ++at_;
        t.kind = c == '[' ? GmlToken::Kind::Open : GmlToken::Kind::Close;
        return t;
    }
    if (c == '"') return quoted();
    if (isDigit(c) || c == '+' || c == '-' || c == '.') return number();
    if (isLetter(c)) return key();
    fail(line_, describeByte(c) + " where a key, a number, a string, '[' or ']' was expected");
}

GmlToken GmlTokenizer::key() {
    const std::size_t start = at_;
    while (at_ < s_.size() && isKeyChar(s_[at_])) ++at_;
    return {GmlToken::Kind::Key, s_.substr(start, at_ - start), line_};
}

GmlToken GmlTokenizer::number() {
    const std::size_t start = at_;
    const auto digits = [&] {
        const std::size_t from = at_;
        while (at_ < s_.size() && isDigit(s_[at_])) ++at_;
        return at_ - from;
    };
    const bool signed_ = s_[at_] == '+' || s_[at_] == '-';
    if (signed_) ++at_;
    if (signed_ && s_.compare(at_, 3, "INF") == 0 && (at_ + 3 >= s_.size() || !isKeyChar(s_[at_ + 3]))) {
        at_ += 3;
        return {GmlToken::Kind::Real, s_.substr(start, at_ - start), line_};
    }
    std::size_t count = digits();
    bool real = false;
    if (at_ < s_.size() && s_[at_] == '.') {
        ++at_;
        real = true;
        count += digits();
    }
    if (count == 0) fail(line_, "'" + excerpt(s_.substr(start, at_ - start + 1)) + "' is not a number (expected digits)");
    if (at_ < s_.size() && (s_[at_] == 'e' || s_[at_] == 'E')) {
        const std::size_t mark = at_++;
        if (at_ < s_.size() && (s_[at_] == '+' || s_[at_] == '-')) ++at_;
        if (digits() == 0) at_ = mark;  // no exponent: the 'E' is left to fail below
        else real = true;
    }
    if (at_ < s_.size() && (isKeyChar(s_[at_]) || s_[at_] == '.'))
        fail(line_, "'" + excerpt(s_.substr(start, at_ - start + 1)) + "' is not a number (" + describeByte(s_[at_]) + " follows the digits)");
    return {real ? GmlToken::Kind::Real : GmlToken::Kind::Integer, s_.substr(start, at_ - start), line_};
}

std::size_t GmlTokenizer::reference(std::size_t at, std::string& out) const {
    std::size_t end = at + 1;
    while (end < s_.size() && end - at <= 32 && (isKeyChar(s_[end]) || s_[end] == '#')) ++end;
    if (end >= s_.size() || s_[end] != ';' || end == at + 1) return at;  // no "&…;": a plain '&'
    const std::string name = s_.substr(at + 1, end - at - 1);
    const std::string written = "&" + name + ";";
    long cp = -1;
    if (name[0] == '#') {
        const bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
        const std::string body = name.substr(hex ? 2 : 1);
        bool ok = !body.empty() && body.size() <= 8;
        for (char c : body) ok = ok && (hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : isDigit(c));
        if (!ok) fail(line_, "the character reference " + excerpt(written) + " is not a number (expected &#NN; or &#xHH;)");
        cp = std::strtol(body.c_str(), nullptr, hex ? 16 : 10);
        if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            fail(line_, "the character reference " + written + " names no character that a string may hold");
    } else {
        cp = namedEntity(name);
        if (cp < 0)
            fail(line_, "unknown entity " + excerpt(written) + " in a string (known: &amp; &quot; &lt; &gt; &apos; &nbsp; and &#NN;)");
    }
    appendUtf8((unsigned long)cp, out);
    return end + 1;
}

GmlToken GmlTokenizer::quoted() {
    GmlToken t{GmlToken::Kind::String, {}, line_};
    std::size_t i = at_ + 1;
    while (i < s_.size() && s_[i] != '"') {
        const char c = s_[i];
        if (c == '\0') fail(line_, "a NUL byte inside a string (is this a binary file?)");
        if (t.text.size() > kGmlMaxStringBytes)
            fail(t.line, "a string longer than " + std::to_string(kGmlMaxStringBytes) + " bytes; refusing to read it");
        if (c == '&') {
            const std::size_t after = reference(i, t.text);
            if (after != i) {
                i = after;
                continue;
            }
        }
        if (c == '\n') ++line_;
        t.text += c;
        ++i;
    }
    if (i >= s_.size()) fail(t.line, "a string opened on this line is never closed (a '\"' is missing)");
    at_ = i + 1;
    return t;
}

}  // namespace px::io
