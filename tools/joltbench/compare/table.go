package main

import (
	"fmt"
	"strings"
)

// columns heads the table.
var columns = []string{
	"level", "triangles", "ours median / p90 µs", "Jolt median / p90 µs",
	"ours / Jolt, median / p90", "per-cast ratio", "build ms, ours / Jolt",
	"bytes per triangle, ours / Jolt", "hits, ours / Jolt", "disagreements",
	"wrong answers, ours / Jolt", "other disagreements: within Jolt's tolerance / touching start moving away",
}

// table returns the rows as a markdown table.
func table(rows []row) string {
	var b strings.Builder
	line := func(cells []string) { fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | ")) }
	line(columns)
	sep := make([]string, len(columns))
	for i := range sep {
		sep[i] = "---"
	}
	line(sep)
	for _, r := range rows {
		line(cells(r))
	}
	return b.String()
}

// cells returns a row's cells in the order of columns.
func cells(r row) []string {
	return []string{
		"`" + r.Level + "`",
		thousands(r.Triangles),
		fmt.Sprintf("%.2f / %.2f", r.Ours.Median, r.Ours.P90),
		fmt.Sprintf("%.2f / %.2f", r.Jolt.Median, r.Jolt.P90),
		fmt.Sprintf("**%.2f** / %.2f", r.Ours.Median/r.Jolt.Median, r.Ours.P90/r.Jolt.P90),
		fmt.Sprintf("%.2f", r.PerCast),
		fmt.Sprintf("%.1f / %.1f", r.Ours.BuildMS, r.Jolt.BuildMS),
		fmt.Sprintf("%.1f / %.1f", r.Ours.BytesPerTri, r.Jolt.BytesPerTri),
		fmt.Sprintf("%d / %d", r.Ours.Hits, r.Jolt.Hits),
		fmt.Sprint(r.Disagree),
		fmt.Sprintf("%d / %d", r.Ours.Wrong, r.Jolt.Wrong),
		fmt.Sprintf("%d / %d", r.Tolerance, r.TouchStart),
	}
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
