// joltcast runs the sphere casts of a cast file (internal/castfile)
// through native Jolt Physics, as gocast runs them through this project's
// core, with the same command line and the same JSON output fields:
//
//	joltcast time FILE [-results] [-warm N]
//
// builds a MeshShape of the file's triangles (each tagged with its file
// index as per-triangle user data, every edge active, Jolt's defaults
// otherwise), runs every cast N times (default 3) to warm up, then times
// each cast once with std::chrono::steady_clock and prints one JSON
// object: the build time, the shape's bytes per triangle of the file
// (MeshShape::GetStats), the timer's own cost, each cast's time in
// nanoseconds and, with -results, each cast's hit. A cast is a
// SphereShape cast through TransformedShape::CastShape with a closest-hit
// collector, back faces of triangles and convex shapes colliding. See
// docs/performance.md, "Native Jolt in the repository (`jolt7`, 2026-11-28)".
//
// Exit status: 0, 1 when Jolt fails, 2 for a bad command line or file.

#include <Jolt/Jolt.h>

#include <Jolt/Core/Factory.h>
#include <Jolt/Physics/Collision/CollisionCollectorImpl.h>
#include <Jolt/Physics/Collision/ShapeCast.h>
#include <Jolt/Physics/Collision/Shape/MeshShape.h>
#include <Jolt/Physics/Collision/Shape/SphereShape.h>
#include <Jolt/Physics/Collision/TransformedShape.h>
#include <Jolt/RegisterTypes.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace JPH;

namespace {

const char *const kUsage = "usage: joltcast time FILE [-results] [-warm N]";
const char *const kFormat = "sweepdbg-casts/1";

// CastFile is a cast file's contents (internal/castfile: indexed
// triangles, casts as begin x, y, z then delta x, y, z, float64).
struct CastFile {
	std::string format, name;
	double radius = 0;
	std::vector<double> vertices, triangles, casts;
};

// Parser reads the JSON object of a cast file: the six known members,
// any other member skipped. It reports the first error with its offset.
class Parser {
public:
	explicit Parser(const std::string &text) : mText(text), mPos(0) {}

	bool File(CastFile *f) {
		Space();
		if (!Take('{'))
			return Fail("a cast file is a JSON object");
		Space();
		if (Take('}'))
			return End();
		for (;;) {
			std::string key;
			if (!Key(&key))
				return false;
			if (!Member(key, f))
				return false;
			Space();
			if (Take('}'))
				return End();
			if (!Take(','))
				return Fail("',' or '}' expected");
		}
	}

	const std::string &Error() const { return mError; }

private:
	bool Member(const std::string &key, CastFile *f) {
		if (key == "format")
			return String(&f->format);
		if (key == "name")
			return String(&f->name);
		if (key == "radius")
			return Number(&f->radius);
		if (key == "vertices")
			return Numbers(&f->vertices);
		if (key == "triangles")
			return Numbers(&f->triangles);
		if (key == "casts")
			return Numbers(&f->casts);
		return Skip(0);
	}

	bool End() {
		Space();
		return mPos == mText.size() || Fail("text after the object");
	}

	bool Fail(const char *what) {
		if (mError.empty())
			mError = std::string(what) + " at byte " + std::to_string(mPos);
		return false;
	}

	void Space() {
		while (mPos < mText.size() && strchr(" \t\r\n", mText[mPos]) != nullptr && mText[mPos] != 0)
			mPos++;
	}

	bool Take(char c) {
		if (mPos < mText.size() && mText[mPos] == c) {
			mPos++;
			return true;
		}
		return false;
	}

	bool Word(const char *w) {
		size_t n = strlen(w);
		if (mText.compare(mPos, n, w) != 0)
			return false;
		mPos += n;
		return true;
	}

