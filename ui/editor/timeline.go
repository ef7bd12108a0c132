package editor

// timelineTicks is how many ticks the timeline keeps: the last 10 seconds
// of play at playTPS.
const timelineTicks = 10 * playTPS

// timeline is a ring buffer of the last timelineTicks ticks of play and a
// cursor on one of them (the tick shown and inspected). Index 0 is the
// oldest tick kept, Len()-1 the newest. The zero timeline is empty and
// ready to use.
type timeline struct {
	buf    []tickRecord
	first  int // index in buf of the oldest tick
	n      int // ticks held
	Cursor int // the selected tick, 0..Len()-1 (0 when empty)
}

// Len returns the number of ticks held.
func (t *timeline) Len() int { return t.n }

// Push appends rec as the newest tick, dropping the oldest when full, and
// moves the cursor to it.
func (t *timeline) Push(rec tickRecord) {
	if t.buf == nil {
		t.buf = make([]tickRecord, timelineTicks)
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
func (t *timeline) At(i int) (tickRecord, bool) {
	if i < 0 || i >= t.n {
		return tickRecord{}, false
	}
	return t.buf[(t.first+i)%len(t.buf)], true
}

// Current returns the tick under the cursor.
func (t *timeline) Current() (tickRecord, bool) { return t.At(t.Cursor) }

// Seek moves the cursor to tick i, clamped to the ticks held.
func (t *timeline) Seek(i int) { t.Cursor = max(0, min(i, t.n-1)) }

// Truncate forgets every tick after the cursor: play resumed from an
// earlier tick replaces the ticks that followed it.
func (t *timeline) Truncate() {
	if t.n > 0 {
		t.n = t.Cursor + 1
	}
}

// Clear forgets every tick.
func (t *timeline) Clear() { t.first, t.n, t.Cursor = 0, 0, 0 }

// Ticks returns the game tick numbers (tickRecord.Before.Tick) of the
// oldest and newest ticks held; ok is false when empty. The timeline's
// slider runs over these numbers, not over positions in the buffer.
func (t *timeline) Ticks() (first, last int, ok bool) {
	a, ok1 := t.At(0)
	b, ok2 := t.At(t.n - 1)
	return a.Before.Tick, b.Before.Tick, ok1 && ok2
}

// SeekTick moves the cursor to the tick numbered tick (clamped to the
// ticks held). The ticks held are consecutive: each follows the one
// before it, also after Truncate.
func (t *timeline) SeekTick(tick int) {
	if first, _, ok := t.Ticks(); ok {
		t.Seek(tick - first)
	}
}
