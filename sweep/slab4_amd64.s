//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// SIDE folds one side of axis P's slabs (the min or the max bounds of the
// four children) into A (children 0-1) and B (children 2-3): the codes at
// the offset stored at P+Q of DI are widened to int32 and converted,
// decoded as o + q*s with the origin in X0 and the step in X1 (separately
// rounded: no FMA in SSE2), offset by the slabAxis value at P+O, scaled by
// the one at P+S and folded in with MINPD, as enterChildren does in Go.
// X7 is zero.
#define SIDE(P, Q, O, S, A, B) \
	MOVQ (P+Q)(DI), AX; \
	MOVSS (SI)(AX*1), X2; \
	PUNPCKLBW X7, X2; \
	PUNPCKLWL X7, X2; \
	CVTPL2PD X2, X3; \
	PSHUFD $0xEE, X2, X2; \
	CVTPL2PD X2, X2; \
	MULPD X1, X3; \
	MULPD X1, X2; \
	ADDPD X0, X3; \
	ADDPD X0, X2; \
	MOVSD (P+O)(DI), X4; \
	UNPCKLPD X4, X4; \
	SUBPD X4, X3; \
	SUBPD X4, X2; \
	MOVSD (P+S)(DI), X4; \
	UNPCKLPD X4, X4; \
	MULPD X4, X3; \
	MULPD X4, X2; \
	MINPD X3, A; \
	MINPD X2, B

// AXIS applies axis i (its slabAxis at offset P of DI) to the four
// children of the node at SI: X8, X9 hold minus the entry times of
// children 0-1 and 2-3, X10, X11 their exit times. It loads the node's
// origin (X0) and power-of-two step (X1, built from its exponent) on the
// axis, then folds in both sides (SIDE).
#define AXIS(i, P) \
	MOVSS (4*i)(SI), X0; \
	CVTSS2SD X0, X0; \
	UNPCKLPD X0, X0; \
	MOVBQSX (52+i)(SI), AX; \
	ADDQ $1023, AX; \
	SHLQ $52, AX; \
	MOVQ AX, X1; \
	UNPCKLPD X1, X1; \
	SIDE(P, 0, 16, 32, X8, X9); \
	SIDE(P, 8, 24, 40, X10, X11)

// func slab4(n *wnode, a *[3]slabAxis, tmax float64, t, x *[4]float64)
TEXT ·slab4(SB), NOSPLIT, $0-40
	MOVQ n+0(FP), SI
	MOVQ a+8(FP), DI
	MOVSD tmax+16(FP), X10
	UNPCKLPD X10, X10
	MOVUPS X10, X11
	XORPS X8, X8
	XORPS X9, X9
	PXOR X7, X7
	AXIS(0, 0)
	AXIS(1, 48)
	AXIS(2, 96)
	XORPS X12, X12
	SUBPD X8, X12
	XORPS X13, X13
	SUBPD X9, X13
	MOVQ t+24(FP), AX
	MOVUPS X12, 0(AX)
	MOVUPS X13, 16(AX)
	MOVQ x+32(FP), AX
	MOVUPS X10, 0(AX)
	MOVUPS X11, 16(AX)
	RET

// The AVX2 form tests the four children at once, one per lane of a YMM
// register, with the SSE2 form's arithmetic (the decoding fused, exactly:
// SIDE4) but for one sign: it keeps the entry times themselves, (near
// side - on) * inv folded in with VMAXPD from 0, where SIDE keeps their
// negations, (near side - on) * (-inv) folded in with MINPD from 0.
// Negating a product is exact, so the times are the same up to the sign
// of a zero (which no comparison of the walk sees; TestSlab4MatchesGo).
// The product is VMAXPD's and VMINPD's first source, so a NaN product is
// ignored (the instructions return the second source when either is NaN),
// as enterChildrenGo's minNum ignores it: that makes the same arithmetic
// exact on an axis along which the point does not move (inv = +Inf, the
// products infinite, or NaN for a point on a boundary: see
// walker.enterChildren), so the walk takes no other path for those. The
// slabAxis values are in registers (LOADAXES), the origins and steps are
// built per node.

// LOADAXES broadcasts the slabAxis values of the array at DI to the YMM
// registers SLAB4 reads: on, of and inv of axis 0 to Y2, Y3, Y4, of axis
// 1 to Y6, Y9, Y11, of axis 2 to Y12, Y13, Y15.
#define LOADAXES \
	VBROADCASTSD 16(DI), Y2; \
	VBROADCASTSD 24(DI), Y3; \
	VBROADCASTSD 40(DI), Y4; \
	VBROADCASTSD 64(DI), Y6; \
	VBROADCASTSD 72(DI), Y9; \
	VBROADCASTSD 88(DI), Y11; \
	VBROADCASTSD 112(DI), Y12; \
	VBROADCASTSD 120(DI), Y13; \
	VBROADCASTSD 136(DI), Y15

