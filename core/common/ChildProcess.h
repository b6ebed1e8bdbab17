#pragma once
// Runs a computation that offers no way to stop it (libsvm's solver has no callback and may run for
// minutes with a large C) in a forked child process, so that it can still be cancelled: the parent
// waits for the result on a pipe, checks `stop` every 20 ms and kills the child when asked.
//
// The child only computes: `work` must not start threads, take locks other threads may hold at the
// fork (the C library's allocator is safe), or write files. The result is the same as calling work()
// in-process; when fork() itself fails the work runs in-process (and cannot be cancelled).
#include "common/Progress.h"

#include <functional>
#include <string>
#include <vector>

namespace px {

// Throws px::Cancelled when `stop` reports cancellation (the child is killed and reaped), and
// std::runtime_error naming `what` when the child dies (e.g. killed for lack of memory).
std::vector<double> computeInChildProcess(const std::function<std::vector<double>()>& work, const Progress* stop,
                                          const std::string& what);

namespace testing {
// How many child processes computeInChildProcess has started (to check which path a test takes).
long childProcessesStarted();
}  // namespace testing

}  // namespace px
