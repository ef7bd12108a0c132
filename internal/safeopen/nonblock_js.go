//go:build js

package safeopen

// nonBlock is 0 in a browser: there are no FIFOs or devices to block on
// (a browser's files come from a drop or the page's own bytes).
const nonBlock = 0