// SIDE4 folds one side of the slabs (Q: 0 near, 8 far) of the axis whose
// slabAxis is at P of DI into A with OP: the codes at that side's row
// offset, widened exactly (VPMOVZXBD, VCVTDQ2PD), decoded as o + q*s (the
// origin in Y0, the step in Y1) by one FMA, minus the offset in OFF, times
// 1/dir in INV, folded in with the product as OP's first source (a NaN
// product leaves A alone). The FMA rounds once where decodeCoord rounds the product
// and the sum: the same value, as q*s (q <= 255 times a power of two from
// 2^-128 to 2^127) is exact; it is a shorter latency on the walk's path
// from a node to its children. Scratch: AX, Y5.
#define SIDE4(P, Q, OFF, INV, OP, A) \
	MOVQ (P+Q)(DI), AX; \
	VPMOVZXBD (SI)(AX*1), X5; \
	VCVTDQ2PD X5, Y5; \
	VFMADD213PD Y0, Y1, Y5; \
	VSUBPD OFF, Y5, Y5; \
	VMULPD INV, Y5, Y5; \
	OP A, Y5, A

// AXIS4 folds axis i (slabAxis at P of DI, its values in ON, OF and INV)
// into Y8 (the entry times, VMAXPD) and Y10 (the exit times, VMINPD): the
// origin (float32, widened exactly) to Y0, the step (lane i of Y7) to Y1.
#define AXIS4(i, P, ON, OF, INV) \
	VBROADCASTSS (4*i)(SI), X0; \
	VCVTPS2PD X0, Y0; \
	VPERMPD $(i*0x55), Y7, Y1; \
	SIDE4(P, 0, ON, INV, VMAXPD, Y8); \
	SIDE4(P, 8, OF, INV, VMINPD, Y10)

// SLAB4 is the four children's test for the node at SI, the slabAxis
// array at DI (its values loaded by LOADAXES) and tmax in every lane of
// Y14: it leaves the entry times in Y8 and the mask of the used children
// entered (t <= x by VCMPPD's LE_OS, false for a NaN as Go's <=; and
// wnode.live) in AX. The steps 2^exp of the three axes are built at once
// in Y7 as (exp << 52) + (1023 << 52), the bits of (exp + 1023) << 52.
// Scratch: Y0, Y1, Y5, Y7, Y10.
#define SLAB4 \
	VPMOVSXBQ wnode_exp(SI), Y7; \
	VPSLLQ $52, Y7, Y7; \
	VPADDQ ·expBias(SB), Y7, Y7; \
	VXORPD Y8, Y8, Y8; \
	VMOVAPD Y14, Y10; \
	AXIS4(0, 0, Y2, Y3, Y4); \
	AXIS4(1, 48, Y6, Y9, Y11); \
	AXIS4(2, 96, Y12, Y13, Y15); \
	VCMPPD $2, Y10, Y8, Y5; \
	VMOVMSKPD Y5, AX; \
	ANDB wnode_live(SI), AX

// expBias is 1023 << 52 (the exponent bias in place) four times.
DATA ·expBias+0(SB)/8, $0x3ff0000000000000
DATA ·expBias+8(SB)/8, $0x3ff0000000000000
DATA ·expBias+16(SB)/8, $0x3ff0000000000000
DATA ·expBias+24(SB)/8, $0x3ff0000000000000
GLOBL ·expBias(SB), RODATA|NOPTR, $32

// func slab4AVX2(n *wnode, a *[3]slabAxis, tmax float64, t *[4]float64) (in int)
TEXT ·slab4AVX2(SB), NOSPLIT, $0-40
	MOVQ n+0(FP), SI
	MOVQ a+8(FP), DI
	VBROADCASTSD tmax+16(FP), Y14
	LOADAXES
	SLAB4
	MOVQ t+24(FP), DX
	VMOVUPD Y8, 0(DX)
	MOVQ AX, in+32(FP)
	VZEROUPPER
	RET

// TREELET prefetches the treelet block whose head is the node at SI
// (treelet.go): the 64-byte lines from the one after SI's through the
// one holding the block's last byte (treeletNodes nodes of 56 bytes end
// before SI+1176, which is at most in the line of SI+1216). A prefetch
// never faults, past the node array's end included.
#define TREELET \
	PREFETCHT0 64(SI); \
	PREFETCHT0 128(SI); \
	PREFETCHT0 192(SI); \
	PREFETCHT0 256(SI); \
	PREFETCHT0 320(SI); \
	PREFETCHT0 384(SI); \
	PREFETCHT0 448(SI); \
	PREFETCHT0 512(SI); \
	PREFETCHT0 576(SI); \
	PREFETCHT0 640(SI); \
	PREFETCHT0 704(SI); \
	PREFETCHT0 768(SI); \
	PREFETCHT0 832(SI); \
	PREFETCHT0 896(SI); \
	PREFETCHT0 960(SI); \
	PREFETCHT0 1024(SI); \
	PREFETCHT0 1088(SI); \
	PREFETCHT0 1152(SI); \
	PREFETCHT0 1216(SI)

