// Prints the Markdown tables of docs/THREADS.md from one or more Google Benchmark JSON outputs
// of kiln_thread_bench (--benchmark_out=FILE.json --benchmark_out_format=json, with
// repetitions): per case, the median over files of each file's median.
//   node bench/threads/summary.mjs run1.json run2.json run3.json
import { readFileSync } from 'node:fs';

const apis = ['Plain', 'ThreadLocal', 'Pooled'];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const cases = new Map();  // "op/workload" -> threads -> api -> [{cpu, ips}]
for (const file of process.argv.slice(2)) {
  for (const b of JSON.parse(readFileSync(file, 'utf8')).benchmarks) {
    if (b.aggregate_name !== 'median') continue;
    const [op, workload, api] = b.run_name.split('/');
    const threads = Number(/threads:(\d+)/.exec(b.run_name)[1]);
    const byThreads = cases.get(`${op}/${workload}`) ?? new Map();
    cases.set(`${op}/${workload}`, byThreads);
    const byApi = byThreads.get(threads) ?? {};
    byThreads.set(threads, byApi);
    (byApi[api] ??= []).push({ cpu: b.cpu_time, ips: b.items_per_second });
  }
}

const opOrder = ['Serialize', 'SerializeInto', 'Deserialize'];
const rank = (name) => {
  const [op, workload] = name.split('/');
  return opOrder.indexOf(op) * 2 + (workload === 'Struct' ? 0 : 1);
};
const pct = (x, base) => `${x >= base ? '+' : ''}${((x / base - 1) * 100).toFixed(0)}%`;
for (const [name, byThreads] of [...cases].sort((a, b) => rank(a[0]) - rank(b[0]))) {
  console.log(`\n**${name}**: CPU ns per operation per thread (vs Plain); total M ops/s\n`);
  console.log('| threads | Plain | ThreadLocal | Pooled | Plain M/s | ThreadLocal M/s | Pooled M/s |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const [threads, byApi] of [...byThreads].sort((a, b) => a[0] - b[0])) {
    const m = Object.fromEntries(
      apis.map((a) => [a, { cpu: median(byApi[a].map((r) => r.cpu)), ips: median(byApi[a].map((r) => r.ips)) }]),
    );
    const base = m.Plain.cpu;
    const cpu = apis.map((a) => (a === 'Plain' ? base.toFixed(1) : `${m[a].cpu.toFixed(1)} (${pct(m[a].cpu, base)})`));
    const ips = apis.map((a) => (m[a].ips / 1e6).toPrecision(3));
    console.log(`| ${threads} | ${cpu.join(' | ')} | ${ips.join(' | ')} |`);
  }
}