	// String reads a JSON string; escapes other than \uXXXX are decoded,
	// \uXXXX becomes '?' (only the format and name are kept).
	bool String(std::string *out) {
		if (!Take('"'))
			return Fail("string expected");
		out->clear();
		while (mPos < mText.size()) {
			char c = mText[mPos++];
			if (c == '"')
				return true;
			if (static_cast<unsigned char>(c) < 0x20)
				return Fail("control character in a string");
			if (c != '\\') {
				out->push_back(c);
				continue;
			}
			if (mPos >= mText.size())
				break;
			char e = mText[mPos++];
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
			if (const char *k = e != 0 ? strchr(from, e) : nullptr) {
				out->push_back(to[k - from]);
			} else if (e == 'u' && mPos + 4 <= mText.size()) {
				mPos += 4;
				out->push_back('?');
			} else {
				return Fail("bad escape in a string");
			}
		}
		return Fail("unterminated string");
	}

	bool Number(double *out) {
		const char *begin = mText.c_str() + mPos;
		if (*begin != '-' && (*begin < '0' || *begin > '9'))
			return Fail("number expected");
		char *end = nullptr;
		*out = strtod(begin, &end);
		if (end == begin)
			return Fail("number expected");
		mPos += end - begin;
		return true;
	}

	// Numbers reads an array of numbers (null: none).
	bool Numbers(std::vector<double> *out) {
		out->clear();
		if (Word("null"))
			return true;
		if (!Take('['))
			return Fail("array of numbers expected");
		Space();
		if (Take(']'))
			return true;
		for (;;) {
			double x;
			Space();
			if (!Number(&x))
				return false;
			out->push_back(x);
			Space();
			if (Take(']'))
				return true;
			if (!Take(','))
				return Fail("',' or ']' expected");
		}
	}

	// Key reads an object member's name and its ':', with the space
	// around them, up to the value.
	bool Key(std::string *key) {
		Space();
		if (!String(key))
			return false;
		Space();
		if (!Take(':'))
			return Fail("':' expected");
		Space();
		return true;
	}

	// Skip passes over any JSON value.
	bool Skip(int depth) {
		if (depth > 64)
			return Fail("nested too deeply");
		std::string s;
		double x;
		if (mPos < mText.size() && mText[mPos] == '"')
			return String(&s);
		if (Word("true") || Word("false") || Word("null"))
			return true;
		char open = mPos < mText.size() ? mText[mPos] : 0;
		if (open != '[' && open != '{')
			return Number(&x);
		char close = open == '[' ? ']' : '}';
		mPos++;
		Space();
		if (Take(close))
			return true;
		for (;;) {
			Space();
			if (open == '{' && !Key(&s))
				return false;
			if (!Skip(depth + 1))
				return false;
			Space();
			if (Take(close))
				return true;
			if (!Take(','))
				return Fail("',' or a closing bracket expected");
		}
	}

	const std::string &mText;
	size_t mPos;
	std::string mError;
};

// Check reports what is wrong with a cast file's contents, as
// castfile.Read does, or returns an empty string.
std::string Check(const CastFile &f) {
	if (f.format != kFormat)
		return "format \"" + f.format + "\", want \"" + kFormat + "\"";
	if (!(f.radius > 0) || std::isinf(f.radius))
		return "radius is not a positive finite number";
	if (f.vertices.size() % 3 != 0 || f.triangles.size() % 3 != 0 || f.casts.size() % 6 != 0)
		return "vertices, triangles or casts are not whole (3, 3 and 6 numbers each)";
	double nv = double(f.vertices.size() / 3);
	for (double k : f.triangles)
		if (!(k >= 0 && k < nv && k == std::floor(k)))
			return "vertex index " + std::to_string(k) + " out of range (" + std::to_string(f.vertices.size() / 3) + " vertices)";
	for (double x : f.vertices)
		if (!std::isfinite(x))
			return "a vertex coordinate is not finite";
	for (double x : f.casts)
		if (!std::isfinite(x))
			return "a cast coordinate is not finite";
	return "";
}

// Read reads and checks a cast file, or prints why not and returns false.
bool Read(const char *path, CastFile *f) {
	FILE *in = fopen(path, "rb");
	if (in == nullptr) {
		fprintf(stderr, "joltcast: %s: %s\n", path, strerror(errno));
		return false;
	}
	std::string text;
	char buf[1 << 16];
	for (size_t n; (n = fread(buf, 1, sizeof buf, in)) > 0;)
		text.append(buf, n);
	bool failed = ferror(in) != 0;
	fclose(in);
	if (failed) {
		fprintf(stderr, "joltcast: %s: read error\n", path);
		return false;
	}
	Parser p(text);
	std::string why = p.File(f) ? Check(*f) : p.Error();
	if (!why.empty()) {
		fprintf(stderr, "joltcast: %s: not a valid cast file: %s\n", path, why.c_str());
		return false;
	}
	return true;
}

void TraceToStderr(const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
}

// Cast is one cast in Jolt's single precision.
struct Cast {
	Vec3 begin, delta;
};

// Caster runs sphere casts against one mesh shape.
class Caster {
public:
	Caster(const MeshShape *mesh, float radius)
		: mMesh(mesh), mShape(RVec3::sZero(), Quat::sIdentity(), mesh, BodyID()), mSphere(new SphereShape(radius)) {
		mSettings.mBackFaceModeTriangles = EBackFaceMode::CollideWithBackFaces;
		mSettings.mBackFaceModeConvex = EBackFaceMode::CollideWithBackFaces;
		mSettings.mActiveEdgeMode = EActiveEdgeMode::CollideWithAll;
	}

