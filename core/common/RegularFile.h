#pragma once
// Opening input files safely: the path is resolved once (by open(2), following symlinks), and the
// checks apply to the opened object itself (fstat), so nothing can swap a FIFO or a device in between.
// A FIFO is opened without blocking, so it is refused by name instead of hanging the reader.
#include <string>

namespace px {

// A descriptor of the regular file at `path`, blocking reads restored; the caller closes it.
// Throws InputError(path, 0, …) for a missing file, a folder, a pipe, socket or device.
int openRegularFile(const std::string& path);

// Why a path cannot be reached, in a user's words, from the errno of a failed open(2) or stat(2): "no such
// file or folder", "a symbolic link loop (…)", "permission denied", …; an unusual errno as strerror says it.
std::string pathErrorText(int err);

// The size in bytes of the file behind an open descriptor.
long long fileSize(int fd);

}  // namespace px
