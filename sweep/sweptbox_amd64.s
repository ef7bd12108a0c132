//go:build amd64 && !purego && !amd64.v3

#include "textflag.h"

// LOAD3 loads the three float64 at OFF(R) into the lanes x, y, z of Y
// (X is its lower half; lane 3 is zero), one element at a time: the
// caller has just stored its arguments, and a load that spans two of its
// stores, as a 16- or 32-byte load of a vector at offset 24 would, waits
// for them to reach the cache instead of being forwarded from them. X14 is
// scratch.
#define LOAD3(R, OFF, X, Y) \
	VMOVSD (OFF)(R), X; \
	VMOVHPD (OFF+8)(R), X, X; \
	VMOVSD (OFF+16)(R), X14; \
	VINSERTF128 $1, X14, Y, Y

// BEYOND ANDs into Y1 and Y2 the comparisons of the vertex at OFF(BX):
// s = v - c (c in Y5) above w (Y4), and below -w (Y6). Y0 and Y3 are
// scratch.
#define BEYOND(OFF) \
	LOAD3(BX, OFF, X0, Y0); \
	VSUBPD Y5, Y0, Y0; \
	VCMPPD $0x1e, Y4, Y0, Y3; \
	VANDPD Y3, Y1, Y1; \
	VCMPPD $0x11, Y6, Y0, Y3; \
	VANDPD Y3, Y2, Y2

// func sweptBoxAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (out bool)
//
// outsideSweptBox with the three world axes in the lanes x, y, z of one
// AVX register (lane 3 holds zeros, which no comparison passes): the same
// IEEE operations in the same order, lane by lane.
TEXT ·sweptBoxAVX(SB), NOSPLIT, $0-33
	MOVQ e+0(FP), AX
	MOVQ tri+8(FP), BX
	MOVQ begin+16(FP), CX
	MOVQ delta+24(FP), DX

	// ext = sqrt(a0² + a1² + a2²), summed in that order (extentK).
	LOAD3(AX, 0, X0, Y0)
	VMULPD Y0, Y0, Y0
	LOAD3(AX, 24, X1, Y1)
	VMULPD Y1, Y1, Y1
	VADDPD Y1, Y0, Y0
	LOAD3(AX, 48, X1, Y1)
	VMULPD Y1, Y1, Y1
	VADDPD Y1, Y0, Y0
	VSQRTPD Y0, Y0

	// c = b + 0.5·d (Y5), w = 0.5·|d| + ext, w += 1e-9·(w + |c|) (Y4),
	// -w (Y6): slabAbout.
	VBROADCASTSD ·boxConsts+0(SB), Y2 // 0.5
	VBROADCASTSD ·boxConsts+16(SB), Y3 // the mask of all bits but the sign
	LOAD3(DX, 0, X4, Y4)
	VMULPD Y2, Y4, Y5
	LOAD3(CX, 0, X6, Y6)
	VADDPD Y5, Y6, Y5
	VANDPD Y3, Y4, Y4
	VMULPD Y2, Y4, Y4
	VADDPD Y0, Y4, Y4
	VANDPD Y3, Y5, Y6
	VADDPD Y6, Y4, Y6
	VBROADCASTSD ·boxConsts+8(SB), Y2 // 1e-9
	VMULPD Y2, Y6, Y6
	VADDPD Y6, Y4, Y4
	VBROADCASTSD ·boxConsts+24(SB), Y2 // the sign bit
	VXORPD Y2, Y4, Y6

	// s = v - c for each vertex; Y1: every s > w, Y2: every s < -w
	// (allBeyond; GT_OQ and LT_OQ are false for a NaN, as Go's > and <).
	LOAD3(BX, 0, X0, Y0)
	VSUBPD Y5, Y0, Y0
	VCMPPD $0x1e, Y4, Y0, Y1
	VCMPPD $0x11, Y6, Y0, Y2
	BEYOND(24)
	BEYOND(48)

	VORPD Y2, Y1, Y1
	VMOVMSKPD Y1, AX
	VZEROUPPER
	ANDL $7, AX
	SETNE out+32(FP)
	RET
