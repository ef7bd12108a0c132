package hunt

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadShard is returned (wrapped) by ParseShard and Shard.Validate for
// a shard that is not "i/n" with 0 <= i < n.
var ErrBadShard = errors.New("want i/n with n >= 1 and 0 <= i < n")

// Shard is the part of a seed's case stream one hunt searches: shard
// Index of Count takes the case indices k with k % Count == Index, so the
// Count shards of a seed are disjoint and together cover what one
// unsharded hunt covers. The zero value is the whole stream (0/1).
type Shard struct {
	Index, Count int
}

// ParseShard parses "i/n" (e.g. "2/4"); the error wraps ErrBadShard.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	var sh Shard
	var err1, err2 error
	sh.Index, err1 = strconv.Atoi(i)
	sh.Count, err2 = strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || sh.Count < 1 {
		return Shard{}, fmt.Errorf("%q: %w", s, ErrBadShard)
	}
	return sh, sh.Validate()
}

// Validate reports a shard outside 0 <= Index < Count (the zero value is
// valid: the whole stream).
func (s Shard) Validate() error {
	if s == (Shard{}) || s.Count >= 1 && 0 <= s.Index && s.Index < s.Count {
		return nil
	}
	return fmt.Errorf("%d/%d: %w", s.Index, s.Count, ErrBadShard)
}

// String reads "i/n".
func (s Shard) String() string {
	s = s.norm()
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count)
}

// norm is s with the zero value as 0/1.
func (s Shard) norm() Shard {
	if s.Count < 1 {
		return Shard{0, 1}
	}
	return s
}

// CaseIndex is the seed's case index of the shard's j-th case (j = 0,
// 1, ...): Index + j·Count.
func (s Shard) CaseIndex(j uint64) uint64 {
	s = s.norm()
	return uint64(s.Index) + j*uint64(s.Count)
}

// Indices lists, in order, the case indices the shard tries in a hunt of
// cases cases (Config.Cases: the budget of the whole seed, shared by its
// shards): those below cases that the shard takes.
func (s Shard) Indices(cases int) []uint64 {
	var out []uint64
	for j := uint64(0); ; j++ {
		k := s.CaseIndex(j)
		if k >= uint64(cases) {
			return out
		}
		out = append(out, k)
	}
}

// owns reports whether ordinal j of the shard is within a budget of
// cases (0: unbounded).
func (s Shard) owns(j uint64, cases int) bool {
	return cases <= 0 || s.CaseIndex(j) < uint64(cases)
}
