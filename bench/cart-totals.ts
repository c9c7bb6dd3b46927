// Cost of computing the totals of a 200-line cart (computeCartTotals). Reports numbers; asserts nothing.
// Run: npx tsx bench/cart-totals.ts
import { computeCartTotals } from "../core/cart/totals.ts";
import type { CartConfig, CartLine, CartParams } from "../core/cart/types.ts";

const LINES = 200;
const units = ["carton", "piece", "rouleau", "lot"];
const tvas = ["0.2", "0.1", "0.055"];

// Deterministic pseudo-random generator (mulberry32) so every run measures the same cart.
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(42);

const lines: CartLine[] = Array.from({ length: LINES }, (_, i) => {
  const price = (rand() * 200 + 0.05).toFixed(4);
  return {
    model_id: i + 1,
    num: 1 + Math.floor(rand() * 120),
    price,
    site_price: (Number(price) * (1 + rand() * 0.2)).toFixed(4),
    poids: (rand() * 15).toFixed(3),
    volume: (rand() * 0.08).toFixed(6),
    tva: tvas[i % tvas.length],
    unit: units[i % units.length],
    non_gls_status: i % 17 === 0 ? 1 : 0,
    remise_info: i % 3 === 0 ? { type: 1, value: "0.15", num: 10 } : null,
    purchasable_qty: 500,
    id: 1000 + i,
  };
});

const params: CartParams = {
  id: 1,
  delivery_addr_id: 3,
  invoice_addr_id: 4,
  pickup_method: 1,
  delivery_addr_obj: { zip_code: "75011" },
  extra_options: { rdv: 1 },
  discount_info: { type: 2, value: "0.03" },
  freight: {
    freight_ht: "89",
    freight_tva: "17.8",
    highway_toll_ht: "6.5",
    highway_toll_tva: "1.3",
    freeDeliveryAmount: [800, 1500, 2500, 4000],
    zip_code: "75011",
    rdv_amount: "25",
    general_tva: "0.2",
    discount_rate: "0.5",
  },
};

const config: CartConfig = {
  onePaletteVolume: "1.8",
  parisProvinceZipcode: ["75", "77", "78", "91", "92", "93", "94", "95"],
  optionRdvBlockZipcode: ["20"],
  colis_params: { unit: "carton", volume: "0.02", rate: "0.06", colis_volume: "0.05" },
};

function run(iterations: number): number {
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += computeCartTotals(lines, params, config, { loggedIn: true }).totalQuantity;
  return sink;
}

run(300); // warm-up
const rounds = 5;
const perRound = 1000;
const results: number[] = [];
for (let r = 0; r < rounds; r++) {
  const start = process.hrtime.bigint();
  run(perRound);
  const ns = Number(process.hrtime.bigint() - start);
  results.push(ns / perRound / 1000);
}
results.sort((a, b) => a - b);
const median = results[Math.floor(results.length / 2)];
const sample = computeCartTotals(lines, params, config, { loggedIn: true });

console.log(`computeCartTotals, ${LINES}-line cart, ${rounds} rounds × ${perRound} calls (Node ${process.version})`);
console.log(`  median ${median.toFixed(1)} µs/call  (${Math.round(1e6 / median).toLocaleString("en-US")} ops/s)`);
console.log(`  best   ${results[0].toFixed(1)} µs/call, worst ${results[results.length - 1].toFixed(1)} µs/call`);
console.log(
  `  sample: totalAmount ${sample.totalAmount}, totalTva ${sample.totalTva}, grandTotal ${sample.grandTotal}, palette_num ${sample.palette_num}, colis_qte ${sample.colis_qte}`,
);