	// Run casts c, leaving the answer in the collector.
	void Run(const Cast &c) {
		RShapeCast sc(mSphere.GetPtr(), Vec3::sOne(), RMat44::sTranslation(RVec3(c.begin)), c.delta);
		mHit.Reset();
		mShape.CastShape(sc, mSettings, RVec3::sZero(), mHit);
	}

	// Answer writes the last cast's answer as gocast's hit object.
	void Answer(FILE *out) const {
		if (!mHit.HadHit()) {
			fputs("{\"hit\":false,\"t\":0,\"point\":[0,0,0],\"normal\":[0,0,0],\"tri\":-1}", out);
			return;
		}
		const ShapeCastResult &h = mHit.mHit;
		Vec3 p = h.mContactPointOn2, n = -h.mPenetrationAxis;
		float len = n.Length();
		n = len > 0 ? n / len : Vec3::sZero();
		fprintf(out, "{\"hit\":true,\"t\":%s,\"point\":[%s,%s,%s],\"normal\":[%s,%s,%s],\"tri\":%u}", Num(h.mFraction).c_str(),
				Num(p.GetX()).c_str(), Num(p.GetY()).c_str(), Num(p.GetZ()).c_str(), Num(n.GetX()).c_str(),
				Num(n.GetY()).c_str(), Num(n.GetZ()).c_str(), unsigned(mMesh->GetTriangleUserData(h.mSubShapeID2)));
	}

private:
	// Num formats a float exactly as a JSON number (0 for NaN or infinity).
	static std::string Num(float x) {
		char s[32];
		snprintf(s, sizeof s, "%.9g", std::isfinite(x) ? double(x) : 0.0);
		return s;
	}

