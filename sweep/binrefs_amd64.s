//go:build amd64 && !purego

#include "textflag.h"

// func binRefsAVX(refs *primRef, n int, ks *uint8, boxes *[numBins]binBox, counts *[numBins]int32, axis int, cmin, scale float32, last int)
//
// A primRef is 40 bytes: lo keys at 0, hi keys at 12, the centroid at 24.
// A binBox is 32 bytes: lo's lanes at 0, hi's at 16.
TEXT ·binRefsAVX(SB), NOSPLIT, $0-64
	MOVQ  refs+0(FP), SI
	MOVQ  n+8(FP), CX
	MOVQ  ks+16(FP), DI
	MOVQ  boxes+24(FP), R8
	MOVQ  counts+32(FP), R9
	MOVQ  axis+40(FP), AX
	MOVSS cmin+48(FP), X3
	MOVSS scale+52(FP), X4
	MOVQ  last+56(FP), R10
	LEAQ  24(SI)(AX*4), R11 // the ref's centroid on axis
	XORL  R12, R12
	TESTQ CX, CX
	JLE   done

loop:
	// binOf: int((c - cmin) * scale), clamped to 0..last.
	MOVSS     (R11), X0
	SUBSS     X3, X0
	MULSS     X4, X0
	CVTTSS2SQ X0, AX
	CMPQ      AX, R12
	CMOVQLT   R12, AX
	CMPQ      AX, R10
	CMOVQGT   R10, AX
	MOVB      AX, (DI)
	INCL      (R9)(AX*4)
	SHLQ      $5, AX
	VMOVDQU   (SI), X1
	VPMINSD   (R8)(AX*1), X1, X1
	VMOVDQU   X1, (R8)(AX*1)
	VMOVDQU   8(SI), X2
	VPMAXSD   16(R8)(AX*1), X2, X2
	VMOVDQU   X2, 16(R8)(AX*1)
	ADDQ      $40, SI
	ADDQ      $40, R11
	INCQ      DI
	DECQ      CX
	JNZ       loop

done:
	VZEROUPPER
	RET
