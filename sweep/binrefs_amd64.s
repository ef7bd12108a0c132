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
	MOVQ  CX, DX
	SHRQ  $1, CX            // pairs of refs
	JZ    tail

	// Two refs an iteration, the first's bin in AX, the second's in BX.
	// The bins' boxes and counts are grown by integer min, max and sums,
	// whose order does not matter when both refs fall in one bin.
pairs:
	MOVSS     (R11), X0
	MOVSS     40(R11), X5
	SUBSS     X3, X0
	SUBSS     X3, X5
	MULSS     X4, X0
	MULSS     X4, X5
	CVTTSS2SQ X0, AX
	CVTTSS2SQ X5, BX
	CMPQ      AX, R10
	CMOVQGT   R10, AX
	CMPQ      BX, R10
	CMOVQGT   R10, BX
	MOVB      AX, (DI)
	MOVB      BX, 1(DI)
	INCL      (R9)(AX*4)
	INCL      (R9)(BX*4)
	SHLQ      $5, AX
	SHLQ      $5, BX
	VMOVDQU   (SI), X1
	VPMINSD   (R8)(AX*1), X1, X1
	VMOVDQU   X1, (R8)(AX*1)
	VMOVDQU   8(SI), X2
	VPMAXSD   16(R8)(AX*1), X2, X2
	VMOVDQU   X2, 16(R8)(AX*1)
	VMOVDQU   40(SI), X1
	VPMINSD   (R8)(BX*1), X1, X1
	VMOVDQU   X1, (R8)(BX*1)
	VMOVDQU   48(SI), X2
	VPMAXSD   16(R8)(BX*1), X2, X2
	VMOVDQU   X2, 16(R8)(BX*1)
	ADDQ      $80, SI
	ADDQ      $80, R11
	ADDQ      $2, DI
	DECQ      CX
	JNZ       pairs

tail:
	TESTQ $1, DX
	JZ    done

	// binOf: int((c - cmin) * scale), clamped to last (not below 0:
	// c - cmin is +0 or -0 at the least, and so is the product).
	MOVSS     (R11), X0
	SUBSS     X3, X0
	MULSS     X4, X0
	CVTTSS2SQ X0, AX
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

done:
	VZEROUPPER
	RET

// signMask is keyFloat's mask, in four lanes.
DATA signMask<>+0(SB)/4, $0x7fffffff
DATA signMask<>+4(SB)/4, $0x7fffffff
DATA signMask<>+8(SB)/4, $0x7fffffff
DATA signMask<>+12(SB)/4, $0x7fffffff
GLOBL signMask<>(SB), RODATA|NOPTR, $16

// func sweepAVX(keys *int32, n, step, hiOff int, areas *float32, accs *binBox, dir int)
TEXT ·sweepAVX(SB), NOSPLIT, $0-56
	MOVQ    keys+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVQ    step+16(FP), DX
	MOVQ    hiOff+24(FP), R10
	MOVQ    areas+32(FP), DI
	MOVQ    accs+40(FP), R9
	MOVQ    dir+48(FP), R8
	MOVQ    R8, R11
	SHLQ    $5, R11                  // the boxes' step: a binBox
	SHLQ    $2, R8                   // the areas' step: a float32
	VMOVDQU ·emptyBinBox+0(SB), X0   // the box so far: lo in lanes 0-2
	VMOVDQU ·emptyBinBox+16(SB), X1  // hi in lanes 1-3
	VMOVDQU signMask<>(SB), X7
	TESTQ   CX, CX
	JLE     sdone

sloop:
	VPMINSD (SI), X0, X0
	VPMAXSD (SI)(R10*1), X1, X1
	VMOVDQU X0, (R9)
	VMOVDQU X1, 16(R9)
	// keyFloat: k ^ (k >> 31 & MaxInt32), lane by lane.
	VPSRAD  $31, X0, X2
	VPAND   X7, X2, X2
	VPXOR   X0, X2, X2               // lo's floats in lanes 0-2
	VPSRAD  $31, X1, X3
	VPAND   X7, X3, X3
	VPXOR   X1, X3, X3
	VPSRLDQ $4, X3, X3               // hi's floats in lanes 0-2
	VSUBPS  X2, X3, X3               // dx, dy, dz
	VPSHUFD $0xC9, X3, X4            // dy, dz, dx
	VMULPS  X4, X3, X4               // dx*dy, dy*dz, dz*dx
	VPSHUFD $1, X4, X5
	VADDSS  X5, X4, X5               // dx*dy + dy*dz
	VPSHUFD $2, X4, X6
	VADDSS  X6, X5, X5               // + dz*dx
	VMOVSS  X5, (DI)
	ADDQ    DX, SI
	ADDQ    R11, R9
	ADDQ    R8, DI
	DECQ    CX
	JNZ     sloop

sdone:
	VZEROUPPER
	RET

// func centroidRangeAVX(c *float32, n int) (cmin, cmax float32)
//
// Two pairs of accumulators, for the even and the odd refs, so that each
// VMINSS and VMAXSS waits on the one two refs back.
TEXT ·centroidRangeAVX(SB), NOSPLIT, $0-24
	MOVQ    c+0(FP), SI
	MOVQ    n+8(FP), CX
	VMOVSS  (SI), X0
	VMOVAPS X0, X1
	VMOVAPS X0, X2
	VMOVAPS X0, X3
	MOVQ    CX, DX
	SHRQ    $1, CX
	JZ      rtail

rloop:
	VMINSS (SI), X0, X0
	VMAXSS (SI), X1, X1
	VMINSS 40(SI), X2, X2
	VMAXSS 40(SI), X3, X3
	ADDQ   $80, SI
	DECQ   CX
	JNZ    rloop

rtail:
	TESTQ  $1, DX
	JZ     rdone
	VMINSS (SI), X0, X0
	VMAXSS (SI), X1, X1

rdone:
	VMINSS X2, X0, X0
	VMAXSS X3, X1, X1
	VMOVSS X0, cmin+16(FP)
	VMOVSS X1, cmax+20(FP)
	RET
