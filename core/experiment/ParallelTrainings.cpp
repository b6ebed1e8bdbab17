#include "experiment/ParallelTrainings.h"

#ifdef PX_HAVE_NEURAL
#include "neural/GinTrainer.h"
#endif

#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>

namespace px::experiment {

void runTrainings(int count, const neural::GinParams& gin, const std::function<void(int)>& train) {
#ifdef PX_HAVE_NEURAL
    if (gin.parallelTrainings > 1 && count > 1) {
        neural::withTrainingThreads(gin.threads, [&] {
            tbb::task_arena arena(std::min({gin.parallelTrainings, count, tbb::info::default_concurrency()}));
            arena.execute([&] { tbb::parallel_for(0, count, 1, [&](int i) { train(i); }); });
        });
        return;
    }
#endif
    (void)gin;
    for (int i = 0; i < count; ++i) train(i);
}

}  // namespace px::experiment
