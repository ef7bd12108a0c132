// The Jolt side of the comparison: builds a Jolt MeshShape from a cast
// file (internal/castfile) and runs its casts as sphere shape casts. See
// README.md; bench.mjs drives it.
import initJolt from 'jolt-physics/wasm';

const Jolt = await initJolt();

// joltMemory returns the bytes the Jolt heap has in use.
function joltMemory() {
  const ji = Jolt.JoltInterface.prototype;
  return ji.sGetTotalMemory() - ji.sGetFreeMemory();
}

// buildMesh returns a static MeshShape of the file's triangles, each
// tagged with its index in the file (per-triangle user data), the build
// time in ms and the heap bytes the shape keeps.
export function buildMesh(f) {
  const before = joltMemory();
  const t0 = process.hrtime.bigint();
  const verts = new Jolt.VertexList();
  verts.reserve(f.vertices.length / 3);
  for (let i = 0; i < f.vertices.length; i += 3) {
    const v = new Jolt.Float3(f.vertices[i], f.vertices[i + 1], f.vertices[i + 2]);
    verts.push_back(v);
    Jolt.destroy(v);
  }
  const tris = new Jolt.IndexedTriangleList();
  tris.reserve(f.triangles.length / 3);
  for (let i = 0; i < f.triangles.length; i += 3) {
    const t = new Jolt.IndexedTriangle(f.triangles[i], f.triangles[i + 1], f.triangles[i + 2], 0, i / 3);
    tris.push_back(t);
    Jolt.destroy(t);
  }
  const materials = new Jolt.PhysicsMaterialList();
  const settings = new Jolt.MeshShapeSettings(verts, tris, materials);
  settings.mPerTriangleUserData = true;
  const result = settings.Create();
  if (result.HasError()) throw new Error(`Jolt MeshShape: ${result.GetError().c_str()}`);
  const shape = result.Get();
  shape.AddRef();
  Jolt.destroy(settings);
  Jolt.destroy(verts);
  Jolt.destroy(tris);
  Jolt.destroy(materials);
  const buildMS = Number(process.hrtime.bigint() - t0) / 1e6;
  return { shape, buildMS, bytes: joltMemory() - before };
}

// world returns a physics system holding the shape as one static body
// (object layer 0; casts use layer 1, which collides with it), as a game
// holds its level.
function world(shape) {
  const settings = new Jolt.JoltSettings();
  const pairs = new Jolt.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(0, 1);
  pairs.EnableCollision(1, 1);
  const bp = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
  bp.MapObjectToBroadPhaseLayer(1, new Jolt.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bp, 2, pairs, 2);
  const jolt = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  const system = jolt.GetPhysicsSystem();
  const bodies = system.GetBodyInterface();
  const bcs = new Jolt.BodyCreationSettings(shape, new Jolt.RVec3(0, 0, 0), Jolt.Quat.prototype.sIdentity(), Jolt.EMotionType_Static, 0);
  const body = bodies.CreateBody(bcs);
  Jolt.destroy(bcs);
  bodies.AddBody(body.GetID(), Jolt.EActivation_DontActivate);
  system.OptimizeBroadPhase();
  return { jolt, system, body };
}

// Caster runs sphere casts against one mesh shape, closest hit, back
// faces of triangles hit (our triangles are two-sided), every edge active
// (no normal correction at internal edges: the geometric answer). Mode
// "direct" casts through the body's TransformedShape.CastShape, the most
// direct shape-vs-shape cast the JS API exposes (no broad phase); mode
// "query" through the physics system's NarrowPhaseQuery.CastShape (broad
// phase, then the same), as a character controller does.
export class Caster {
  constructor(shape, radius) {
    this.mesh = Jolt.castObject(shape, Jolt.MeshShape);
    const w = world(shape);
    this.w = w;
    this.ts = w.body.GetTransformedShape();
    this.npq = w.system.GetNarrowPhaseQuery();
    this.bpFilter = new Jolt.DefaultBroadPhaseLayerFilter(w.jolt.GetObjectVsBroadPhaseLayerFilter(), 1);
    this.olFilter = new Jolt.DefaultObjectLayerFilter(w.jolt.GetObjectLayerPairFilter(), 1);
    this.bodyFilter = new Jolt.BodyFilter();
    this.sphere = new Jolt.SphereShape(radius);
    this.sphere.AddRef();
    this.scale = new Jolt.Vec3(1, 1, 1);
    this.settings = new Jolt.ShapeCastSettings();
    this.settings.mBackFaceModeTriangles = Jolt.EBackFaceMode_CollideWithBackFaces;
    this.settings.mBackFaceModeConvex = Jolt.EBackFaceMode_CollideWithBackFaces;
    this.settings.mActiveEdgeMode = Jolt.EActiveEdgeMode_CollideWithAll;
    this.collector = new Jolt.CastShapeClosestHitCollisionCollector();
    this.base = new Jolt.RVec3(0, 0, 0);
    this.filter = new Jolt.ShapeFilter();
    this.pos = new Jolt.RVec3(0, 0, 0);
    this.dir = new Jolt.Vec3(0, 0, 0);
    this.mode = 'direct';
  }

  // cast runs cast i of the flat casts array, offset by off (added to the
  // start), leaving the answer in the collector.
  cast(casts, i, off) {
    const c = 6 * i;
    this.pos.Set(casts[c] + off, casts[c + 1] + off, casts[c + 2] + off);
    this.dir.Set(casts[c + 3], casts[c + 4], casts[c + 5]);
    const sc = new Jolt.RShapeCast(this.sphere, this.scale, Jolt.RMat44.prototype.sTranslation(this.pos), this.dir);
    this.collector.Reset();
    if (this.mode === 'direct') {
      this.ts.CastShape(sc, this.settings, this.base, this.collector, this.filter);
    } else {
      this.npq.CastShape(sc, this.settings, this.base, this.collector, this.bpFilter, this.olFilter, this.bodyFilter, this.filter);
    }
    Jolt.destroy(sc);
  }

  // result returns the last cast's answer: fraction, contact point on the
  // mesh, the unit normal from the mesh to the sphere (minus the
  // penetration axis), the triangle's index in the file, the penetration
  // depth and whether a back face was hit.
  result() {
    if (!this.collector.HadHit()) return { hit: false };
    const h = this.collector.mHit;
    const p = h.mContactPointOn2, a = h.mPenetrationAxis;
    const len = Math.hypot(a.GetX(), a.GetY(), a.GetZ());
    return {
      hit: true,
      t: h.mFraction,
      point: [p.GetX(), p.GetY(), p.GetZ()],
      normal: [-a.GetX() / len, -a.GetY() / len, -a.GetZ() / len],
      tri: this.mesh.GetTriangleUserData(h.mSubShapeID2),
      depth: h.mPenetrationDepth,
      back: h.mIsBackFaceHit,
    };
  }
}
