#!/usr/bin/env node
// Draws the shop's demo artwork as small flat SVG illustrations:
//   public/images/products/<key>[-2|-3].svg  one per product image (600 × 600)
//   public/images/offers/<key>.svg            one per demo offer (800 × 500)
//   public/images/hero.svg                    the home page hero (1200 × 600)
//
//   node scripts/generate-product-art.mjs
//
// Products, their artwork type (`art`, `opt`) and item colours come from
// scripts/generate-demo-catalogue.mjs; category colours from app/data/categories.ts.

import { mkdirSync, readFileSync, writeFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { products, offers, imagesOf } from "./generate-demo-catalogue.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAX_BYTES = 4096;

// ───────────────────────── colours ─────────────────────────

/** slug → { from, to, accent }, read from app/data/categories.ts (the single source of truth). */
function categoryColors() {
  const source = readFileSync(path.join(root, "app/data/categories.ts"), "utf8");
  const map = new Map();
  const re = /slug:\s*"([^"]+)"[\s\S]*?colors:\s*\{\s*from:\s*"(#[0-9a-fA-F]{6})",\s*to:\s*"(#[0-9a-fA-F]{6})",\s*accent:\s*"(#[0-9a-fA-F]{6})"/g;
  for (const m of source.matchAll(re)) map.set(m[1], { from: m[2], to: m[3], accent: m[4] });
  if (map.size !== 13) throw new Error(`expected 13 category colour sets, found ${map.size}`);
  return map;
}

const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const hex = (c) => "#" + c.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, "0")).join("");
const mix = (a, b, t) => hex(rgb(a).map((v, i) => v + (rgb(b)[i] - v) * t));
const tint = (c, t) => mix(c, "#ffffff", t);
const shade = (c, t) => mix(c, "#000000", t);

const INK = "#1f2937";
const METAL = "#cbd5e1";
const METAL_D = "#64748b";
const WOOD = "#c98d55";
const WOOD_D = "#8a5a2b";
const GREENS = ["#15803d", "#166534", "#16a34a", "#4d7c0f", "#65a30d"];

// ───────────────────────── primitives ─────────────────────────

const n = (v) => Math.round(v * 10) / 10;
const op = (o) => (o === undefined || o === 1 ? "" : ` opacity="${o}"`);
const R = (x, y, w, h, rx, fill, o) => `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"${op(o)}/>`;
const C = (cx, cy, r, fill, o) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${op(o)}/>`;
const E = (cx, cy, rx, ry, fill, o) => `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${op(o)}/>`;
const P = (d, fill, o) => `<path d="${d}" fill="${fill}"${op(o)}/>`;
/** A stroked, unfilled path with round ends. */
const S = (d, stroke, w, o, extra = "") => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${op(o)}${extra}/>`;
const G = (transform, body) => `<g transform="${transform}">${body}</g>`;
const shadow = (rx = 170, cx = 300, cy = 492) => E(cx, cy, rx, 16, "#0f172a", 0.1);

