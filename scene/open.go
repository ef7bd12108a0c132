package scene

// Progress receives the fraction of a load done so far, in [0, 1]. It is
// called from the loading goroutine; nil means no reporting. The loaders
// report non-decreasing values and end a successful load with exactly 1.
type Progress func(done float64)