	const MeshShape *mMesh;
	TransformedShape mShape;
	RefConst<Shape> mSphere;
	ShapeCastSettings mSettings;
	ClosestHitCollisionCollector<CastShapeCollector> mHit;
};

using Clock = std::chrono::steady_clock;

int64_t Nanos(Clock::time_point a, Clock::time_point b) {
	return std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
}

int64_t Median(std::vector<int64_t> xs) {
	if (xs.empty())
		return 0;
	std::sort(xs.begin(), xs.end());
	return xs[xs.size() / 2];
}

// BuildMesh returns the file's MeshShape, each triangle's user data its
// index in the file, every edge active, or null after printing Jolt's
// error.
RefConst<Shape> BuildMesh(const CastFile &f) {
	VertexList verts;
	verts.reserve(f.vertices.size() / 3);
	for (size_t i = 0; i < f.vertices.size(); i += 3)
		verts.push_back(Float3(float(f.vertices[i]), float(f.vertices[i + 1]), float(f.vertices[i + 2])));
	IndexedTriangleList tris;
	tris.reserve(f.triangles.size() / 3);
	for (size_t i = 0; i < f.triangles.size(); i += 3)
		tris.push_back(IndexedTriangle(uint32(f.triangles[i]), uint32(f.triangles[i + 1]), uint32(f.triangles[i + 2]), 0, uint32(i / 3)));
	MeshShapeSettings settings(std::move(verts), std::move(tris));
	settings.mPerTriangleUserData = true;
	settings.mActiveEdgeCosThresholdAngle = -1.0f; // every edge active
	ShapeSettings::ShapeResult r = settings.Create();
	if (r.HasError()) {
		fprintf(stderr, "joltcast: Jolt MeshShape: %s\n", r.GetError().c_str());
		return nullptr;
	}
	return r.Get();
}

// TimeCasts builds the mesh, warms up, times every cast once and prints
// the JSON object gocast prints.
int TimeCasts(const CastFile &f, bool results, int warm) {
	size_t nt = f.triangles.size() / 3, nc = f.casts.size() / 6;
	std::vector<Cast> casts(nc);
	for (size_t i = 0; i < nc; i++) {
		const double *c = &f.casts[6 * i];
		casts[i] = {Vec3(float(c[0]), float(c[1]), float(c[2])), Vec3(float(c[3]), float(c[4]), float(c[5]))};
	}
	Clock::time_point t0 = Clock::now();
	RefConst<Shape> shape = BuildMesh(f);
	int64_t build = Nanos(t0, Clock::now());
	if (shape == nullptr)
		return 1;
	const MeshShape *mesh = static_cast<const MeshShape *>(shape.GetPtr());
	size_t bytes = mesh->GetStats().mSizeBytes;
	Caster caster(mesh, float(f.radius));
	for (int k = 0; k < warm; k++)
		for (const Cast &c : casts)
			caster.Run(c);
	std::vector<int64_t> empty(nc), times(nc);
	for (size_t i = 0; i < nc; i++) {
		Clock::time_point a = Clock::now();
		empty[i] = Nanos(a, Clock::now());
	}
	for (size_t i = 0; i < nc; i++) {
		Clock::time_point a = Clock::now();
		caster.Run(casts[i]);
		times[i] = Nanos(a, Clock::now());
	}
	FILE *out = stdout;
	fprintf(out, "{\"triangles\":%zu,\"build_ms\":%.3f,\"bytes_per_tri\":%.17g,\"mesh_bytes\":%zu,\"timer_ns\":%lld,\"times_ns\":[",
			nt, double(build) / 1e6, nt > 0 ? double(bytes) / double(nt) : 0.0, bytes, (long long)Median(empty));
	for (size_t i = 0; i < nc; i++)
		fprintf(out, "%s%lld", i > 0 ? "," : "", (long long)times[i]);
	fputc(']', out);
	if (results && nc > 0) {
		fputs(",\"results\":[", out);
		for (size_t i = 0; i < nc; i++) {
			caster.Run(casts[i]);
			if (i > 0)
				fputc(',', out);
			caster.Answer(out);
		}
		fputc(']', out);
	}
	fputs("}\n", out);
	return fflush(out) == 0 ? 0 : 1;
}

// ParseFlags reads -results and -warm N (also -warm=N, and -- forms).
bool ParseFlags(int argc, char **argv, bool *results, int *warm) {
	for (int i = 0; i < argc; i++) {
		std::string a = argv[i];
		if (a.rfind("--", 0) == 0)
			a.erase(0, 1);
		if (a == "-results") {
			*results = true;
			continue;
		}
		std::string v;
		if (a == "-warm" && i + 1 < argc)
			v = argv[++i];
		else if (a.rfind("-warm=", 0) == 0)
			v = a.substr(6);
		else
			return false;
		char *end = nullptr;
		long n = strtol(v.c_str(), &end, 10);
		if (v.empty() || *end != 0 || n < 0 || n > 1000000)
			return false;
		*warm = int(n);
	}
	return true;
}

} // namespace

int main(int argc, char **argv) {
	bool results = false;
	int warm = 3;
	if (argc < 3 || strcmp(argv[1], "time") != 0 || !ParseFlags(argc - 3, argv + 3, &results, &warm)) {
		fprintf(stderr, "joltcast: %s\n", kUsage);
		return 2;
	}
	CastFile f;
	if (!Read(argv[2], &f))
		return 2;
	RegisterDefaultAllocator();
	JPH::Trace = TraceToStderr;
	Factory::sInstance = new Factory();
	RegisterTypes();
	int status = TimeCasts(f, results, warm);
	UnregisterTypes();
	delete Factory::sInstance;
	Factory::sInstance = nullptr;
	return status;
}
