#!/usr/bin/env node
// simple-engine.js — a deliberately simple layer engine, with its mtg-layers adapter.
//
// It is NOT a correct implementation of rule 613. It is what many engines start as:
//   * effects are applied layer by layer (the layer order is right, for m10 and ikoria),
//   * within a layer, in timestamp order (characteristic-defining abilities first),
//   * static abilities are read from each object's abilities at the start of every layer,
//   * and that is all: no dependencies (613.8), no lock-in of the objects an effect
//     applies to (613.6), no text-changing effects (layer 3), copies copy printed values
//     only, and an ability granted by an effect has the timestamp of its object.
// Running the conformance suite against it shows a realistic report: most cases pass,
// the famous interactions (Blood Moon and Urborg, March of the Machines, Humility and
// Opalescence, copies of copies …) fail, and the pre-m10 rules are skipped.
//
// Usage (Node 20, no npm packages):
//   node simple-engine.js            persistent mode: JSON lines on stdin/stdout
//   node simple-engine.js --oneshot  one message on stdin, one answer on stdout,
//                                    exit status 0 (results), 1 (error), 2 (skipped)
// See examples/adapters/README.md and docs/conformance.md.
'use strict';

const PROTOCOL_VERSION = 1;

// ---------------------------------------------------------------------------
// The engine: rules versions as an ordered list of slots, and the operations.
// ---------------------------------------------------------------------------

// Every operation belongs to a kind; a rules version puts (kind, origin) into a slot.
const KIND = {
  copy_of: 'copy', face_down: 'face_down', set_controller: 'control', replace_word: 'text',
  add_types: 'type', set_types: 'type', remove_types: 'type', add_subtypes: 'type',
  set_subtypes: 'type', remove_subtypes: 'type', all_creature_types: 'type',
  set_land_subtype: 'type', add_supertypes: 'type', remove_supertypes: 'type',
  set_colors: 'color', add_colors: 'color',
  add_abilities: 'ability', remove_abilities: 'ability', remove_all_abilities: 'ability',
  counter_keyword: 'ability',
  set_pt: 'pt_set', modify_pt: 'pt_modify', switch_pt: 'pt_switch', counter_pt: 'counter_pt',
};

const cdaPT = (kind, origin) => origin === 'cda' && (kind === 'pt_set' || kind === 'pt_modify');
const SLOTS = {
  m10: [
    ['1', (k) => k === 'copy' || k === 'face_down'],
    ['2', (k) => k === 'control'],
    ['3', (k) => k === 'text'],
    ['4', (k) => k === 'type'],
    ['5', (k) => k === 'color'],
    ['6', (k) => k === 'ability'],
    ['7a', cdaPT],
    ['7b', (k, o) => k === 'pt_set' && o !== 'cda'],
    ['7c', (k, o) => k === 'pt_modify' && o !== 'cda'],
    ['7d', (k) => k === 'counter_pt'],
    ['7e', (k) => k === 'pt_switch'],
  ],
  ikoria: [
    ['1a', (k) => k === 'copy'],
    ['1b', (k) => k === 'face_down'],
    ['2', (k) => k === 'control'],
    ['3', (k) => k === 'text'],
    ['4', (k) => k === 'type'],
    ['5', (k) => k === 'color'],
    ['6', (k) => k === 'ability'],
    ['7a', cdaPT],
    ['7b', (k, o) => k === 'pt_set' && o !== 'cda'],
    ['7c', (k, o) => (k === 'pt_modify' && o !== 'cda') || k === 'counter_pt'],
    ['7d', (k) => k === 'pt_switch'],
  ],
};

const KEYWORD_COUNTERS = new Set([
  'deathtouch', 'decayed', 'double strike', 'exalted', 'first strike', 'flying', 'haste',
  'hexproof', 'indestructible', 'lifelink', 'menace', 'reach', 'shadow', 'trample', 'vigilance',
]);
const LAND_TYPES = new Set([
  'plains', 'island', 'swamp', 'mountain', 'forest', 'cave', 'desert', 'gate', 'lair', 'locus',
  'mine', 'planet', 'power-plant', 'sphere', 'tower', 'town', "urza's",
]);

class Unsupported extends Error {}

function printed(o) {
  return {
    name: o.name, controller: o.controller, mana_value: o.mana_value,
    colors: new Set(o.colors), types: new Set(o.types), subtypes: new Set(o.subtypes),
    supertypes: new Set(o.supertypes), all_creature_types: o.all_creature_types,
    abilities: new Set(o.abilities), power: o.power, toughness: o.toughness, face_down: false,
  };
}

function clone(ch) {
  const out = { ...ch };
  for (const k of ['colors', 'types', 'subtypes', 'supertypes', 'abilities']) out[k] = new Set(ch[k]);
  return out;
}

