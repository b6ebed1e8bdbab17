#pragma once
// How deep a Graphviz DOT file nests, measured by a lexer that knows DOT's comments and strings, before
// Boost's read_graphviz sees the file: that parser recurses once per subgraph level, so a file of 10⁵ nested
// subgraphs would overflow the stack.
//
// The lexer follows "The DOT Language" (graphviz.org) as Boost.Graph's reader (read_graphviz_new) tokenizes
// it, because the count must match what that parser recurses on:
//  - `/* … */` and `// …` comments; a `//` comment ends at the first line break (LF, CR or FF);
//  - a `#` comment (a line of C preprocessor output) to the end of the line, where Boost's reader takes one:
//    at the start of a line or right after a token (`a#…`), not after spaces on the same line;
//  - double-quoted strings, in which a backslash escapes the next character (a quote, a line break, …);
//  - HTML strings `<…>`: read tag by tag, as Boost does (quoted attribute values may hold `>`; CDATA sections
//    are skipped), until the tags opened since the first `<` are closed. (Graphviz itself counts angle
//    brackets; Boost ends `<<a/>` after the empty tag, so counting brackets would hide the code after it.)
// Braces and brackets outside these nest; deeper than kDotMaxNesting is refused with the line. A string, HTML
// string or comment that is never closed, and an HTML string with other contents than tags, text and CDATA,
// are refused here too (Boost's reader refuses them as well), naming the line where they open.
#include <string>

namespace px::io {

constexpr int kDotMaxNesting = 256;

// Throws InputError(file, line, …) as described above.
void checkDotNesting(const std::string& text, const std::string& file);

}  // namespace px::io
