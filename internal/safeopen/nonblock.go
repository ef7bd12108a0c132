//go:build !js

package safeopen

import "syscall"

// nonBlock is the open flag that keeps an open from blocking on a FIFO or
// a device.
const nonBlock = syscall.O_NONBLOCK
