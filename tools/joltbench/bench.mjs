// Runs the casts of cast files (internal/castfile) through Jolt Physics
// (jolt.mjs, WebAssembly) and through this project's core (gocast, native
// and, when given, built for js/wasm under this same node), alternating
// the two round by round, and compares their answers. See README.md.
//
//   node bench.mjs --gocast BIN [--gowasm WASM] [--rounds N] [--out DIR] FILE.json...
//
// Prints a markdown report and writes it, with every figure as JSON, to
// DIR (default: out/).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, basename } from 'node:path';
import { execPath } from 'node:process';
import { buildMesh, Caster } from './jolt.mjs';

const FRACTION_TOL = 1e-4; // |t_jolt - t_ours|: 1e-4 of the motion
const POINT_TOL = 1e-3; // contact points: 1e-3 of the radius
const GRAZING = 0.05; // |cos| between the motion and the contact normal below this: near-tangent
const CHECK_MAX = 200; // disagreements checked by hand (gocast check) per level

function parseArgs(argv) {
  const o = { rounds: 9, out: 'out', files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--gocast') o.gocast = argv[++i];
    else if (a === '--gowasm') o.gowasm = argv[++i];
    else if (a === '--wasmexec') o.wasmexec = argv[++i];
    else if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--out') o.out = argv[++i];
    else o.files.push(a);
  }
  if (!o.gocast || o.files.length === 0 || !(o.rounds >= 1) || (o.gowasm && !o.wasmexec)) {
    console.error('usage: node bench.mjs --gocast BIN [--gowasm WASM --wasmexec wasm_exec_node.js] [--rounds N] [--out DIR] FILE.json...');
    process.exit(2);
  }
  return o;
}

// quantile returns the q-quantile of xs as the Go bench does (sorted, index
// floor(n q)).
function quantile(xs, q) {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}
const median = (xs) => quantile(xs, 0.5);

// stats returns a pass's median and p90 over casts, in µs.
const stats = (ns) => ({ median: median(ns) / 1e3, p90: quantile(ns, 0.9) / 1e3 });

// joltPass times every cast once (ns per cast), offset by off.
function joltPass(caster, casts, n, off) {
  const ns = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    caster.cast(casts, i, off);
    ns[i] = Number(process.hrtime.bigint() - t0);
  }
  return ns;
}

// timerFloor is the median cost of reading the clock around nothing.
function timerFloor(n) {
  const ns = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    ns[i] = Number(process.hrtime.bigint() - t0);
  }
  return median(ns);
}

