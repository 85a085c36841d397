// The report's two charts: one panel per target, a group of bars per workload, a colour per
// library (Kiln in reds).
import { WORKLOADS, fmtNs, label } from './format.mjs';

export function chart(panels, metric, title, unit, log) {
  panels = panels.filter(([, l]) => l.length);
  const libs = [...new Set(panels.flatMap(([, l]) => l).map(label))].sort((a, b) =>
    (b.startsWith('kiln') - a.startsWith('kiln')) || a.localeCompare(b));
  // Kiln in strong reds; peers in distinct cool and neutral colours.
  const palette = ['#c92a2a', '#ff8787', '#1971c2', '#2f9e44', '#7048e8', '#e8590c', '#0c8599', '#5c940d',
    '#495057', '#f59f00', '#364fc7', '#a61e4d', '#087f5b', '#862e9c', '#868e96', '#74c0fc', '#94d82d',
    '#212529', '#e599f7', '#ffd43b'];
  const color = Object.fromEntries(libs.map((l, i) => [l, palette[i % palette.length]]));
  const W = 980, panelH = 200, top = 40, left = 70, barArea = W - left - 200;
  const H = top + panels.length * (panelH + 40) + 20;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">\n`;
  svg += `<rect width="${W}" height="${H}" fill="white"/><text x="${W / 2}" y="22" text-anchor="middle" font-size="15">${title}</text>\n`;
  panels.forEach(([name, list], pi) => {
    const y0 = top + pi * (panelH + 40);
    const ws = WORKLOADS.filter((w) => list.some((r) => r.workload === w));
    const vals = list.map((r) => r[metric]).filter((v) => v > 0);
    const max = Math.max(...vals), min = Math.min(...vals);
    const scale = (v) => (log ? (Math.log10(v) - Math.log10(min / 2)) / (Math.log10(max * 1.2) - Math.log10(min / 2)) : v / (max * 1.1));
    svg += `<text x="8" y="${y0 + 14}" font-size="13" font-weight="bold">${name}</text>\n`;
    svg += `<line x1="${left}" y1="${y0 + panelH}" x2="${left + barArea}" y2="${y0 + panelH}" stroke="#999"/>\n`;
    const groupW = barArea / ws.length;
    ws.forEach((w, wi) => {
      const group = list.filter((r) => r.workload === w).sort((a, b) => libs.indexOf(label(a)) - libs.indexOf(label(b)));
      const bw = Math.max(2, (groupW - 10) / group.length);
      group.forEach((r, i) => {
        const h = Math.max(1, scale(r[metric]) * (panelH - 20));
        const x = left + wi * groupW + 5 + i * bw;
        svg += `<rect x="${x.toFixed(1)}" y="${(y0 + panelH - h).toFixed(1)}" width="${(bw - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="${color[label(r)]}"><title>${label(r)} ${w}: ${metric === 'bytes' ? r.bytes + ' B' : fmtNs(r[metric])}</title></rect>\n`;
      });
      svg += `<text x="${left + wi * groupW + groupW / 2}" y="${y0 + panelH + 14}" text-anchor="middle">${w}</text>\n`;
    });
    svg += `<text x="8" y="${y0 + 30}" fill="#666">${log ? 'log ' : ''}${unit}</text>\n`;
  });
  libs.forEach((l, i) => {
    svg += `<rect x="${W - 190}" y="${top + i * 16}" width="10" height="10" fill="${color[l]}"/><text x="${W - 175}" y="${top + i * 16 + 9}">${l}</text>\n`;
  });
  return svg + '</svg>\n';
}
