//go:build !unix

package engine

import "os"

// signalName is "": processes end by exit codes here (a crash on Windows
// is a status code such as 0xC0000005, which exitError prints in hex).
func signalName(*os.ProcessState) string { return "" }
