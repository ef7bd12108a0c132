//go:build amd64 && !purego && !amd64.v3

#include "textflag.h"

// func sweptBoxAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (out bool)
//
// outsideSweptBox with the three world axes in the lanes x, y, z of one
// AVX register (lane 3 loads zeros, which no comparison passes): the same
// IEEE operations in the same order, lane by lane.
TEXT ·sweptBoxAVX(SB), NOSPLIT, $0-33
	MOVQ e+0(FP), AX
	MOVQ tri+8(FP), BX
	MOVQ begin+16(FP), CX
	MOVQ delta+24(FP), DX
	VMOVUPD ·boxConsts+0(SB), Y15 // the load mask: lanes x, y, z

	// ext = sqrt(a0² + a1² + a2²), summed in that order (extentK).
	VMASKMOVPD 0(AX), Y15, Y0
	VMULPD Y0, Y0, Y0
	VMASKMOVPD 24(AX), Y15, Y1
	VMULPD Y1, Y1, Y1
	VADDPD Y1, Y0, Y0
	VMASKMOVPD 48(AX), Y15, Y1
	VMULPD Y1, Y1, Y1
	VADDPD Y1, Y0, Y0
	VSQRTPD Y0, Y0

	// c = b + 0.5·d (Y5), w = 0.5·|d| + ext, w += 1e-9·(w + |c|) (Y4),
	// -w (Y6): slabAbout.
	VBROADCASTSD ·boxConsts+32(SB), Y2 // 0.5
	VBROADCASTSD ·boxConsts+48(SB), Y3 // the mask of all bits but the sign
	VMASKMOVPD 0(DX), Y15, Y4
	VMULPD Y2, Y4, Y5
	VMASKMOVPD 0(CX), Y15, Y6
	VADDPD Y5, Y6, Y5
	VANDPD Y3, Y4, Y4
	VMULPD Y2, Y4, Y4
	VADDPD Y0, Y4, Y4
	VANDPD Y3, Y5, Y6
	VADDPD Y6, Y4, Y6
	VBROADCASTSD ·boxConsts+40(SB), Y2 // 1e-9
	VMULPD Y2, Y6, Y6
	VADDPD Y6, Y4, Y4
	VBROADCASTSD ·boxConsts+56(SB), Y2 // the sign bit
	VXORPD Y2, Y4, Y6

	// s = v - c for each vertex; Y1: every s > w, Y2: every s < -w
	// (allBeyond; GT_OQ and LT_OQ are false for a NaN, as Go's > and <).
	VMASKMOVPD 0(BX), Y15, Y0
	VSUBPD Y5, Y0, Y0
	VCMPPD $0x1e, Y4, Y0, Y1
	VCMPPD $0x11, Y6, Y0, Y2
	VMASKMOVPD 24(BX), Y15, Y0
	VSUBPD Y5, Y0, Y0
	VCMPPD $0x1e, Y4, Y0, Y3
	VANDPD Y3, Y1, Y1
	VCMPPD $0x11, Y6, Y0, Y3
	VANDPD Y3, Y2, Y2
	VMASKMOVPD 48(BX), Y15, Y0
	VSUBPD Y5, Y0, Y0
	VCMPPD $0x1e, Y4, Y0, Y3
	VANDPD Y3, Y1, Y1
	VCMPPD $0x11, Y6, Y0, Y3
	VANDPD Y3, Y2, Y2

	VORPD Y2, Y1, Y1
	VMOVMSKPD Y1, AX
	VZEROUPPER
	ANDL $7, AX
	SETNE out+32(FP)
	RET
