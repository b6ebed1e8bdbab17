#pragma once
// The lexical level of GML, the Graph Modelling Language [Himsolt 1997], as NetworkX's write_gml writes it and
// read_gml reads it:
//  - a key: a letter or '_', then letters, digits and '_' (Himsolt allows letters and digits; NetworkX adds '_');
//  - an integer: an optional sign and digits; a real: an optional sign, digits with a decimal point ("1.5", ".5",
//    "1.") and an optional exponent ("1.E+20"), or "+INF" / "-INF" (NetworkX writes infinity so; a bare INF or NAN
//    is a key to the lexer, and the parser takes it as a real where a value is due);
//  - a string in double quotes, on one line or several, holding no '"' (NetworkX writes '"' as &#34;); HTML-style
//    character references are decoded: &#NN; (decimal), &#xHH; (hexadecimal) and the entities &amp; &quot; &lt;
//    &gt; &apos; &nbsp;, to UTF-8. A '&' that does not start "&…;" stays as it is (as NetworkX leaves it); an
//    unknown entity, a reference to no character (0, a surrogate, past U+10FFFF) and a NUL byte are refused;
//  - '[' and ']' around a list;
//  - a comment from '#' to the end of the line, and white space between tokens.
// Anything else (a NUL byte, a control character, '{', …) is refused with the line where it stands.
#include <cstddef>
#include <string>

namespace px::io {

// A string longer than this is refused (names and class labels are short).
constexpr std::size_t kGmlMaxStringBytes = std::size_t(1) << 20;

struct GmlToken {
    enum class Kind { Key, Integer, Real, String, Open, Close, End };
    Kind kind = Kind::End;
    std::string text;  // Key: its name; Integer, Real: as written; String: decoded, without the quotes
    long line = 0;
};

// "a key 'x'", "the integer 12", "a string", "'['", "the end of the file", … for messages.
std::string describeToken(const GmlToken& t);

class GmlTokenizer {
public:
    // `text` must outlive the tokenizer; `file` names it in errors (InputError(file, line, …)).
    GmlTokenizer(const std::string& text, const std::string& file) : s_(text), file_(file) {}
    GmlToken next();
    long line() const { return line_; }

private:
    [[noreturn]] void fail(long line, const std::string& problem) const;
    void skipSpaceAndComments();
    GmlToken number();
    GmlToken key();
    GmlToken quoted();
    // Decodes the reference at s_[at] == '&' into `out`; returns one past it, or `at` when it is no reference.
    std::size_t reference(std::size_t at, std::string& out) const;

    const std::string& s_;
    const std::string& file_;
    std::size_t at_ = 0;
    long line_ = 1;
};

}  // namespace px::io
