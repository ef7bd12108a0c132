// Package fusecheck holds only a test: that no function of the packages
// whose arithmetic makes an answer (the core, its references, the judge,
// the hunter, the level loaders and the case generators) contains a
// multiply-add the compiler fused on its own.
//
// Go may fuse x*y + z into one instruction with a single rounding, and
// does on arm64 (Apple Silicon Macs, Windows on Arm), ppc64le, s390x,
// riscv64 and amd64 built with GOAMD64=v3. A fused sum differs from the
// rounded one in its last bits, so an answer there would differ from the
// same answer on a PC, and a fixture exported on one could replay
// differently on the other. Those packages round every product before it
// is added (an explicit conversion, float64(x*y), which the specification
// says prevents fusion), and call geom's rounded forms of mgl64's vector
// methods (geom/rounded.go); docs/architecture.md, "The same answers on
// every CPU", says more. The test builds the debugger and the core's test
// binary for linux/arm64 and looks for the fused instructions in their
// machine code, so it catches a product added back by hand or a method of
// mgl64's called again.
package fusecheck
