import sharp from 'sharp';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A product photo drawn locally (no downloads): the category colour, a shape and the item's name. */
export function demoPhoto(title: string, subtitle: string, color: string, seed: number): Promise<Buffer> {
  const cx = 380 + (seed % 5) * 40;
  const r = 90 + (seed % 4) * 20;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#f2c94c"/></linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/>
    <circle cx="${cx}" cy="160" r="${r}" fill="rgba(255,255,255,0.22)"/>
    <rect x="${60 + (seed % 3) * 30}" y="90" width="140" height="140" rx="24" fill="rgba(0,0,0,0.12)"/>
    <text x="32" y="400" font-family="sans-serif" font-size="${title.length > 24 ? 30 : 40}" font-weight="bold" fill="#fff">${esc(title)}</text>
    <text x="32" y="445" font-family="sans-serif" font-size="22" fill="#fff">${esc(subtitle)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}
