#pragma once
// Error types of the engine. Input errors carry the file, the line and what was expected,
// so the app can show them in a dialog and pxrun can print them and exit non-zero.
#include <stdexcept>
#include <string>

namespace px {

// A path as a message quotes it: control characters escaped (a line feed as \n, other bytes below 0x20 and
// 0x7f as \xNN), so that a file name cannot forge a second line of an error or warning (say, a name holding
// "\nerror: …") nor send escape sequences to a terminal. Every message that names a file goes through here.
inline std::string printablePath(const std::string& path) {
    static const char* const hex = "0123456789abcdef";
    std::string out;
    out.reserve(path.size());
    for (const char c : path) {
        const auto b = static_cast<unsigned char>(c);
        if (b == '\n') out += "\\n";
        else if (b < 0x20 || b == 0x7f) out += std::string("\\x") + hex[b >> 4] + hex[b & 0xf];
        else out += c;
    }
    return out;
}

// Malformed input: names the file, the 1-based line (0 = whole file) and what was expected. The message
// quotes the file through printablePath; file() is the path as given.
class InputError : public std::runtime_error {
public:
    InputError(std::string file, long line, std::string problem)
        : std::runtime_error(format(file, line, problem)),
          file_(std::move(file)), line_(line), problem_(std::move(problem)) {}
    const std::string& file() const { return file_; }
    long line() const { return line_; }
    const std::string& problem() const { return problem_; }

private:
    static std::string format(const std::string& f, long line, const std::string& p) {
        std::string s = f.empty() ? std::string("(an empty path)") : printablePath(f);
        if (line > 0) s += ":" + std::to_string(line);
        return s + ": " + printable(p);
    }
    // A problem may quote the input: what reaches a terminal or a dialog is printable UTF-8 of bounded length.
    // Control characters and bytes that are not UTF-8 become '?'; a quote of a binary file is not shown at all
    // (it would be a row of '?'): the message says so instead, from the quote's opening mark on.
    static std::string printable(const std::string& p) {
        constexpr std::size_t kLongest = 400;
        std::string out;
        std::size_t replaced = 0, firstReplaced = std::string::npos;
        for (std::size_t i = 0; i < p.size() && out.size() < kLongest;) {
            const auto c = static_cast<unsigned char>(p[i]);
            const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
            bool ok = len > 0 && i + len <= p.size() && (len == 1 ? (c >= 0x20 && c != 0x7f) || c == '\n' : true);
            for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(p[i + k]) >> 6) == 0x2;
            if (ok) out.append(p, i, len);
            else {
                if (firstReplaced == std::string::npos) firstReplaced = out.size();
                out += '?';
                ++replaced;
            }
            i += ok ? len : 1;
        }
        if (replaced > 8) {
            const std::size_t quote = out.rfind('\'', firstReplaced);
            out.resize(quote != std::string::npos && firstReplaced - quote < 80 ? quote : firstReplaced);
            return out + "binary bytes (the input looks like a binary file, not text)";
        }
        if (out.size() >= kLongest && p.size() > out.size()) out += "…";
        return out;
    }
    std::string file_;
    long line_;
    std::string problem_;
};

// A computation refused (or stopped) because it would need more memory or time than allowed; the
// message gives the estimate and the limit.
class ResourceError : public std::runtime_error {
public:
    explicit ResourceError(const std::string& what) : std::runtime_error(what) {}
};

// Thrown by long computations when their Progress reports cancellation.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled by the user") {}
};

}  // namespace px
