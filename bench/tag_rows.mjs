// Adds fields to every row of a row file (a JSON array, or one object per line), in place: the
// run a row belongs to, and how its harness decodes (JDK and JavaScript deserializers always
// return a new object).
//   node bench/tag_rows.mjs FILE key=value...   (numbers stay numbers: run=2)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const [file, ...pairs] = process.argv.slice(2);
if (!file || !existsSync(file)) process.exit(0);  // a skipped harness (no JDK) wrote nothing
const fields = Object.fromEntries(pairs.map((p) => {
  const [k, v] = p.split('=');
  return [k, /^\d+$/.test(v) ? Number(v) : v];
}));
const text = readFileSync(file, 'utf8').trim();
if (!text) process.exit(0);
const array = text.startsWith('[');
const rows = (array ? JSON.parse(text) : text.split('\n').map((l) => JSON.parse(l))).map((r) => ({ ...r, ...fields }));
writeFileSync(file, array ? JSON.stringify(rows, null, 1) : rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