function pot(x, y, w, h, fill) {
  const i = w * 0.1;
  return P(`M${x} ${y}h${w}l-${i} ${h}h-${w - 2 * i}z`, fill) + R(x - 8, y - 10, w + 16, 22, 6, shade(fill, 0.12));
}
function hexagon(cx, cy, r, fill) {
  const pts = [0, 1, 2, 3, 4, 5].map((k) => {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    return `${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`;
  });
  return `<polygon points="${pts.join(" ")}" fill="${fill}"/>`;
}
/** Deterministic pseudo-random numbers, so regenerating gives the same files. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const seedOf = (text) => [...text].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);

// ───────────────────────── item drawers (600 × 600 space, floor at y≈490) ─────────────────────────
// Each takes k = { m: item colour, d/dd: darker, l: lighter, a: category accent, opt, seed }.

const drawers = {
  chair(k) {
    const base = k.opt === "exec" ? METAL : "#374151";
    let s = shadow(150);
    s += S("M300 455L190 482M300 455L245 492M300 455L355 492M300 455L410 482", base, 14);
    s += [190, 245, 355, 410].map((x, i) => C(x, i % 3 ? 496 : 488, 11, INK)).join("");
    s += R(290, 380, 20, 78, 4, METAL_D) + R(291, 320, 18, 40, 0, k.dd);
    if (k.opt === "exec") {
      s += R(205, 105, 190, 240, 62, k.m) + S("M228 180H372M228 240H372M228 300H372", k.d, 4);
    } else if (k.opt === "kids") {
      s += R(222, 190, 156, 140, 52, k.m) + R(244, 212, 112, 96, 40, k.l, 0.6);
    } else {
      s += R(250, 112, 100, 34, 17, k.dd) + R(292, 140, 16, 16, 0, k.dd);
      s += R(212, 150, 176, 190, 44, k.m) + R(228, 166, 144, 158, 34, k.d);
      s += S("M246 176V314M270 172V318M294 170V320M318 170V320M342 172V318", k.l, 3, 0.5);
    }
    s += R(188, 345, 224, 46, 23, k.m) + R(206, 350, 188, 9, 4, k.l, 0.5);
    if (k.opt !== "kids") {
      s += R(176, 302, 14, 60, 7, k.dd) + R(166, 292, 46, 14, 7, k.dd);
      s += R(410, 302, 14, 60, 7, k.dd) + R(388, 292, 46, 14, 7, k.dd);
    }
    return s;
  },

  desk(k) {
    let s = shadow(220);
    if (k.opt === "kids") {
      s += R(140, 262, 22, 218, 8, k.a) + R(438, 240, 22, 240, 8, k.a);
      s += R(112, 472, 78, 14, 7, k.a) + R(410, 472, 78, 14, 7, k.a);
      s += R(250, 268, 150, 40, 8, tint(k.a, 0.55)) + R(300, 284, 50, 8, 4, k.a);
      s += P("M104 250L478 212L482 232L108 272z", k.m) + P("M108 272L482 232V244L108 284z", k.d);
      s += R(200, 180, 60, 60, 4, "#fde047") + G("rotate(-6 330 200)", R(300, 150, 70, 50, 4, "#fff"));
      return s;
    }
    if (k.opt === "compact") {
      s += R(136, 282, 14, 200, 4, INK) + R(450, 282, 14, 200, 4, INK);
      s += R(120, 260, 360, 24, 5, k.m) + R(330, 284, 130, 42, 5, k.d) + R(375, 300, 40, 7, 3, k.l);
      s += P("M210 258L390 258L405 246H195z", METAL) + R(215, 150, 170, 104, 8, INK) + R(224, 159, 152, 86, 4, tint(k.a, 0.7));
      s += pot(145, 215, 40, 40, "#e7e5e4") + E(165, 190, 18, 28, GREENS[0]) + E(150, 200, 10, 18, GREENS[2]);
      return s;
    }
    // standing desk
    s += R(150, 274, 26, 200, 4, "#374151") + R(424, 274, 26, 200, 4, "#374151");
    s += R(155, 274, 16, 90, 3, "#6b7280") + R(429, 274, 16, 90, 3, "#6b7280");
    s += R(118, 470, 90, 14, 7, "#374151") + R(392, 470, 90, 14, 7, "#374151");
    s += R(100, 250, 400, 26, 6, k.m) + R(100, 268, 400, 8, 2, k.d);
    s += R(380, 276, 44, 14, 4, INK) + C(392, 283, 3, "#22c55e") + C(404, 283, 3, "#fff");
    s += R(222, 118, 176, 106, 8, INK) + R(231, 127, 158, 88, 4, tint(k.a, 0.65)) + R(292, 224, 16, 22, 0, METAL_D) + R(262, 242, 76, 8, 4, METAL_D);
    s += pot(128, 210, 40, 40, "#e7e5e4") + E(148, 186, 16, 28, GREENS[0]) + E(134, 196, 10, 20, GREENS[2]) + E(162, 196, 10, 20, GREENS[1]);
    s += R(420, 212, 32, 38, 6, k.a) + S("M452 222a10 10 0 0 1 0 20", k.a, 6);
    return s;
  },

  lamp(k) {
    let s = shadow(140, 280);
    const beam = (x1, x2, y) => P(`M${x1} ${y}H${x2}L520 486H250z`, "#fde68a", 0.45);
    if (k.opt === "gooseneck") {
      s += beam(330, 470, 282);
      s += E(240, 482, 72, 15, shade(k.m, 0.3)) + E(240, 474, 72, 15, k.m);
      s += S("M240 470C240 330 290 250 390 262", METAL_D, 14) + S("M240 470C240 330 290 250 390 262", METAL, 6, 1, ' stroke-dasharray="4 6"');
      s += R(350, 248, 130, 32, 16, k.m) + R(360, 272, 110, 8, 4, "#fef08a") + C(255, 468, 6, "#38bdf8");
      return s;
    }
    const walnut = k.opt === "walnut";
    const x0 = walnut ? 220 : 230;
    s += beam(365, 475, 318);
    if (walnut) {
      s += R(130, 448, 240, 36, 12, "#7c4a2d") + R(270, 440, 70, 10, 4, INK) + E(305, 452, 40, 4, "#38bdf8", 0.7);
    } else {
      s += E(x0, 482, 72, 15, k.dd) + E(x0, 474, 72, 15, k.m);
    }
    s += S(`M${x0} 462L290 300L420 250`, walnut ? "#d6d3d1" : k.m, 16);
    s += S(`M${x0 + 14} 458L302 308`, METAL_D, 3);
    s += C(x0, 462, 12, k.dd) + C(290, 300, 13, k.dd) + C(420, 250, 12, k.dd);
    s += k.opt === "kids" ? P("M365 318a55 55 0 0 1 110 0z", k.m) : P("M394 238H446L478 316H362z", k.m);
    s += E(420, 318, 58, 10, k.dd) + E(420, 320, 40, 6, "#fef9c3");
    return s;
  },

  mug(k) {
    let s = shadow(150);
    if (k.opt !== "festive") {
      s += S("M118 390a26 26 0 0 0 0 50", k.l, 12) + R(126, 350, 110, 130, 18, k.l) + E(181, 352, 55, 9, shade(k.l, 0.15));
    } else {
      s += R(318, 200, 14, 90, 7, WOOD);
    }
    s += C(385, 345, 44, "none").replace('fill="none"', `fill="none" stroke="${k.d}" stroke-width="20"`);
    s += R(205, 255, 175, 215, 26, k.m) + E(292, 258, 87, 15, k.d) + E(292, 258, 75, 10, "#5b3a22");
    if (k.opt === "festive") {
      const flake = (x, y) => S(`M${x - 14} ${y}h28M${x - 7} ${y - 12}l14 24M${x + 7} ${y - 12}l-14 24`, "#fff", 4);
      s += flake(250, 330) + flake(330, 370) + flake(265, 420) + flake(345, 300) + R(205, 445, 175, 12, 0, "#fff", 0.6);
    } else {
      s += P("M205 300q22 26 44 0t46 6 44-4 41 0V282H205z", k.l, 0.7);
    }
    s += S("M262 228q-14-22 0-44t0-44M300 228q-14-22 0-44t0-44M338 228q-14-22 0-44t0-44", "#fff", 7, 0.75);
    return s;
  },

  thermos(k) {
    let s = shadow(90);
    s += R(245, 175, 110, 305, 34, k.m) + R(245, 300, 110, 44, 0, k.d) + R(262, 200, 14, 250, 7, "#fff", 0.25);
    s += R(238, 138, 124, 52, 16, k.dd) + E(300, 140, 60, 10, k.d) + R(312, 130, 30, 8, 4, INK);
    return s;
  },

  bottle(k) {
    let s = shadow(90);
    s += C(300, 128, 16, "none").replace('fill="none"', `fill="none" stroke="${METAL_D}" stroke-width="7"`);
    s += P("M255 252q0-36 32-46V176h26v30q32 10 32 46v218q0 16-16 16h-58q-16 0-16-16z", k.m);
    s += R(282, 140, 36, 42, 8, METAL_D) + R(255, 318, 90, 80, 0, k.d, 0.55);
    s += P("M300 330c24 6 28 30 10 52-8-18-20-24-34-26 4-16 12-24 24-26z", "#fff", 0.8);
    s += R(268, 240, 12, 200, 6, "#fff", 0.25);
    return s;
  },

  coffeemachine(k) {
    let s = shadow(170);
    s += S("M392 282L430 330V398", METAL_D, 8);
    s += R(185, 160, 230, 312, 24, k.m) + R(198, 172, 204, 30, 10, k.d);
    s += C(220, 187, 7, "#fff") + C(244, 187, 7, "#fde68a") + C(268, 187, 7, "#fff") + C(375, 230, 15, METAL);
    s += R(212, 248, 176, 200, 14, shade(k.m, 0.45)) + R(255, 262, 90, 24, 8, METAL) + R(268, 286, 64, 16, 6, METAL_D) + R(322, 288, 96, 12, 6, INK);
    s += R(297, 302, 6, 88, 3, "#7c4a2d") + R(270, 390, 60, 48, 9, "#fff") + E(300, 392, 28, 5, "#7c4a2d");
    s += S("M330 402a12 12 0 0 1 0 24", "#fff", 6) + R(212, 438, 176, 14, 5, METAL);
    s += R(200, 470, 34, 10, 4, INK) + R(366, 470, 34, 10, 4, INK);
    return s;
  },

  teapot(k) {
    let s = shadow(210);
    s += S("M365 302C440 292 440 420 365 410", k.d, 18);
    s += P("M212 372C168 362 160 304 136 286l20-8c22 20 34 46 64 56z", k.m);
    s += E(288, 370, 108, 88, k.m) + E(288, 452, 62, 9, k.d) + E(256, 335, 42, 18, "#fff", 0.25);
    s += S("M196 392q92 38 184 0", k.l, 6, 0.8);
    s += E(288, 287, 56, 14, k.d) + C(288, 270, 12, k.d);
    const cup = (x) => P(`M${x} 430h86q-4 46-43 46t-43-46z`, k.l) + E(x + 43, 481, 58, 8, k.d) + E(x + 43, 431, 43, 6, "#b45309");
    s += cup(92) + cup(412);
    return s;
  },

  kettle(k) {
    let s = shadow(150);
    s += S("M252 420C196 420 176 330 148 280", k.m, 14) + S("M366 300C432 300 434 420 378 428", k.dd, 18);
    s += P("M238 452L256 292q4-22 26-22h56q22 0 26 22L382 452z", k.m) + R(252, 300, 12, 130, 6, "#fff", 0.2);
    s += E(310, 270, 40, 10, k.d) + C(310, 258, 9, k.d);
    s += R(206, 448, 208, 26, 10, INK) + R(284, 455, 44, 11, 3, "#22d3ee");
    s += S("M146 262q-10-16 0-32t0-32", "#fff", 6, 0.75);
    return s;
  },

  pens(k) {
    if (k.opt === "case") {
      let s = shadow(190);
      s += R(140, 214, 320, 120, 16, "#5b3a22") + R(154, 228, 292, 92, 10, "#f5efe6");
      s += R(128, 330, 344, 140, 16, "#7c4a2d") + R(144, 340, 312, 70, 10, "#1e293b");
      const pen = (y, c) => R(166, y, 268, 17, 8, c) + P(`M434 ${y}l24 8.5-24 8.5z`, "#d4af37") + R(190, y - 4, 64, 5, 2, "#d4af37");
      s += pen(352, k.m) + pen(380, k.d) + R(232, 432, 136, 16, 4, "#d4af37", 0.8);
      return s;
    }
    const pack = k.opt === "pack";
    const angles = pack ? [-24, -16, -8, 0, 8, 16, 24] : [-18, -9, 0, 9, 18];
    let s = shadow(150);
    angles.forEach((a, i) => {
      const c = pack ? (i % 2 ? INK : k.m) : k.m;
      let pen = R(290, 190, 20, 220, 10, c) + P("M290 196l10-24 10 24z", pack ? METAL : "#f5deb3") + C(300, 172, 3, INK);
      pen += pack ? R(290, 230, 20, 50, 8, "#374151") : S("M292 250h16M292 310h16", k.d, 3);
      s += G(`rotate(${a} 300 470)`, pen);
    });
    s += pack ? R(190, 340, 220, 146, 14, tint(k.m, 0.85)) + R(210, 360, 180, 60, 8, "#fff", 0.7)
      : R(232, 330, 136, 156, 16, k.a) + R(232, 330, 136, 18, 8, shade(k.a, 0.2));
    return s;
  },

  markers(k) {
    let s = shadow(180);
    ["#1d4ed8", "#dc2626", "#16a34a", "#111827"].forEach((c, i) => {
      const x = 150 + i * 62;
      s += R(x, 230, 48, 250, 12, k.m) + R(x + 8, 250, 8, 200, 4, "#fff", 0.35) + R(x, 180, 48, 74, 14, c) + R(x + 36, 196, 7, 60, 3, shade(c, 0.3));
    });
    s += R(410, 380, 64, 100, 14, "#0f172a", 0.85) + R(426, 354, 32, 30, 6, "#1d4ed8") + R(418, 410, 48, 30, 4, "#fff", 0.8);
    return s;
  },

  pencils(k) {
    const colors = ["#dc2626", "#f97316", "#facc15", "#16a34a", "#0ea5e9", "#2563eb", "#7c3aed", "#db2777", "#111827"];
    let s = shadow(180);
    colors.forEach((c, i) => {
      const a = -32 + i * 8;
      s += G(`rotate(${a} 300 520)`, R(289, 190, 22, 260, 3, c) + P("M289 190l11-38 11 38z", "#f3d9b1") + P("M296 165l4-13 4 13z", c));
    });
    s += R(165, 392, 270, 96, 12, k.m) + R(165, 392, 270, 16, 6, shade(k.m, 0.2)) + R(185, 422, 230, 40, 6, "#fff", 0.85);
    s += colors.slice(0, 6).map((c, i) => R(198 + i * 36, 432, 24, 20, 4, c)).join("");
    return s;
  },

  notebook(k) {
    if (k.opt === "stack") {
      let s = shadow(200);
      [[150, 410, k.m], [170, 360, k.d], [160, 310, k.l]].forEach(([x, y, c]) => {
        s += R(x, y, 290, 50, 8, c) + R(x + 12, y + 14, 270, 22, 3, "#f8fafc") + S(`M${x + 12} ${y + 20}h270M${x + 12} ${y + 28}h270`, "#e2e8f0", 2);
      });
      s += S("M300 310V460", "#8a5a2b", 4) + E(285, 292, 30, 14, GREENS[2]) + E(318, 290, 26, 12, GREENS[0]);
      s += G("rotate(-25 300 290)", E(300, 292, 14, 28, GREENS[3]));
      return s;
    }
    let s = shadow(170);
    s += G("rotate(-32 440 330)", R(432, 190, 16, 240, 8, INK) + P("M432 430l8 22 8-22z", "#d4af37"));
    s += R(408, 160, 12, 282, 3, "#f8fafc") + R(185, 150, 230, 300, 14, k.m) + R(185, 150, 30, 300, 14, k.d) + R(200, 150, 15, 300, 0, k.d);
    s += R(372, 150, 10, 300, 0, shade(k.m, 0.35)) + R(250, 214, 100, 40, 6, "#fff", 0.85);
    s += P("M300 448v44l10-10 10 10v-44z", k.a);
    return s;
  },

  planner(k) {
    let s = shadow(190);
    s += R(140, 175, 320, 285, 14, "#fff") + R(140, 175, 320, 64, 14, k.m) + R(140, 220, 320, 20, 0, k.m);
    s += S("M186 250V440M231 250V440M277 250V440M323 250V440M369 250V440M414 250V440M150 290H450M150 330H450M150 370H450M150 410H450", "#e2e8f0", 2);
    s += R(150, 258, 30, 18, 4, k.a) + R(238, 298, 78, 18, 4, "#f59e0b") + R(330, 340, 76, 18, 4, "#10b981") + R(194, 380, 70, 18, 4, "#ec4899");
    s += [180, 220, 260, 300, 340, 380, 420].map((x) => C(x, 175, 7, shade(k.m, 0.35))).join("");
    s += G("rotate(18 480 330)", R(472, 220, 14, 200, 4, "#facc15") + P("M472 420l7 22 7-22z", "#f3d9b1"));
    return s;
  },

  mouse(k) {
    let s = R(110, 440, 380, 50, 25, "#0f172a", 0.14);
    s += P("M232 462C196 380 214 252 300 236c70-12 102 64 92 146-6 50-24 80-58 82z", k.m);
    s += P("M300 236c42-8 72 16 86 48l-56 22z", k.d) + G("rotate(-20 326 272)", R(318, 256, 14, 30, 7, METAL_D));
    s += S("M250 420c-10-40-6-90 14-120", "#fff", 6, 0.3) + C(282, 332, 5, "#22c55e");
    return s;
  },

  laptopstand(k) {
    let s = shadow(180);
    s += P("M206 318h26l40 150h-26z", k.m) + P("M394 318h-26l-40 150h26z", k.m) + R(214, 462, 172, 12, 6, shade(k.m, 0.2));
    s += R(178, 118, 244, 166, 10, INK) + R(190, 130, 220, 142, 4, tint(k.a, 0.7));
    s += P("M170 286h260l22 28H148z", "#e2e8f0") + R(148, 312, 304, 8, 4, METAL_D);
    s += R(210, 160, 110, 12, 6, "#fff", 0.8) + R(210, 184, 160, 10, 5, "#fff", 0.6) + R(210, 204, 130, 10, 5, "#fff", 0.6);
    return s;
  },

  whiteboard(k) {
    let s = shadow(200);
    s += S("M160 390L128 488M440 390L472 488", METAL_D, 10);
    s += R(108, 128, 384, 266, 10, METAL) + R(120, 140, 360, 242, 4, "#fff");
    s += R(150, 300, 30, 60, 0, "#3b82f6") + R(190, 270, 30, 90, 0, "#10b981") + R(230, 240, 30, 120, 0, "#f59e0b");
    s += S("M150 220l50-30 40 20 60-50", "#ef4444", 5) + R(380, 250, 62, 62, 2, "#fde047");
    s += C(400, 170, 10, k.m) + C(432, 170, 10, "#f59e0b") + R(150, 390, 300, 10, 4, METAL_D);
    s += R(200, 380, 44, 10, 5, "#1d4ed8") + R(254, 380, 44, 10, 5, "#dc2626");
    return s;
  },

  cushion(k) {
    let s = shadow(160);
    s += P("M156 404c0-70 44-92 144-92s144 22 144 92c0 40-30 56-144 56s-144-16-144-56z", k.m);
    s += P("M262 316c0 34 76 34 76 0z", k.d) + S("M196 392c34-34 174-34 208 0", k.l, 7);
    s += S("M186 430c60 16 168 16 228 0", k.d, 3, 0.7, ' stroke-dasharray="6 8"');
    return s;
  },

  blanket(k) {
    let s = shadow(180);
    const fold = (x, y, w, h, c) => R(x, y, w, h, 30, c) + S(`M${x + 60} ${y + 4}v${h - 8}M${x + 100} ${y + 4}v${h - 8}M${x + w - 80} ${y + 4}v${h - 8}`, tint(c, 0.35), 6, 0.6);
    s += fold(150, 372, 300, 92, k.m) + fold(162, 296, 276, 82, k.d) + fold(172, 232, 256, 70, k.m);
    s += S("M150 392h-14M150 412h-14M150 432h-14M150 452h-14", k.d, 4);
    return s;
  },

  footrest(k) {
    let s = shadow(170);
    s += S("M210 462Q300 506 400 440", k.dd, 14) + S("M456 420c40 10 50 40 90 50", INK, 5);
    s += P("M150 420L430 374q20-4 22 14l2 12q2 12-12 15L162 458q-16 2-18-12z", k.m);
    s += [190, 240, 290, 340, 390].map((x, i) => E(x, 424 - i * 9, 16, 5, k.d)).join("");
    s += S("M240 340q-14-20 0-40t0-40M300 330q-14-20 0-40t0-40M360 320q-14-20 0-40t0-40", "#f97316", 7, 0.8);
    return s;
  },

  frames(k) {
    let s = R(60, 470, 480, 14, 6, "#d6d3d1");
    s += R(210, 130, 180, 240, 6, WOOD) + R(222, 142, 156, 216, 2, "#fffbf5");
    s += C(300, 220, 44, k.m) + P("M238 340a62 62 0 0 1 124 0z", k.a) + R(250, 290, 100, 6, 3, INK, 0.6);
    s += R(82, 190, 110, 150, 6, WOOD) + R(92, 200, 90, 130, 2, "#fffbf5") + P("M104 316v-40a33 33 0 0 1 66 0v40z", tint(k.m, 0.35));
    s += R(408, 190, 110, 150, 6, WOOD) + R(418, 200, 90, 130, 2, "#fffbf5");
    s += R(430, 220, 66, 16, 8, k.d) + R(430, 250, 46, 16, 8, k.a) + R(430, 280, 56, 16, 8, tint(k.m, 0.5));
    s += pot(250, 400, 40, 70, "#e7e5e4") + E(270, 380, 14, 30, GREENS[0]) + R(330, 410, 120, 60, 4, INK, 0.85);
    return s;
  },

  hexpanels(k) {
    const r = 70;
    const w = r * Math.sqrt(3);
    const cells = [[300, 300], [300 - w, 300], [300 + w, 300], [300 - w / 2, 195], [300 + w / 2, 195], [300 - w / 2, 405], [300 + w / 2, 405]];
    const cork = k.opt === "cork";
    const fills = cork ? [k.m, shade(k.m, 0.12)] : [k.m, tint(k.m, 0.3), shade(k.m, 0.25)];
    let s = "";
    cells.forEach(([x, y], i) => {
      if (!cork && i === 6) return;
      s += hexagon(x, y, r - 4, fills[i % fills.length]);
    });
    if (cork) {
      s += G("rotate(-6 300 300)", R(265, 262, 70, 70, 2, "#fde047")) + R(162, 270, 60, 50, 2, "#fff") + R(375, 165, 50, 60, 2, "#93c5fd");
      s += C(300, 262, 7, "#dc2626") + C(192, 270, 7, "#2563eb") + C(400, 165, 7, "#16a34a") + C(260, 400, 7, "#dc2626");
    } else {
      s += S("M280 285h40M280 300h40M280 315h40", "#fff", 3, 0.3);
    }
    return s;
  },

  clock(k) {
    let s = "";
    let cx = 300, cy = 300, r = 150;
    if (k.opt === "desk") {
      s += shadow(160) + R(170, 168, 260, 292, 44, k.m) + R(192, 452, 216, 20, 8, k.d);
      s += S("M186 240h14M186 300h10M400 380h14M404 220h10", k.d, 3, 0.7) + R(245, 414, 110, 22, 4, k.d);
      cy = 290; r = 100;
      s += C(cx, cy, r, "#fafaf9");
    } else {
      s += C(cx, cy, 172, k.m) + C(cx, cy, r + 4, "#fafaf9");
    }
    for (let i = 0; i < 12; i++) {
      const len = i % 3 ? r * 0.1 : r * 0.18;
      s += `<rect x="${cx - 4}" y="${cy - r + 8}" width="8" height="${n(len)}" rx="3" fill="${INK}" transform="rotate(${i * 30} ${cx} ${cy})"/>`;
    }
    s += S(`M${cx} ${cy}L${cx - r * 0.35} ${cy - r * 0.45}`, INK, 10) + S(`M${cx} ${cy}L${cx + r * 0.62} ${cy + r * 0.18}`, INK, 7);
    s += S(`M${cx} ${cy + r * 0.15}V${cy - r * 0.8}`, "#ef4444", 3) + C(cx, cy, 9, INK);
    return s;
  },

  shelf(k) {
    let s = R(120, 358, 370, 22, 10, "#0f172a", 0.07);
    s += R(140, 222, 28, 110, 3, "#1e3a8a") + R(170, 236, 24, 96, 3, "#c2410c") + R(196, 212, 30, 120, 3, "#0f766e");
    s += G("rotate(16 240 332)", R(230, 232, 26, 100, 3, "#facc15"));
    s += pot(300, 270, 56, 62, "#f5f5f4") + E(328, 240, 18, 36, GREENS[0]) + E(308, 252, 12, 26, GREENS[2]) + E(350, 252, 12, 26, GREENS[1]);
    s += R(388, 252, 70, 80, 4, INK) + R(396, 260, 54, 64, 2, "#fde68a") + C(423, 300, 12, k.a);
    s += R(110, 330, 380, 26, 4, k.m) + R(110, 352, 380, 6, 2, k.d);
    return s;
  },

  bookshelf(k) {
    let s = shadow(170);
    const inner = shade(k.m, 0.2);
    s += R(166, 466, 14, 24, 3, INK) + R(420, 466, 14, 24, 3, INK);
    s += R(150, 150, 300, 320, 8, k.m) + R(164, 164, 130, 140, 3, inner) + R(306, 164, 130, 140, 3, inner) + R(164, 316, 130, 140, 3, inner) + R(306, 316, 130, 140, 3, inner);
    s += R(176, 214, 22, 90, 2, "#1e3a8a") + R(200, 224, 20, 80, 2, "#b91c1c") + R(222, 208, 24, 96, 2, "#0f766e") + G("rotate(14 260 304)", R(250, 214, 20, 90, 2, "#f59e0b"));
    s += pot(344, 250, 54, 54, "#f5f5f4") + E(371, 222, 18, 34, GREENS[0]) + E(352, 232, 12, 24, GREENS[2]);
    s += R(176, 380, 106, 76, 6, "#94a3b8") + R(210, 400, 38, 16, 3, "#fff");
    s += E(350, 430, 22, 26, k.a) + R(343, 390, 14, 20, 3, k.a) + R(384, 380, 40, 76, 3, "#e2e8f0");
    return s;
  },

  monitorarm(k) {
    let s = R(60, 438, 480, 24, 5, WOOD) + R(60, 458, 480, 6, 0, WOOD_D) + R(280, 462, 40, 36, 4, k.m);
    s += R(292, 226, 16, 214, 6, k.m) + S("M300 250L200 268M300 250L400 268", k.m, 14) + C(300, 250, 13, shade(k.m, 0.3));
    s += R(88, 162, 196, 124, 8, INK) + R(97, 171, 178, 106, 4, tint(k.a, 0.65)) + R(316, 162, 196, 124, 8, INK) + R(325, 171, 178, 106, 4, tint(k.a, 0.45));
    s += R(110, 190, 90, 10, 5, "#fff", 0.8) + R(110, 212, 130, 8, 4, "#fff", 0.5) + R(345, 190, 60, 60, 6, "#fff", 0.6) + R(415, 190, 70, 10, 5, "#fff", 0.6);
    return s;
  },

  ringlight(k) {
    let s = shadow(180);
    s += C(300, 150, 100, "#fef08a", 0.3) + C(300, 150, 62, "none").replace('fill="none"', 'fill="none" stroke="#fefce8" stroke-width="20"');
    s += C(300, 150, 74, "none").replace('fill="none"', `fill="none" stroke="${k.m}" stroke-width="5"`) + R(286, 210, 28, 26, 4, k.m);
    s += R(178, 230, 244, 166, 10, INK) + R(190, 242, 220, 142, 4, "#bae6fd");
    s += C(300, 300, 30, "#64748b") + P("M246 384c4-40 28-56 54-56s50 16 54 56z", "#64748b");
    s += P("M170 398h260l24 30H146z", "#e2e8f0") + R(146, 426, 308, 8, 4, METAL_D);
    return s;
  },

  headphones(k) {
    let s = shadow(150);
    s += S("M188 350C188 190 412 190 412 350", k.m, 26) + S("M196 330C204 214 396 214 404 330", k.d, 6, 0.6);
    s += R(176, 300, 18, 42, 6, METAL) + R(406, 300, 18, 42, 6, METAL);
    s += R(150, 322, 74, 134, 34, k.m) + R(204, 334, 26, 110, 12, k.dd) + R(376, 322, 74, 134, 34, k.m) + R(370, 334, 26, 110, 12, k.dd);
    s += C(176, 420, 5, "#22c55e") + R(166, 350, 10, 50, 5, "#fff", 0.25);
    return s;
  },

  speaker(k) {
    let s = shadow(130);
    s += R(220, 466, 30, 14, 4, INK) + R(350, 466, 30, 14, 4, INK);
    s += R(205, 168, 190, 304, 30, k.m) + R(217, 182, 166, 276, 22, k.d) + R(270, 158, 60, 10, 5, shade(k.m, 0.4));
    s += C(300, 250, 32, shade(k.m, 0.45)) + C(300, 250, 14, k.l) + C(300, 372, 62, shade(k.m, 0.45)) + C(300, 372, 32, k.l) + C(300, 372, 10, shade(k.m, 0.45));
    return s;
  },

  noisemachine(k) {
    let s = shadow(150);
    s += S("M214 300q86-50 172 0M240 262q60-34 120 0M262 226q38-20 76 0", k.a, 6, 0.5);
    s += P("M180 380v44c0 44 240 44 240 0v-44z", shade(k.m, 0.2)) + E(300, 380, 120, 40, k.m);
    for (let i = 0; i < 16; i++) {
      const a = (Math.PI * 2 * i) / 16;
      s += C(300 + 84 * Math.cos(a), 380 + 26 * Math.sin(a), 4, shade(k.m, 0.3));
    }
    s += E(300, 380, 36, 12, shade(k.m, 0.1)) + C(300, 440, 5, "#38bdf8");
    return s;
  },

  speakerphone(k) {
    let s = shadow(190);
    s += S("M456 404c48 14 60 60 110 74", INK, 6);
    s += P("M140 378v26c0 48 320 48 320 0v-26z", shade(k.m, 0.35)) + E(300, 378, 160, 48, k.m);
    s += E(300, 378, 120, 34, "none").replace('fill="none"', 'fill="none" stroke="#22d3ee" stroke-width="5"');
    s += C(300, 378, 16, "#ef4444") + C(226, 378, 9, tint(k.m, 0.3)) + C(374, 378, 9, tint(k.m, 0.3));
    return s;
  },

  diffuser(k) {
    let s = E(300, 474, 140, 26, k.a, 0.25);
    s += S("M300 196c-24-40 24-60 0-100", "#fff", 16, 0.6) + S("M316 196c10-30 30-40 20-70", "#fff", 8, 0.5);
    s += P("M300 190c60 60 90 140 90 200 0 60-40 90-90 90s-90-30-90-90c0-60 30-140 90-200z", k.m);
    s += S("M226 340q74 22 148 0M214 390q86 24 172 0M220 432q80 20 160 0", shade(k.m, 0.15), 3);
    s += E(300, 462, 78, 14, tint(k.a, 0.4), 0.9) + C(300, 204, 8, shade(k.m, 0.3));
    return s;
  },

  monstera(k) {
    const leaf = (x, y, a, sc, c) =>
      G(`translate(${x} ${y}) rotate(${a}) scale(${sc})`, P("M0 0C-62-10-92-82-60-132-40-166 40-166 60-132 92-82 62-10 0 0z", c) +
        S("M0-6V-140M0-40L-56-68M0-74L-60-104M0-40L56-68M0-74L60-104", "#bbf7d0", 6, 0.8));
    let s = shadow(130);
    s += S("M300 380L210 250M300 380L300 200M300 380L400 240M300 380L170 330M300 380L440 320", "#166534", 6);
    s += leaf(210, 262, -40, 0.9, GREENS[0]) + leaf(400, 252, 38, 0.9, GREENS[1]) + leaf(300, 214, 0, 1, GREENS[2]);
    s += leaf(176, 340, -75, 0.7, GREENS[1]) + leaf(430, 330, 72, 0.7, GREENS[0]);
    s += pot(215, 380, 170, 112, k.m) + R(350, 400, 12, 44, 6, "#fff") + R(352, 420, 8, 22, 4, "#38bdf8");
    return s;
  },

  snakeplant(k) {
    let s = shadow(120);
    [[244, 210, -30], [270, 280, -12], [298, 300, 4], [326, 260, 16], [354, 200, 30], [284, 180, -20], [316, 190, 22]].forEach(([x, h, lean], i) => {
      const top = 400 - h;
      s += P(`M${x - 15} 400C${x - 18} ${400 - h * 0.5} ${x + lean - 8} ${top + h * 0.2} ${x + lean} ${top}C${x + lean + 6} ${top + h * 0.2} ${x + 16} ${400 - h * 0.5} ${x + 15} 400z`, i % 2 ? "#14532d" : "#166534") +
        S(`M${x - 2} 390C${x} ${400 - h * 0.4} ${x + lean * 0.6} ${top + h * 0.3} ${x + lean} ${top + 10}`, "#a3e635", 3, 0.6);
    });
    s += pot(225, 392, 150, 100, k.m) + R(215, 484, 170, 8, 4, shade(k.m, 0.2));
    return s;
  },

  succulents(k) {
    let s = shadow(220);
    const rosette = (cx, cy, r, c) => {
      let g = "";
      for (let i = 0; i < 8; i++) g += `<ellipse cx="0" cy="${-r * 0.55}" rx="${n(r * 0.28)}" ry="${n(r * 0.55)}" fill="${i % 2 ? c : tint(c, 0.2)}" transform="rotate(${i * 45})"/>`;
      return G(`translate(${cx} ${cy})`, g + C(0, 0, r * 0.25, shade(c, 0.15)));
    };
    s += rosette(160, 372, 62, "#65a30d") + pot(110, 390, 100, 96, k.m);
    s += R(270, 250, 60, 150, 30, "#15803d") + S("M285 262v128M300 256v140M315 262v128", "#bbf7d0", 3, 0.6) + C(300, 250, 10, "#f472b6");
    s += pot(245, 390, 110, 96, shade(k.m, 0.1));
    s += rosette(440, 376, 56, "#0f766e") + pot(395, 392, 92, 94, k.m);
    return s;
  },

  mosswall(k) {
    let s = `<clipPath id="m"><rect x="150" y="150" width="300" height="300"/></clipPath>`;
    s += R(130, 130, 340, 340, 10, k.m) + R(150, 150, 300, 300, 2, "#14532d");
    const rand = rng(k.seed);
    let blobs = "";
    for (let i = 0; i < 26; i++) {
      blobs += C(150 + rand() * 300, 150 + rand() * 300, 22 + rand() * 22, [...GREENS, "#84cc16", "#3f6212"][i % 7]);
    }
    s += `<g clip-path="url(#m)">${blobs}</g>`;
    return s;
  },

  herbgarden(k) {
    let s = shadow(180);
    s += P("M192 400h300", "none") + R(430, 196, 14, 180, 7, INK) + R(176, 180, 268, 24, 12, INK) + R(190, 200, 240, 6, 3, "#f0abfc");
    s += P("M200 206h220l40 170H160z", "#f5d0fe", 0.35);
    const herb = (x, c, small) => S(`M${x} 380V320M${x} 350l-22-20M${x} 340l22-22`, "#166534", 4) +
      (small ? C(x - 22, 330, 12, c) + C(x + 22, 318, 12, c) + C(x, 312, 14, c) + C(x - 10, 296, 10, c)
        : E(x - 24, 326, 18, 11, c) + E(x + 24, 316, 18, 11, c) + E(x, 308, 12, 20, c));
    s += herb(220, GREENS[2], false) + herb(300, GREENS[4], true) + herb(380, GREENS[0], false);
    s += R(150, 372, 300, 112, 24, k.m) + R(172, 418, 54, 44, 8, "#bae6fd") + R(172, 440, 54, 22, 8, "#38bdf8") + C(420, 430, 8, "#22c55e");
    return s;
  },

  pedestal(k) {
    let s = shadow(130);
    const front = shade(k.m, 0.07);
    const line = shade(k.m, 0.3);
    s += C(226, 474, 13, INK) + C(374, 474, 13, INK);
    s += R(200, 170, 200, 294, 12, k.m) + R(212, 182, 176, 66, 6, front) + R(212, 256, 176, 66, 6, front) + R(212, 330, 176, 122, 6, front);
    s += R(270, 206, 60, 9, 4, line) + R(270, 280, 60, 9, 4, line) + R(270, 356, 60, 9, 4, line) + C(364, 198, 7, METAL_D);
    return s;
  },

  boxes(k) {
    let s = shadow(170);
    const box = (x, y, w, h, c) => R(x, y, w, h, 8, c) + R(x - 8, y - 10, w + 16, 24, 6, shade(c, 0.18)) + R(x + w / 2 - 32, y + h / 2 - 14, 64, 32, 4, "#fff") + R(x + w / 2 - 32, y + h / 2 - 14, 64, 32, 4, "none").replace('fill="none"', `fill="none" stroke="${METAL_D}" stroke-width="3"`);
    s += box(160, 372, 280, 110, k.m) + box(176, 268, 248, 94, tint(k.m, 0.2)) + box(196, 178, 208, 80, shade(k.m, 0.1));
    return s;
  },

  files(k) {
    let s = shadow(200);
    [k.m, k.a, tint(k.m, 0.3), shade(k.a, 0.2)].forEach((c, i) => {
      const x = 136 + i * 84;
      s += R(x + 8, 178 + (i % 2) * 10, 62, 40, 2, i % 2 ? "#fde68a" : "#f8fafc");
      s += R(x, 200, 78, 280, 6, c) + R(x + 24, 226, 30, 14, 7, shade(c, 0.4)) + R(x + 14, 390, 50, 44, 3, "#fff");
    });
    return s;
  },

  binders(k) {
    let s = shadow(200);
    [k.m, "#dc2626", "#16a34a", "#f59e0b", "#7c3aed"].forEach((c, i) => {
      const x = 132 + i * 68;
      s += R(x, 180, 64, 296, 6, c) + R(x + 10, 206, 44, 120, 4, "#fff") + S(`M${x + 18} 232h28M${x + 18} 250h20`, "#94a3b8", 3) + C(x + 32, 400, 13, shade(c, 0.45));
    });
    return s;
  },

  trays(k) {
    let s = R(100, 140, 400, 334, 18, "#b08968") + R(112, 152, 376, 310, 12, "#8a6a4f");
    const line = shade(k.m, 0.2);
    const tray = (x, y, w, h) => R(x, y, w, h, 12, line) + R(x + 5, y + 5, w - 10, h - 10, 9, k.m);
    s += tray(122, 162, 170, 92) + tray(302, 162, 176, 92) + tray(122, 264, 110, 188) + tray(242, 264, 116, 90) + tray(242, 362, 116, 90) + tray(368, 264, 110, 188);
    s += S("M150 190h40v26h-34v-16h24M210 196h40v26h-34v-16h24", "#64748b", 4);
    s += R(318, 182, 140, 14, 7, "#2563eb") + R(318, 212, 120, 14, 7, "#111827");
    s += C(176, 320, 28, "none").replace('fill="none"', 'fill="none" stroke="#334155" stroke-width="8"') + R(150, 380, 54, 54, 4, "#fde047");
    s += R(262, 290, 76, 40, 6, "#f472b6") + R(392, 290, 22, 140, 10, "#0f766e") + R(428, 300, 22, 120, 10, "#f59e0b");
    return s;
  },

  organizer(k) {
    let s = shadow(170);
    s += R(324, 172, 72, 124, 10, INK) + R(331, 180, 58, 100, 6, "#38bdf8", 0.7);
    [[206, "#2563eb"], [228, "#dc2626"], [250, INK], [272, "#f59e0b"]].forEach(([x, c], i) => (s += G(`rotate(${(i - 1.5) * 6} ${x} 400)`, R(x - 5, 196, 10, 150, 5, c))));
    s += R(300, 240, 120, 232, 12, k.d) + R(176, 300, 134, 172, 12, shade(k.m, 0.12));
    s += R(212, 360, 76, 30, 3, "#fde047") + R(160, 380, 280, 92, 12, k.m);
    if (k.opt === "mesh") {
      s += `<pattern id="p" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="3" fill="#fff" opacity=".22"/></pattern>`;
      s += R(160, 380, 280, 92, 12, "url(#p)") + R(300, 240, 120, 140, 12, "url(#p)") + R(176, 300, 124, 80, 0, "url(#p)");
    } else if (k.opt === "cork") {
      const rand = rng(k.seed);
      for (let i = 0; i < 22; i++) s += C(172 + rand() * 256, 392 + rand() * 70, 2 + rand() * 2, shade(k.m, 0.25));
    } else {
      s += R(170, 390, 260, 72, 8, "none").replace('fill="none"', 'fill="none" stroke="#fde68a" stroke-width="2" stroke-dasharray="6 6"');
    }
    return s;
  },

  backpack(k) {
    let s = shadow(140);
    s += R(182, 220, 20, 210, 10, k.dd) + R(398, 220, 20, 210, 10, k.dd) + S("M262 190C262 138 338 138 338 190", k.dd, 12);
    s += R(195, 178, 210, 296, 72, k.m) + R(220, 270, 160, 12, 6, "#e2e8f0") + R(220, 318, 160, 136, 38, k.d);
    s += S("M242 344H358", k.l, 4) + R(290, 340, 20, 14, 4, METAL) + R(150, 360, 40, 90, 14, k.d) + R(156, 330, 28, 50, 10, "#38bdf8", 0.8);
    return s;
  },

  candle(k) {
    let s = shadow(150) + C(300, 250, 130, "#fde68a", 0.35);
    s += R(388, 440, 96, 14, 7, "#92400e") + R(396, 424, 90, 14, 7, "#a16207") + C(148, 450, 32, "#fb923c") + C(148, 450, 24, "#fed7aa");
    s += S("M148 426V474M124 450H172M131 433l34 34M165 433l-34 34", "#fb923c", 2);
    s += R(220, 280, 160, 196, 22, k.m, 0.9) + E(300, 300, 70, 12, "#fef3c7") + S("M300 300V270", INK, 4);
    s += P("M300 206c20 30 24 52 0 68-24-16-20-38 0-68z", "#f59e0b") + P("M300 232c10 16 12 28 0 38-12-10-10-22 0-38z", "#fde047");
    s += R(250, 354, 100, 74, 8, "#fef3c7") + P("M300 372c16 4 18 24 6 40-4-14-14-18-24-20 2-12 8-18 18-20z", GREENS[1]);
    return s;
  },

  lightjar(k) {
    let s = shadow(120) + C(300, 340, 160, "#fef08a", 0.3);
    s += R(220, 220, 160, 256, 34, k.m, 0.5);
    const pts = [[246, 440], [282, 420], [326, 430], [350, 396], [318, 372], [270, 380], [248, 344], [282, 318], [330, 326], [352, 292], [318, 266], [270, 272]];
    s += S("M" + pts.map((p) => p.join(" ")).join("L"), "#b45309", 2.5);
    s += pts.map(([x, y]) => C(x, y, 11, "#fef08a", 0.7) + C(x, y, 5, "#facc15")).join("");
    s += R(220, 220, 160, 256, 34, "none").replace('fill="none"', 'fill="none" stroke="#fff" stroke-width="4" opacity=".8"');
    s += R(228, 190, 144, 34, 8, "#b45309") + R(228, 214, 144, 6, 0, "#92400e") + R(236, 240, 14, 200, 7, "#fff", 0.5);
    return s;
  },

  hamper(k) {
    let s = shadow(170);
    s += S("M172 330C172 170 428 170 428 330", WOOD_D, 14);
    s += R(332, 196, 40, 150, 10, k.m) + R(342, 166, 20, 40, 4, k.m) + R(340, 158, 24, 14, 3, "#d4af37") + R(332, 250, 40, 40, 0, "#fef3c7");
    s += R(190, 254, 92, 90, 6, k.l) + R(228, 254, 16, 90, 0, "#d4af37") + R(276, 244, 54, 100, 6, "#fde68a");
    s += E(402, 318, 46, 26, "#f5deb3") + E(192, 312, 40, 12, GREENS[1]) + E(210, 300, 30, 10, GREENS[0]);
    s += P("M150 330h300l-30 150H180z", "#b7793f") + S("M160 362h280M166 394h268M172 426h256M178 458h244", WOOD_D, 4, 0.7);
    s += E(250, 196, 26, 14, k.m) + E(290, 192, 26, 14, k.m) + C(270, 196, 9, shade(k.m, 0.3));
    return s;
  },

  giftbox(k) {
    let s = shadow(170);
    const ribbon = "#fbbf24";
    s += R(172, 282, 256, 190, 10, k.m) + R(156, 238, 288, 58, 10, k.d) + R(285, 238, 30, 234, 0, ribbon);
    s += G("rotate(-28 262 214)", E(262, 214, 44, 22, ribbon)) + G("rotate(28 338 214)", E(338, 214, 44, 22, ribbon)) + C(300, 232, 14, shade(ribbon, 0.25));
    s += S("M380 300l24 24", "#fff", 3) + G("rotate(12 420 350)", R(396, 326, 56, 40, 6, "#fff") + C(408, 338, 4, k.m));
    return s;
  },

  stickynotes(k) {
    let s = shadow(200);
    const pad = (x, y, size, c, a) => G(`rotate(${a} ${x + size / 2} ${y + size / 2})`, R(x, y + size - 6, size, 24, 4, shade(c, 0.2)) + R(x, y, size, size, 4, c) + S(`M${x + 20} ${y + 40}h${size - 50}M${x + 20} ${y + 64}h${size - 70}`, shade(c, 0.25), 4, 0.6));
    s += pad(110, 300, 150, "#f9a8d4", -10) + pad(340, 296, 150, "#86efac", 8) + pad(260, 150, 130, "#93c5fd", 14);
    s += pad(196, 230, 200, k.m, -3) + P("M396 398l-46 28 40 8z", shade(k.m, 0.12));
    return s;
  },

  advent(k) {
    let s = shadow(190);
    s += R(130, 170, 340, 292, 16, k.m) + R(130, 440, 340, 22, 0, shade(k.m, 0.2));
    const door = tint(k.m, 0.22);
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 6; c++) {
        const open = (r * 6 + c) % 7 === 3;
        s += R(149 + c * 52, 188 + r * 62, 42, 50, 6, open ? "#fbbf24" : door);
      }
    }
    s += P("M300 112l12 24 26 4-19 18 5 26-24-12-24 12 5-26-19-18 26-4z", "#fbbf24");
    s += E(170, 168, 40, 12, GREENS[1]) + E(430, 168, 40, 12, GREENS[1]) + C(196, 168, 8, "#dc2626") + C(404, 168, 8, "#dc2626");
    return s;
  },
};

// ───────────────────────── documents ─────────────────────────

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function itemKit(color, colors, opt, seed) {
  return { m: color, d: shade(color, 0.2), dd: shade(color, 0.38), l: tint(color, 0.35), a: colors.accent, opt, seed };
}

/** Background decorations per view: 0 = main view, 1 = mirrored, 2 = close-up. */
function backdrop(view, colors) {
  const soft = tint(colors.from, 0.55);
  if (view === 1) return C(120, 130, 80, "#fff", 0.45) + C(500, 420, 120, soft, 0.25) + R(0, 500, 600, 100, 0, tint(colors.to, 0.7), 0.5);
  if (view === 2) return C(300, 300, 250, "#fff", 0.35) + C(520, 90, 50, soft, 0.35);
  return C(470, 130, 95, "#fff", 0.4) + C(90, 470, 130, soft, 0.22) + C(110, 110, 24, soft, 0.35);
}