function runGo(cmd, args) {
  const r = spawnSync(cmd, args, { maxBuffer: 1 << 28, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// compare returns the casts where Jolt's answer differs from ours, and
// how many casts both engines found overlapping at the start (T = 0):
// there the contact point is any of the overlapped triangles' (ours: the
// lowest index; Jolt: the first it meets), so points are not compared.
function compare(f, ours, jolt) {
  const out = [];
  const start = { both: 0, otherPoint: 0 };
  for (let i = 0; i < ours.length; i++) {
    const o = ours[i], j = jolt[i];
    if (o.hit && j.hit && o.t === 0 && j.t === 0) {
      start.both++;
      if (dist(o.point, j.point) > POINT_TOL * f.radius) start.otherPoint++;
      continue;
    }
    let kind = null;
    if (o.hit !== j.hit) kind = o.hit ? 'jolt-miss' : 'jolt-extra-hit';
    else if (o.hit && Math.abs(o.t - j.t) > FRACTION_TOL) kind = 'fraction';
    else if (o.hit && dist(o.point, j.point) > POINT_TOL * f.radius) kind = 'point';
    if (kind) out.push({ cast: i, kind, ours: o, jolt: j });
  }
  return { diffs: out, start };
}

// ulp32 is the spacing of float32 numbers near x (Jolt's single precision).
const ulp32 = (x) => 2 ** (Math.floor(Math.log2(Math.max(Math.abs(x), 2 ** -126))) - 23);

// classify names why a disagreement likely arises, from the exact check
// (gocast check): one engine alone at T = 0; a contact point on another
// triangle touched at the same T (a near-tie, both right); Jolt's sphere
// within 8 float32 steps of the cast's coordinates from touching (single
// precision); a
// motion nearly tangent to the contact; a contact at the motion's end.
function classify(d, a, f) {
  const o = d.ours, j = d.jolt;
  if ((o.hit && o.t === 0) || (j.hit && j.t === 0)) return 'start-overlap';
  const tie = o.hit && j.hit && j.tri !== o.tri && a.tri_hit && Math.abs(a.tri_t - o.t) <= FRACTION_TOL;
  if (tie && d.kind === 'point') return 'near-tie';
  const c = 6 * d.cast;
  const mag = Math.max(...[0, 1, 2].map((k) => Math.abs(f.casts[c + k]) + Math.abs(f.casts[c + 3 + k])));
  if (Math.abs(a.gap) <= 8 * ulp32(mag)) return 'float32';
  if (tie) return 'near-tie';
  if (Math.abs(a.approach) < GRAZING) return 'near-tangent';
  if ((o.hit ? o.t : j.t) > 1 - 1e-3) return 'at-motion-end';
  return 'other';
}

function benchLevel(path, o) {
  const f = JSON.parse(readFileSync(path, 'utf8'));
  const n = f.casts.length / 6;
  const m = buildMesh(f);
  const caster = new Caster(m.shape, f.radius);
  let far = 0;
  for (const v of f.vertices) far = Math.max(far, Math.abs(v));
  far = 10 * far + 100 * f.radius; // every cast moved this far along (1,1,1) misses the level's bounds
  // Warm up the JIT and caches: every cast, both modes, a few times.
  for (let k = 0; k < 3; k++) {
    for (const mode of ['direct', 'query']) {
      caster.mode = mode;
      joltPass(caster, f.casts, n, 0);
      joltPass(caster, f.casts, n, far);
    }
  }
  caster.mode = 'direct';
  const jolt = [];
  for (let i = 0; i < n; i++) {
    caster.cast(f.casts, i, 0);
    jolt.push(caster.result());
  }
  const wasmArgs = o.gowasm ? [o.wasmexec, o.gowasm, 'time', path] : null;
  const rounds = { jolt: [], joltQuery: [], joltFar: [], go: [], goWasm: [] };
  const perCast = { jolt: [], go: [] };
  let goFirst = null, goWasmFirst = null;
  for (let r = 0; r < o.rounds; r++) {
    const steps = [
      () => {
        caster.mode = 'direct';
        const ns = joltPass(caster, f.casts, n, 0);
        rounds.jolt.push(stats(ns));
        perCast.jolt.push(ns);
        rounds.joltFar.push(stats(joltPass(caster, f.casts, n, far)));
        caster.mode = 'query';
        rounds.joltQuery.push(stats(joltPass(caster, f.casts, n, 0)));
        caster.mode = 'direct';
      },
      () => {
        const g = runGo(o.gocast, r === 0 ? ['time', path, '-results'] : ['time', path]);
        goFirst ??= g;
        rounds.go.push(stats(g.times_ns));
        perCast.go.push(g.times_ns);
      },
    ];
    if (wasmArgs) {
      steps.push(() => {
        const g = runGo(execPath, wasmArgs);
        goWasmFirst ??= g;
        rounds.goWasm.push(stats(g.times_ns));
      });
    }
    if (r % 2 === 1) steps.reverse(); // alternate who runs first
    for (const s of steps) s();
  }
  const ours = goFirst.results;
  const { diffs, start } = compare(f, ours, jolt);
  const questions = diffs.slice(0, CHECK_MAX).map((d) => ({ cast: d.cast, tri: d.jolt.hit ? d.jolt.tri : -1, t: d.jolt.hit ? d.jolt.t : 1 }));
  mkdirSync(o.out, { recursive: true });
  const qpath = join(o.out, `${f.name}.questions.json`);
  writeFileSync(qpath, JSON.stringify(questions));
  const answers = questions.length ? runGo(o.gocast, ['check', path, qpath]) : [];
  answers.forEach((a, k) => { diffs[k].check = a; diffs[k].why = classify(diffs[k], a, f); });
  // Per-cast ratio: each cast's median time over rounds, Jolt's over ours.
  const castMedian = (runs, i) => median(runs.map((ns) => ns[i]));
  const ratios = [];
  for (let i = 0; i < n; i++) ratios.push(castMedian(perCast.jolt, i) / castMedian(perCast.go, i));
  const mid = (xs, k) => median(xs.map((s) => s[k]));
  const summary = (xs) => (xs.length ? { median: mid(xs, 'median'), p90: mid(xs, 'p90') } : null);
  return {
    name: f.name, file: basename(path), triangles: f.triangles.length / 3, casts: n, radius: f.radius,
    hits: { ours: ours.filter((h) => h.hit).length, jolt: jolt.filter((h) => h.hit).length },
    jolt: { buildMS: m.buildMS, bytes: m.bytes, bytesPerTri: m.bytes / (f.triangles.length / 3), timerNS: timerFloor(n) },
    go: { buildMS: goFirst.build_ms, bytesPerTri: goFirst.bytes_per_tri, meshBytes: goFirst.mesh_bytes, timerNS: goFirst.timer_ns },
    goWasm: goWasmFirst ? { buildMS: goWasmFirst.build_ms } : null,
    rounds: o.rounds,
    time: {
      jolt: summary(rounds.jolt), joltQuery: summary(rounds.joltQuery), joltFar: summary(rounds.joltFar),
      go: summary(rounds.go), goWasm: summary(rounds.goWasm),
    },
    perCastRatio: { median: median(ratios), p10: quantile(ratios, 0.1), p90: quantile(ratios, 0.9) },
    diffs,
    start,
    byKind: count(diffs, 'kind'),
    byWhy: count(diffs.filter((d) => d.why), 'why'),
    roundsRaw: rounds,
  };
}

function count(xs, key) {
  const c = {};
  for (const x of xs) c[x[key]] = (c[x[key]] ?? 0) + 1;
  return c;
}

const f2 = (x) => (x == null ? '-' : x.toFixed(2));
const g4 = (x) => Number(x.toPrecision(4));

function report(levels) {
  const L = [];
  L.push('| level | tris | r | engine | median µs | p90 µs | vs Go native (median) |');
  L.push('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const lv of levels) {
    const go = lv.time.go.median;
    const row = (name, s) => s && L.push(`| ${lv.name} | ${lv.triangles} | ${lv.radius} | ${name} | ${f2(s.median)} | ${f2(s.p90)} | ${(s.median / go).toFixed(2)}x |`);
    row('Go core, native', lv.time.go);
    row('Go core, js/wasm (node)', lv.time.goWasm);
    row('Jolt wasm, TransformedShape.CastShape', lv.time.jolt);
    row('Jolt wasm, NarrowPhaseQuery.CastShape', lv.time.joltQuery);
    row('Jolt wasm, far-away miss (call overhead)', lv.time.joltFar);
  }
  L.push('');
  for (const lv of levels) {
    const t = lv.time;
    L.push(`**${lv.name}**: ${lv.casts} sphere casts (r = ${lv.radius}), ${lv.rounds} alternating rounds; hits: ours ${lv.hits.ours}, Jolt ${lv.hits.jolt}.`);
    L.push(`Per-cast ratio Jolt/Go native (each cast's median over rounds): median ${lv.perCastRatio.median.toFixed(2)}, p10 ${lv.perCastRatio.p10.toFixed(2)}, p90 ${lv.perCastRatio.p90.toFixed(2)}.`);
    L.push(`Jolt minus its far-miss overhead: ${f2(t.jolt.median - t.joltFar.median)} µs median (${((t.jolt.median - t.joltFar.median) / t.go.median).toFixed(2)}x Go native${t.goWasm ? `, ${((t.jolt.median - t.joltFar.median) / t.goWasm.median).toFixed(2)}x Go wasm` : ''}); Jolt/Go wasm ${t.goWasm ? (t.jolt.median / t.goWasm.median).toFixed(2) + 'x' : '-'}.`);
    L.push(`Build: Jolt ${lv.jolt.buildMS.toFixed(1)} ms (including the JS loop filling its vertex and triangle lists), Go ${lv.go.buildMS.toFixed(1)} ms native${lv.goWasm ? `, ${lv.goWasm.buildMS.toFixed(1)} ms wasm` : ''}. Memory: Jolt heap grew ${lv.jolt.bytes} bytes (${lv.jolt.bytesPerTri.toFixed(1)} per triangle), Go mesh ${lv.go.meshBytes} bytes (${lv.go.bytesPerTri.toFixed(1)} per triangle). Timer floor: hrtime ${lv.jolt.timerNS} ns, Go time.Now ${lv.go.timerNS} ns.`);
    L.push(`Both engines overlapping at the start (T = 0, agreed; points not compared): ${lv.start.both} casts, ${lv.start.otherPoint} of them with the contact on another overlapped triangle.`);
    L.push(`Disagreements (hit/miss, |Δt| > ${FRACTION_TOL}, or contact points more than ${POINT_TOL} r apart): ${lv.diffs.length} of ${lv.casts} (${JSON.stringify(lv.byKind)}); classified: ${JSON.stringify(lv.byWhy)}.`);
    for (const d of lv.diffs.slice(0, 8)) {
      const o = d.ours, j = d.jolt, a = d.check;
      L.push(`- cast ${d.cast} (${d.kind}, ${d.why}): ours ${o.hit ? `t=${g4(o.t)} tri ${o.tri}` : 'miss'}, Jolt ${j.hit ? `t=${g4(j.t)} tri ${j.tri}` : 'miss'}` +
        (a ? `; exact on Jolt's triangle: ${a.tri_hit ? `t=${g4(a.tri_t)}` : (j.hit ? 'no hit' : '-')}, gap at Jolt's t: ${g4(a.gap_ratio)} r, |cos| motion/normal ${g4(Math.abs(a.approach))}` : ''));
    }
    L.push('');
  }
  return L.join('\n');
}

const o = parseArgs(process.argv.slice(2));
const levels = o.files.map((p) => benchLevel(p, o));
const md = report(levels);
mkdirSync(o.out, { recursive: true });
writeFileSync(join(o.out, 'results.json'), JSON.stringify(levels, null, 1));
writeFileSync(join(o.out, 'report.md'), md + '\n');
console.log(md);