// func walk4AVX2(w *walker, tmax float64, ref uint32) uint32
//
// walker.nextGo's loop (see walker.next), for any walk (still axes
// included: SLAB4 is exact for them): the same stack operations in the same order as the Go loop and
// walker.push, the children tested by SLAB4. Registers: BX the walker,
// DI its slabAxis array, R8 its nodes, CX its stack pointer, DX the
// reference in hand, SI its node, Y14 tmax in every lane, the slabAxis
// values as LOADAXES leaves them; the entry times go through the frame
// (0-31(SP)) for push (scratch X1, X5, X7: SLAB4 does not need them
// kept). A node that heads a treelet block (treeletBit) has its block
// prefetched (TREELET) before SLAB4 reads it: a hint, which nextGo,
// without prefetches, does not need to agree on.
TEXT ·walk4AVX2(SB), NOSPLIT, $32-28
	MOVQ w+0(FP), BX
	LEAQ walker_axes(BX), DI
	MOVQ walker_nodes(BX), R8
	MOVQ walker_sp(BX), CX
	VBROADCASTSD tmax+8(FP), Y14
	LOADAXES
	MOVL ref+16(FP), DX
	CMPL DX, $const_emptyRef
	JNE held

pop:
	TESTQ CX, CX
	JZ empty
	DECQ CX
	VMOVSD walker_stackT(BX)(CX*8), X0
	VUCOMISD X14, X0
	JHI pop // t > tmax (false for a NaN, as in Go)
	MOVL walker_stackRef(BX)(CX*4), DX

held:
	MOVL DX, AX
	SHRL $const_refBits, AX
	JNZ done // a leaf
	CMPQ CX, $(const_walkStack-4)
	JGT done // an inner node with no room to push its children: spill
	IMUL3Q $wnode__size, DX, SI
	ADDQ R8, SI
	TESTB $const_treeletBit, wnode_live(SI)
	JZ slab
	TREELET

slab:
	SLAB4
	TESTQ AX, AX
	JZ pop
	LEAQ -1(AX), R9
	ANDQ AX, R9
	JNZ push
	BSFQ AX, AX // one child: visit it, push nothing
	MOVL wnode_ref(SI)(AX*4), DX
	JMP held

push:
	// walker.push: the first child entered is held (DX, X1), each later
	// one (R10, X7) takes its place if not farther and the other goes
	// into the pushed entries (from R11 = CX on), sorted by falling t.
	VMOVUPD Y8, 0(SP)
	MOVQ CX, R11
	BSFQ AX, R10
	MOVL wnode_ref(SI)(R10*4), DX
	VMOVSD (SP)(R10*8), X1
	MOVQ R9, AX // the mask without the held child

next:
	BSFQ AX, R10
	VMOVSD (SP)(R10*8), X7
	MOVL wnode_ref(SI)(R10*4), R10
	VUCOMISD X7, X1
	JCS insert // not tc <= topT (or a NaN)
	XCHGL DX, R10
	VMOVAPD X1, X5
	VMOVAPD X7, X1
	VMOVAPD X5, X7

insert:
	MOVQ CX, R12 // j

shift:
	CMPQ R12, R11
	JLE put
	VMOVSD (walker_stackT-8)(BX)(R12*8), X5
	VUCOMISD X5, X7
	JLS put // not stackT[j-1] < tc (or a NaN)
	VMOVSD X5, walker_stackT(BX)(R12*8)
	MOVL (walker_stackRef-4)(BX)(R12*4), R13
	MOVL R13, walker_stackRef(BX)(R12*4)
	DECQ R12
	JMP shift

put:
	VMOVSD X7, walker_stackT(BX)(R12*8)
	MOVL R10, walker_stackRef(BX)(R12*4)
	// A leaf pushed in a treelet tree: its triangle words are fetched
	// while the walk goes through the nearer child (walker.leafTris).
	MOVQ walker_leafTris(BX), R13
	TESTQ R13, R13
	JZ pushed
	CMPL R10, $(1<<const_refBits)
	JCS pushed // an inner node (no leaf count)
	ANDL $const_refMask, R10
	PREFETCHT0 (R13)(R10*4)

pushed:
	INCQ CX
	LEAQ -1(AX), R9
	ANDQ R9, AX
	JNZ next
	JMP held

empty:
	MOVL $const_emptyRef, DX

done:
	MOVQ CX, walker_sp(BX)
	MOVL DX, ret+24(FP)
	VZEROUPPER
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv0() (a, d uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, a+0(FP)
	MOVL DX, d+4(FP)
	RET