export function productSvg(p, view) {
  const colors = categories.get(p.category);
  const draw = drawers[p.art];
  if (!draw) throw new Error(`no drawer "${p.art}" for ${p.key}`);
  const kit = itemKit(p.colors[view], colors, p.opt, seedOf(p.key));
  let item = draw(kit);
  if (view === 1) item = G("matrix(-1 0 0 1 600 0)", item);
  if (view === 2) item = G("matrix(1.16 0 0 1.16 -48 -62)", item);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img">` +
    `<title>${esc(p.name.en)}${view ? ` – view ${view + 1}` : ""}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(colors.from, 0.86)}"/><stop offset="1" stop-color="${tint(colors.to, 0.8)}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>${backdrop(view, colors)}${item}</svg>\n`
  );
}

function offerSvg(o) {
  const colors = categories.get(o.category);
  const product = products.find((p) => p.key === o.product);
  const item = drawers[o.art](itemKit(o.color, colors, o.opt, seedOf(o.key)));
  const tag =
    G("translate(70 70) rotate(-12)",
      P("M0 20q0-20 20-20h120l50 60-50 60H20q-20 0-20-20z", "#fff") + C(150, 60, 9, colors.from) +
      C(40, 38, 12, colors.accent) + C(92, 84, 12, colors.accent) + S("M96 30L36 92", colors.accent, 9));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" role="img">` +
    `<title>${esc(product?.name.en ?? o.title)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs>` +
    `<rect width="800" height="500" fill="url(#g)"/>` +
    C(120, 420, 180, "#fff", 0.08) + C(300, 60, 70, "#fff", 0.1) + C(580, 250, 215, "#fff", 0.9) + C(580, 250, 235, "#fff", 0.2) +
    S("M90 300h120M90 330h80", "#fff", 10, 0.35) + tag +
    G("matrix(.7 0 0 .7 370 40)", item) +
    `</svg>\n`
  );
}

