package render

import (
	"os"
	"strings"
	"testing"
)

func TestZZShots(t *testing.T) {
	spec := os.Getenv("RENDER_SHOTS") // name=path,name=path
	if spec == "" {
		return
	}
	for _, kv := range strings.Split(spec, ",") {
		p := strings.SplitN(kv, "=", 2)
		f := coreFrame(t, p[0])
		cam := FitView(f, 1280, 800)
		if os.Getenv("RENDER_ORTHO") != "" {
			cam.Ortho = true
		}
		if os.Getenv("RENDER_HOVER") != "" {
			f.Hover = Handle{Pose: PoseEnd, Face: 3, Valid: true}
			f.Active = Handle{Pose: PoseStart, Face: 1, Valid: true}
		}
		writePNG(t, p[1], renderRGBA(t, nil, f, cam, DefaultOptions()))
	}
}
