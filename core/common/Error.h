#pragma once
// Error types of the engine. Input errors carry the file, the line and what was expected,
// so the app can show them in a dialog and pxrun can print them and exit non-zero.
#include <stdexcept>
#include <string>

namespace px {

// Malformed input: names the file, the 1-based line (0 = whole file) and what was expected.
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
        std::string s = f;
        if (line > 0) s += ":" + std::to_string(line);
        return s + ": " + p;
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
