#pragma once
// Writing files so that nothing half-written ever carries a final name. The content goes to a
// temporary file beside the target ("path.tmp.PID.N"), is flushed to the disk (fsync), and only then
// renamed over the target; the folder is synced so that the rename survives a crash. On any failure
// the temporary file is removed, the previous file (if any) is left as it was, and the error names
// the file and the cause ("disk full", "permission denied", …).
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace px {

void writeFileAtomically(const std::string& path, std::string_view bytes);
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// What an errno means to a user ("disk full (no space left on device)", …).
std::string fileErrorText(int err);
// Writes all of `bytes` to `fd` (retrying short writes and EINTR); throws InputError(path, 0, …).
void writeAllToDescriptor(int fd, std::string_view bytes, const std::string& path);
// fsync of a descriptor, and of the folder holding `path` (so that a create or rename is durable).
void syncDescriptor(int fd, const std::string& path);
void syncFolderOf(const std::string& path);

namespace testing {
// Fault injection for tests: after `bytes` more bytes, every write fails with ENOSPC (−1: off).
void failWritesWithDiskFullAfter(long long bytes);
}  // namespace testing

}  // namespace px
