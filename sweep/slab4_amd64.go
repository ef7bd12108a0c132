//go:build amd64 && !purego

package sweep

// haveSlab4 reports whether slab4 is the SSE2 assembly (slab4_amd64.s).
const haveSlab4 = true

// useAVX2 reports whether the CPU and the OS support AVX2, so that
// slab4AVX2 can stand in for slab4.
var useAVX2 = hasAVX2()

// slab4 is enterChildren for a walk that moves along every axis, four
// children at a time in SSE2 registers: it stores the children's entry
// times in t and their exit times in x (a child is entered by tmax when
// t[c] <= x[c]). The arithmetic is enterChildren's (the same roundings in
// the same order), so the times are the same up to the sign of a zero.
//
//go:noescape
func slab4(n *wnode, a *[3]slabAxis, tmax float64, t, x *[4]float64)

// slab4AVX2 is slab4 with the four children in one AVX2 register: the
// same values in the same order (its decoding's FMA is exact, see SIDE4),
// so the same entry times in t (TestSlab4MatchesGo), for a walk with still
// axes too (the same times as enterChildrenGo). It returns the mask of
// the used children entered (enteredMask of slab4's times, masked with
// n.live) and stores no exit times. It is walk4AVX2's test on its own,
// for TestSlab4MatchesGo. Call it only when useAVX2 is true.
//
//go:noescape
func slab4AVX2(n *wnode, a *[3]slabAxis, tmax float64, t *[4]float64) (in int)

// walk4AVX2 is walker.nextGo's loop in assembly, for every walk (see
// walker.next). Starting from ref (an entry already popped,
// or emptyRef to pop first), it pops the stack and expands inner nodes
// (children by slab4AVX2's arithmetic, pushed as walker.push pushes them)
// until it holds a leaf, which it returns; it returns emptyRef when the
// stack is empty, and an inner node when the stack has no room for its
// children (the caller spills and calls again with that node). The stack
// pointer is stored back.
//
//go:noescape
func walk4AVX2(w *walker, tmax float64, ref uint32) uint32

// cpuid executes CPUID with EAX = leaf and ECX = sub.
func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// xgetbv0 returns XCR0, the register state the OS saves.
func xgetbv0() (a, d uint32)

// hasAVX2 reports AVX2 support: CPUID leaf 7 EBX bit 5, with AVX
// (leaf 1 ECX bit 28), FMA (bit 12, slab4AVX2's decoding) and OSXSAVE
// (bit 27), and XCR0 showing that the OS saves the XMM and YMM state
// (bits 1 and 2).
func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	if c1&(1<<12) == 0 || c1&(1<<27) == 0 || c1&(1<<28) == 0 {
		return false
	}
	if xcr0, _ := xgetbv0(); xcr0&6 != 6 {
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	return b7&(1<<5) != 0
}
