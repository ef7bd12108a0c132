package render

import "testing"

// Labels of poses that project close together are pushed apart until no two
// boxes overlap; labels far apart stay where they were put.
func TestSeparateLabels(t *testing.T) {
	ls := []label{
		{x: 100, y: 100, text: "contact  t = 0.3723  face"},
		{x: 120, y: 104, text: "slide  2 contacts"},
		{x: 125, y: 98, text: "end"},
		{x: 600, y: 100, text: "start"},
	}
	separateLabels(ls)
	for i := range ls {
		if overlapsAny(ls[i], ls[:i]) {
			t.Errorf("label %q still overlaps an earlier one: %+v", ls[i].text, ls)
		}
	}
	if ls[0].y != 100 || ls[3].y != 100 {
		t.Errorf("labels that overlapped nothing moved: %+v", ls)
	}
	if ls[1].y != 104+labelLineH {
		t.Errorf("second label at y = %v, want one line down (%v)", ls[1].y, 104+labelLineH)
	}
}
