package engine

// groupGone reports true: a browser starts no processes, so none is left.
func groupGone(int) bool { return true }