function heroSvg() {
  const k = (color, slug, opt) => itemKit(color, categories.get(slug), opt, 1);
  const sky = "#bae6fd";
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600" role="img">`;
  s += `<title>A bright modern office workspace</title>`;
  s += `<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient>`;
  s += `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>`;
  s += R(0, 0, 1200, 600, 0, "url(#w)") + R(0, 500, 1200, 100, 0, "#e7e5e4") + R(0, 496, 1200, 8, 0, "#d6d3d1");
  // window with a view
  s += R(70, 60, 320, 330, 10, "#fff") + R(84, 74, 292, 302, 4, "url(#s)") + C(310, 140, 34, "#fde68a");
  s += E(160, 140, 50, 16, "#fff", 0.9) + E(200, 130, 36, 16, "#fff", 0.9);
  s += P("M84 376V300h36v-40h40v60h30v-90h44v80h36v-50h40v40h30v-20h36v96z", sky, 0.9);
  s += R(226, 74, 8, 302, 0, "#fff") + R(84, 222, 292, 8, 0, "#fff") + R(56, 388, 348, 14, 6, "#e2e8f0");
  // pendant lamp above the desk, clock and shelf on the wall
  s += S("M694 0V72", "#475569", 3) + P("M654 112a40 40 0 0 1 80 0z", "#0f766e") + C(694, 118, 60, "#fde68a", 0.3);
  s += G("matrix(.3 0 0 .3 440 50)", drawers.clock(k("#1f2937", "decor-walls")));
  s += G("matrix(.62 0 0 .62 860 -40)", drawers.shelf(k("#d6a760", "decor-walls")));
  // rug, desk, chair, plants, pedestal
  s += E(690, 556, 420, 32, "#99f6e4", 0.6);
  s += G("matrix(.95 0 0 .95 400 30)", drawers.desk(k("#d6a760", "productivity-work", "standing")));
  s += G("matrix(.72 0 0 .72 469 170)", drawers.chair(k("#0f766e", "home-office", "mesh")));
  s += G("matrix(.62 0 0 .62 855 195)", drawers.monstera(k("#f5f5f4", "office-plants")));
  s += G("matrix(.45 0 0 .45 30 340)", drawers.pedestal(k("#e2e8f0", "storage-organization")));
  s += G("matrix(.5 0 0 .5 200 300)", drawers.snakeplant(k("#c2410c", "office-plants")));
  return s + `</svg>\n`;
}

// ───────────────────────── main ─────────────────────────

const categories = categoryColors();

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const productDir = path.join(root, "public/images/products");
  const offerDir = path.join(root, "public/images/offers");
  for (const dir of [productDir, offerDir]) {
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) if (f.endsWith(".svg")) rmSync(path.join(dir, f));
  }
  let count = 0;
  let largest = 0;
  for (const p of products) {
    imagesOf(p).forEach((src, view) => {
      const svg = productSvg(p, view);
      const bytes = Buffer.byteLength(svg);
      if (bytes > MAX_BYTES) throw new Error(`${src} is ${bytes} bytes (max ${MAX_BYTES})`);
      largest = Math.max(largest, bytes);
      writeFileSync(path.join(root, "public", src), svg);
      count++;
    });
  }
  for (const o of offers) writeFileSync(path.join(offerDir, `${o.key}.svg`), offerSvg(o));
  writeFileSync(path.join(root, "public/images/hero.svg"), heroSvg());
  console.log(`wrote ${count} product images (largest ${largest} bytes), ${offers.length} offer images and hero.svg`);
}