// Filters: every key must hold. `ctx` = {board, state, source, controller}.
function matches(filter, id, ctx) {
  const obj = ctx.objects[id];
  const ch = ctx.state[id] || printed(obj);
  for (const [key, want] of Object.entries(filter)) {
    let ok;
    switch (key) {
      case 'all': ok = want.every((f) => matches(f, id, ctx)); break;
      case 'any': ok = want.some((f) => matches(f, id, ctx)); break;
      case 'not': ok = !matches(want, id, ctx); break;
      case 'id': ok = id === want; break;
      case 'ids': ok = want.includes(id); break;
      case 'type': ok = ch.types.has(want); break;
      case 'subtype': { const w = word(want, ctx); ok = ch.subtypes.has(w) || (ch.all_creature_types && !LAND_TYPES.has(w)); break; }
      case 'supertype': ok = ch.supertypes.has(want); break;
      case 'color': ok = ch.colors.has(word(want, ctx)); break;
      case 'colorless': ok = (ch.colors.size === 0) === want; break;
      case 'multicolored': ok = (ch.colors.size > 1) === want; break;
      case 'controller':
        if (want === 'opponent') ok = ch.controller !== ctx.controller;
        else ok = ch.controller === (want === 'you' ? ctx.controller : want);
        break;
      case 'owner': ok = obj.owner === (want === 'you' ? ctx.controller : want); break;
      case 'is_source': ok = (id === ctx.source) === want; break;
      case 'other_than_source': ok = (id !== ctx.source) === want; break;
      case 'attached_to_source': {
        const src = ctx.objects[ctx.source];
        ok = (src !== undefined && src.attached_to === id) === want;
        break;
      }
      case 'name': ok = ch.name === want; break;
      case 'token': ok = obj.token === want; break;
      case 'face_down': ok = ch.face_down === want; break;
      case 'has_ability': ok = ch.abilities.has(want); break;
      case 'mana_value': {
        const v = ch.mana_value;
        const n = want.value;
        ok = { '<': v < n, '<=': v <= n, '==': v === n, '!=': v !== n, '>=': v >= n, '>': v > n }[want.op];
        break;
      }
      case 'zone': ok = obj.zone === want; break;
      default: throw new Unsupported(`filter key ${key}`);
    }
    if (!ok) return false;
  }
  return true;
}

function matching(filter, ctx) {
  const zone = filter.zone || 'battlefield';
  return Object.keys(ctx.objects).filter((id) => ctx.objects[id].zone === zone && matches(filter, id, ctx));
}

function value(v, ctx, target) {
  if (typeof v === 'number') return v;
  if ('count' in v) return matching(v.count, ctx).length;
  if ('its' in v) return (ctx.state[target] || {})[v.its] || 0;
  if ('card_types_among' in v) {
    const types = new Set();
    for (const id of matching(v.card_types_among, ctx)) for (const t of (ctx.state[id] || printed(ctx.objects[id])).types) types.add(t);
    return types.size;
  }
  if ('sum' in v) return v.sum.reduce((a, x) => a + value(x, ctx, target), 0);
  if ('times' in v) return v.times[0] * value(v.times[1], ctx, target);
  throw new Unsupported(`value ${JSON.stringify(v)}`);
}

// A chosen word ({chosen: creature_type}, 614.1c) means what the effect's source chose as it entered.
function word(x, ctx) {
  if (x === null || typeof x !== 'object') return x;
  const chosen = (ctx.objects[ctx.source] || {}).chosen || {};
  if (!('chosen' in x) || !(x.chosen in chosen)) throw new Unsupported(`word ${JSON.stringify(x)}`);
  return chosen[x.chosen];
}

