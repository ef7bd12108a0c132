//go:build amd64 && !purego

package sweep

// haveSlab4 reports whether slab4 is the SSE2 assembly (slab4_amd64.s).
const haveSlab4 = true

// slab4 is enterChildren for a walk that moves along every axis, four
// children at a time in SSE2 registers: it stores the children's entry
// times in t and their exit times in x (a child is entered by tmax when
// t[c] <= x[c]). The arithmetic is enterChildren's (the same roundings in
// the same order), so the times are the same up to the sign of a zero.
//
//go:noescape
func slab4(n *wnode, a *[3]slabAxis, tmax float64, t, x *[4]float64)
