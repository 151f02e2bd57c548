// The scripts tst_accessibility runs in the conversation page (kept out of the file moc reads:
// moc 6.4 mis-lexes raw string literals).
#include "accessibilitytestsupport.h"

namespace {

// The page's text colours over what is really behind them (ancestors' backgrounds blended,
// opacity applied), for every element that shows text; large text needs 3:1, the rest 4.5:1.
const char *const contrastSource = R"JS((() => {
  const parse = c => { const m = /rgba?\(([^)]+)\)/.exec(c); if (!m) return null;
    const p = m[1].split(',').map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const blend = (fg, bg) => [0, 1, 2].map(i => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat([1]);
  const background = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    if (!layers.length || layers[layers.length - 1][3] < 1) layers.push(parse(getComputedStyle(document.documentElement).backgroundColor) || [255, 255, 255, 1]);
    let bg = layers[layers.length - 1]; for (let i = layers.length - 2; i >= 0; --i) bg = blend(layers[i], bg); return bg; };
  const opacity = el => { let o = 1; for (let e = el; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity); return o; };
  const failures = new Set(); const kinds = new Set();
  for (const el of document.querySelectorAll('body *')) {
    if (!Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (el.closest('.visually-hidden, [hidden]') || el.disabled) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible' || !el.getClientRects().length) continue;
    const bg = background(el); const fg = parse(style.color); const seen = opacity(el);
    if (seen < 0.01) continue; // transparent until hovered or focused
    fg[3] *= seen;
    const shown = blend(fg, bg); const a = lum(shown), b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize); const bold = parseInt(style.fontWeight) >= 700;
    const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    const kind = el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');
    kinds.add(kind);
    if (ratio < need) failures.add(kind + ' ' + ratio.toFixed(2) + ' < ' + need + ' (' + style.color + ' over rgb(' + bg.slice(0, 3).map(Math.round).join(', ') + '))');
  }
  return JSON.stringify({kinds: [...kinds], failures: [...failures]});
})())JS";

// The element focused in the page now: its kind, and whether a focus ring shows on it.
const char *const focusSource = R"JS((() => {
  const el = document.activeElement;
  if (!document.hasFocus() || !el || el === document.body || el === document.documentElement) return '';
  const kind = el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : '');
  const style = getComputedStyle(el);
  const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && parseFloat(style.opacity) > 0.5;
  return kind + (ring ? '' : ' (no focus ring: ' + el.matches(':focus-visible') + ' ' + style.outlineStyle + ' ' + style.outlineWidth + ')');
})())JS";

} // namespace

namespace valis::test {

QString contrastScript()
{
    return QString::fromUtf8(contrastSource);
}

QString focusScript()
{
    return QString::fromUtf8(focusSource);
}

} // namespace valis::test
