//go:build !amd64.v3

package sweep

// fusingBuild reports whether this build lets Go fuse multiply-adds in
// the standard library's code (GOAMD64=v3), which moves the generated
// inputs of the tests pinned on amd64 (pinnedOnAMD64).
const fusingBuild = false
