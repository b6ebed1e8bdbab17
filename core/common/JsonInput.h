#pragma once
// Reading JSON inputs (sweep specs, depth specs, pattern files, sessions) strictly. Before the
// document is built, one pass over its events refuses what nlohmann::json would silently accept:
// duplicate keys (one would win) and nesting deeper than kMaxJsonDepth (deep nesting is an attack on
// recursive code, and no input of ours is more than a few levels deep). Errors are px::InputError
// naming the source, the line and the field as a JSON pointer, e.g. `/budget/values/3`.
#include "common/Error.h"

#include <nlohmann/json.hpp>
#include <string>

namespace px {

constexpr int kMaxJsonDepth = 64;

nlohmann::json parseJsonInput(const std::string& text, const std::string& source);

// The bytes of a regular file (symlinks followed once), at most maxBytes; pipes, sockets, devices
// and folders are refused by name, so that a FIFO in place of a spec cannot hang a command.
std::string readRegularFile(const std::string& path, std::size_t maxBytes = std::size_t(256) << 20);

// A field's place for messages, as a JSON pointer (RFC 6901): "/budget/values/3" from its parts; the
// document itself is "". A key's control characters are escaped as printablePath does (a key "a⏎b" is
// "/a\nb"), so that a key cannot forge a line of a message either.
std::string jsonPath(const std::string& parent, const std::string& key);
std::string jsonPath(const std::string& parent, std::size_t index);
// The JSON pointer of a path written as "budget.values[3]" (or already a pointer: returned as it is).
std::string jsonPointer(const std::string& path);

}  // namespace px