function apply(ch, part, ctx, target) {
  const a = {};
  for (const [k, v] of Object.entries(part)) a[k] = Array.isArray(v) ? v.map((x) => word(x, ctx)) : v;
  switch (part.op) {
    case 'copy_of': {
      const src = ctx.objects[a.object]; // printed values only (a simplification)
      const keep = new Set(a.retain || []);
      const values = printed(src);
      const ex = a.except || {};
      for (const f of ['name', 'mana_value', 'power', 'toughness']) if (f in ex) values[f] = ex[f];
      for (const f of ['colors', 'types', 'subtypes', 'supertypes', 'abilities']) {
        if (f in ex) values[f] = new Set(ex[f]);
        for (const x of ex[`add_${f}`] || []) values[f].add(x);
      }
      if (ex.all_creature_types) values.all_creature_types = true;
      for (const f of ['name', 'mana_value', 'colors', 'types', 'subtypes', 'supertypes', 'all_creature_types', 'abilities', 'power', 'toughness']) {
        if (!keep.has(f)) ch[f] = values[f];
      }
      break;
    }
    case 'face_down':
      Object.assign(ch, {
        name: null, mana_value: 0, colors: new Set(a.colors || []), types: new Set(a.types || ['creature']),
        subtypes: new Set(a.subtypes || []), supertypes: new Set(), all_creature_types: false,
        abilities: new Set(a.abilities || []), power: a.power ?? 2, toughness: a.toughness ?? 2, face_down: true,
      });
      break;
    case 'set_controller': ch.controller = a.player === 'you' ? ctx.controller : a.player; break;
    case 'add_types': a.types.forEach((t) => ch.types.add(t)); break;
    case 'set_types': ch.types = new Set(a.types); break;
    case 'remove_types': a.types.forEach((t) => ch.types.delete(t)); break;
    case 'add_subtypes': a.subtypes.forEach((t) => ch.subtypes.add(t)); break;
    case 'set_subtypes': ch.subtypes = new Set(a.subtypes); break;
    case 'remove_subtypes': a.subtypes.forEach((t) => ch.subtypes.delete(t)); break;
    case 'all_creature_types': ch.all_creature_types = true; break;
    case 'set_land_subtype':
      if (ch.types.has('land')) {
        ch.subtypes = new Set([...ch.subtypes].filter((s) => !LAND_TYPES.has(s)).concat(a.subtypes));
        ch.abilities = new Set();
      }
      break;
    case 'add_supertypes': a.supertypes.forEach((t) => ch.supertypes.add(t)); break;
    case 'remove_supertypes': a.supertypes.forEach((t) => ch.supertypes.delete(t)); break;
    case 'set_colors': ch.colors = new Set(a.colors); break;
    case 'add_colors': a.colors.forEach((c) => ch.colors.add(c)); break;
    case 'add_abilities': a.abilities.forEach((x) => ch.abilities.add(x)); break;
    case 'remove_abilities': a.abilities.forEach((x) => ch.abilities.delete(x)); break;
    case 'remove_all_abilities': ch.abilities = new Set(); break;
    case 'counter_keyword': ch.abilities.add(a.ability); break;
    case 'set_pt':
      if ('power' in a) ch.power = value(a.power, ctx, target);
      if ('toughness' in a) ch.toughness = value(a.toughness, ctx, target);
      break;
    case 'modify_pt':
    case 'counter_pt':
      if (part.op === 'counter_pt' && !ch.types.has('creature')) break;
      if ('power' in a) ch.power = (ch.power || 0) + value(a.power, ctx, target);
      if ('toughness' in a) ch.toughness = (ch.toughness || 0) + value(a.toughness, ctx, target);
      break;
    case 'switch_pt': [ch.power, ch.toughness] = [ch.toughness || 0, ch.power || 0]; break;
    default: throw new Unsupported(`operation ${part.op}`);
  }
  return ch;
}

// The effects that exist now: resolved effects, static abilities of the objects as they
// are at this moment, counters and face-down status.
function effectsNow(board, state, objects) {
  const defs = new Map(board.abilities.map((d) => [d.text, d]));
  const out = [];
  for (const e of board.effects) {
    out.push({ id: e.id, origin: 'resolved', timestamp: e.timestamp, parts: e.parts,
      fixed: e.applies_to, controller: e.controller, source: e.source });
  }
  for (const id of Object.keys(state).sort()) {
    for (const text of [...state[id].abilities].sort()) {
      const d = defs.get(text);
      if (!d) continue;
      out.push({ id: `${id}:${text}`, origin: d.cda ? 'cda' : 'static', timestamp: objects[id].timestamp,
        parts: d.parts, filter: d.applies_to, controller: state[id].controller, source: id });
    }
    const obj = objects[id];
    if (obj.face_down) {
      out.push({ id: `face-down:${id}`, origin: 'rule', timestamp: obj.timestamp,
        parts: [{ op: 'face_down', ...(obj.face_down_values || {}) }], fixed: [id] });
    }
    for (const c of obj.counters) {
      const m = /^([+-]\d+)\/([+-]\d+)$/.exec(c.kind);
      let part = null;
      if (m) part = { op: 'counter_pt', power: Number(m[1]) * c.count, toughness: Number(m[2]) * c.count };
      else if (KEYWORD_COUNTERS.has(c.kind)) part = { op: 'counter_keyword', ability: c.kind };
      if (part) out.push({ id: `counters:${id}:${c.kind}`, origin: 'rule', timestamp: c.timestamp, parts: [part], fixed: [id] });
    }
  }
  return out;
}

