package cpuclock

import "time"

// rusageThread is Linux's RUSAGE_THREAD: the calling thread's usage.
const rusageThread = 1

func thread() (time.Duration, bool) { return usage(rusageThread) }
