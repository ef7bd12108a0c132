package main

import "testing"

// tracked returns cmd unchanged: a browser runs no engine processes (the
// engine tests skip there; see docs/platforms.md).
func tracked(t *testing.T, cmd string) string { return cmd }
