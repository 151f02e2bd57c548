// The stand-in's own small HTML-to-Markdown conversion. It only has to look like what Firecrawl
// returns (headings, paragraphs, lists, links, code), not to be a good converter: Valis's own
// converter is tested on its own.

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…' };

export function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
        if (name[0] === '#')
            return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
        return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

export function pageTitle(html) {
    const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
    return m ? decodeEntities(m[1].trim()) : undefined;
}

export function metaContent(html, name) {
    const re = new RegExp(`<meta[^>]*name="${name}"[^>]*content="([^"]*)"`, 'i');
    const m = re.exec(html);
    return m ? decodeEntities(m[1]) : undefined;
}

function absolute(href, base) {
    try {
        return new URL(decodeEntities(href), base).href;
    } catch {
        return href;
    }
}

export function pageLinks(html, base) {
    return [...html.matchAll(/<a\b[^>]*href="([^"]+)"/gi)].map((m) => absolute(m[1], base));
}

export function pageImages(html, base) {
    return [...html.matchAll(/<img\b[^>]*src="([^"]+)"/gi)].map((m) => absolute(m[1], base));
}

/// The page without its chrome: <main> or <article> when there is one, else <body> without
/// nav, header, footer and aside (what onlyMainContent does, an HTML-level filter).
export function mainContent(html) {
    const pick = /<main\b[\s\S]*?<\/main>/i.exec(html) ?? /<article\b[\s\S]*?<\/article>/i.exec(html);
    if (pick)
        return pick[0];
    const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
    return body.replace(/<(nav|header|footer|aside)\b[\s\S]*?<\/\1>/gi, '');
}

export function htmlToMarkdown(html, base) {
    let s = html.replace(/<(script|style|noscript|template|head)\b[\s\S]*?<\/\1>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
    s = s.replace(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi, (_, code) => `\n\n\`\`\`\n${decodeEntities(code.replace(/<[^>]+>/g, ''))}\n\`\`\`\n\n`);
    s = s.replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi, (_, level, text) => `\n\n${'#'.repeat(Number(level))} ${text.trim()}\n\n`);
    s = s.replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href, text) => `[${text.trim()}](${absolute(href, base)})`);
    s = s.replace(/<img\b[^>]*src="([^"]*)"[^>]*?(?:alt="([^"]*)")?[^>]*>/gi, (_, src, alt) => `![${alt ?? ''}](${absolute(src, base)})`);
    s = s.replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, '**$2**');
    s = s.replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, '*$2*');
    s = s.replace(/<code\b[^>]*>([\s\S]*?)<\/code>/gi, '`$1`');
    s = s.replace(/<li\b[^>]*>/gi, '\n- ').replace(/<\/li>/gi, '');
    s = s.replace(/<br\s*\/?>/gi, '\n');
    s = s.replace(/<\/?(p|div|section|ul|ol|table|tr|main|article|blockquote)\b[^>]*>/gi, '\n\n');
    s = s.replace(/<[^>]+>/g, '');
    s = decodeEntities(s);
    return s.split('\n').map((line) => line.replace(/[ \t]+/g, ' ').trimEnd()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