function resolve(board, rules) {
  const slots = SLOTS[rules];
  if (!slots) throw new Unsupported(`rules version ${rules}`);
  const objects = Object.fromEntries(board.objects.map((o) => [o.id, o]));
  let state = {};
  for (const o of board.objects) if (o.zone === 'battlefield') state[o.id] = printed(o);
  for (const [slot, holds] of slots) {
    const inSlot = (e) => e.parts.filter((p) => {
      if (!(p.op in KIND)) throw new Unsupported(`operation ${p.op}`);
      return holds(KIND[p.op], e.origin);
    });
    const todo = effectsNow(board, state, objects).filter((e) => inSlot(e).length > 0);
    // Characteristic-defining abilities first, then timestamp order. No dependencies.
    todo.sort((x, y) => (x.origin === 'cda' ? 0 : 1) - (y.origin === 'cda' ? 0 : 1)
      || x.timestamp - y.timestamp || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    for (const e of todo) {
      const ctx = { objects, state, source: e.source, controller: e.controller };
      // The objects an effect applies to are read anew in every layer (no lock-in).
      const targets = e.fixed ? e.fixed.filter((id) => id in state) : matching(e.filter, ctx).filter((id) => id in state);
      const next = { ...state };
      for (const t of targets) {
        let ch = clone(state[t]);
        for (const p of inSlot(e)) ch = apply(ch, p, ctx, t);
        next[t] = ch;
      }
      state = next;
    }
    void slot;
  }
  const results = {};
  for (const id of Object.keys(state).sort()) {
    const ch = state[id];
    const counters = {};
    for (const c of objects[id].counters) counters[c.kind] = (counters[c.kind] || 0) + c.count;
    results[id] = {
      name: ch.name, controller: ch.controller, mana_value: ch.mana_value,
      types: [...ch.types].sort(), subtypes: [...ch.subtypes].sort(), supertypes: [...ch.supertypes].sort(),
      all_creature_types: ch.all_creature_types, colors: [...ch.colors].sort(),
      abilities: [...ch.abilities].sort(), power: ch.power, toughness: ch.toughness,
      face_down: ch.face_down, counters,
    };
  }
  return results;
}

// ---------------------------------------------------------------------------
// The adapter: the mtg-layers conformance protocol, version 1.
// ---------------------------------------------------------------------------

const IMPLEMENTATION = {
  name: 'simple-engine',
  language: 'javascript',
  version: '0.1.0',
  homepage: 'examples/adapters/README.md',
  rules_versions: Object.keys(SLOTS),
  // Every feature tag except text-changing effects, which this engine does not model:
  // the runner skips those cases without sending them.
  features: [
    'layer-1-copy', 'copy-exception', 'face-down', 'layer-2-control', 'layer-4-type', 'land-types',
    'layer-5-color', 'layer-6-abilities', 'layer-7a-cda', 'layer-7b-set', 'layer-7c-modify', 'counters',
    'layer-7d-switch', 'timestamps', 'cda-first', 'dependency', 'dependency-loop', 'lock-in',
    'static-existence', 'multi-step', 'version-difference', 'value-expression', 'keyword-counters',
  ],
};

// Answer one message: [reply or null, one-shot exit status].
function handle(msg) {
  if (msg.cmd === 'start') {
    if (msg.version !== PROTOCOL_VERSION) {
      return [{ ready: false, version: PROTOCOL_VERSION, error: `speaks only version ${PROTOCOL_VERSION}` }, 1];
    }
    return [{ ready: true, version: PROTOCOL_VERSION, implementation: IMPLEMENTATION }, 0];
  }
  if (msg.cmd === 'stop') return [null, 0];
  if (msg.cmd !== 'run') return [{ seq: msg.seq || 0, errored: true, message: `unknown command ${msg.cmd}` }, 1];
  try {
    // The runner sends the board already accumulated up to the step: no need to replay.
    return [{ seq: msg.seq, results: resolve(msg.board, msg.rules) }, 0];
  } catch (err) {
    if (err instanceof Unsupported) return [{ seq: msg.seq, skipped: true, reason: `unsupported: ${err.message}` }, 2];
    return [{ seq: msg.seq, errored: true, message: String(err && err.stack || err) }, 1];
  }
}

function send(reply) {
  process.stdout.write(JSON.stringify(reply) + '\n');
}

function main() {
if (process.argv.includes('--oneshot')) {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => { input += chunk; });
  process.stdin.on('end', () => {
    let msg;
    try {
      msg = JSON.parse(input);
    } catch (err) {
      send({ seq: 0, errored: true, message: `not JSON: ${err.message}` });
      process.exitCode = 1;
      return;
    }
    const [reply, status] = handle(msg);
    if (reply) send(reply);
    process.exitCode = status;
  });
} else {
  const rl = require('node:readline').createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (err) {
      send({ seq: 0, errored: true, message: `not JSON: ${err.message}` });
      return;
    }
    const [reply] = handle(msg);
    if (reply === null) process.exit(0);
    send(reply);
  });
  rl.on('close', () => process.exit(0));
}
}

if (require.main === module) main();
module.exports = { resolve, handle };
