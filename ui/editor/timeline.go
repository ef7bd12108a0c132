package editor

// TimelineTicks is how many ticks the timeline keeps: the last 10 seconds
// of play at PlayTPS.
const TimelineTicks = 10 * PlayTPS

// Timeline is a ring buffer of the last TimelineTicks ticks of play and a
// cursor on one of them (the tick shown and inspected). Index 0 is the
// oldest tick kept, Len()-1 the newest. The zero Timeline is empty and
// ready to use.
type Timeline struct {
	buf    []TickRecord
	first  int // index in buf of the oldest tick
	n      int // ticks held
	Cursor int // the selected tick, 0..Len()-1 (0 when empty)
}

// Len returns the number of ticks held.
func (t *Timeline) Len() int { return t.n }

// Push appends rec as the newest tick, dropping the oldest when full, and
// moves the cursor to it.
func (t *Timeline) Push(rec TickRecord) {
	if t.buf == nil {
		t.buf = make([]TickRecord, TimelineTicks)
	}
	if t.n < len(t.buf) {
		t.buf[(t.first+t.n)%len(t.buf)] = rec
		t.n++
	} else {
		t.buf[t.first] = rec
		t.first = (t.first + 1) % len(t.buf)
	}
	t.Cursor = t.n - 1
}

// At returns tick i (0 the oldest); ok is false out of range.
func (t *Timeline) At(i int) (TickRecord, bool) {
	if i < 0 || i >= t.n {
		return TickRecord{}, false
	}
	return t.buf[(t.first+i)%len(t.buf)], true
}

// Current returns the tick under the cursor.
func (t *Timeline) Current() (TickRecord, bool) { return t.At(t.Cursor) }

// Seek moves the cursor to tick i, clamped to the ticks held.
func (t *Timeline) Seek(i int) { t.Cursor = max(0, min(i, t.n-1)) }

// Truncate forgets every tick after the cursor: play resumed from an
// earlier tick replaces the ticks that followed it.
func (t *Timeline) Truncate() {
	if t.n > 0 {
		t.n = t.Cursor + 1
	}
}

// Clear forgets every tick.
func (t *Timeline) Clear() { t.first, t.n, t.Cursor = 0, 0, 0 }

// Ticks returns the game tick numbers (TickRecord.Before.Tick) of the
// oldest and newest ticks held; ok is false when empty. The timeline's
// slider runs over these numbers, not over positions in the buffer.
func (t *Timeline) Ticks() (first, last int, ok bool) {
	a, ok1 := t.At(0)
	b, ok2 := t.At(t.n - 1)
	return a.Before.Tick, b.Before.Tick, ok1 && ok2
}

// SeekTick moves the cursor to the tick numbered tick (clamped to the
// ticks held). The ticks held are consecutive: each follows the one
// before it, also after Truncate.
func (t *Timeline) SeekTick(tick int) {
	if first, _, ok := t.Ticks(); ok {
		t.Seek(tick - first)
	}
}
