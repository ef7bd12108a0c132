package scene

import "strconv"

// Pose names one of the four placements of the ellipsoid that a motion
// has: where it starts and ends, where it first touches the mesh on the
// way, and where collide-and-slide leaves it. The window draws and drags
// them; the scene stores the first two (Start and End).
type Pose int

// The poses: the start and end of the motion, the first contact along it
// and where collide-and-slide leaves the ellipsoid.
const (
	PoseStart Pose = iota
	PoseEnd
	PoseContact
	PoseSlide
)

// String returns "start", "end", "contact" or "slide", and "pose N" for a
// value outside the four.
func (p Pose) String() string {
	switch p {
	case PoseStart:
		return "start"
	case PoseEnd:
		return "end"
	case PoseContact:
		return "contact"
	case PoseSlide:
		return "slide"
	}
	return "pose " + strconv.Itoa(int(p))
}
