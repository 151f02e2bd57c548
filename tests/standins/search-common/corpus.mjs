// The small document collection a search stand-in serves, given by the test as a JSON file:
//
//   {"now": "2026-11-27",                       the date time filters count back from (default: today)
//    "documents": [{"title", "url", "content",   content: the snippet a search returns
//                   "raw_content",               the whole page as Markdown (include_raw_content)
//                   "published_date", "last_updated",  YYYY-MM-DD
//                   "score", "topic", "favicon"}],     score: fixed relevance; topic: general|news|finance
//    "answers": {"<query>": "<answer>"},         answers by exact query; others are composed
//    "images": [{"url", "description"}]}
//
// A document matches a query when its title or text contains one of the query's words.

const DAY_MS = 24 * 3600 * 1000;

export function loadCorpus(json) {
    const corpus = {
        now: json.now ? Date.parse(json.now + 'T00:00:00Z') : Date.now(),
        documents: Array.isArray(json.documents) ? json.documents : [],
        answers: json.answers && typeof json.answers === 'object' ? json.answers : {},
        images: Array.isArray(json.images) ? json.images : [],
    };
    return corpus;
}

function words(text) {
    return String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);
}

/// The documents matching `query` (a string), best first, each with its score.
export function match(corpus, query) {
    const terms = [...new Set(words(query))];
    if (terms.length === 0)
        return [];
    const found = [];
    for (const doc of corpus.documents) {
        const text = new Set(words(`${doc.title ?? ''} ${doc.content ?? ''} ${doc.raw_content ?? ''}`));
        const hits = terms.filter((t) => text.has(t)).length;
        if (hits === 0)
            continue;
        found.push({ doc, score: typeof doc.score === 'number' ? doc.score : hits / terms.length });
    }
    found.sort((a, b) => b.score - a.score);
    return found;
}

export function dateMs(text) {
    if (!text)
        return undefined;
    const ms = Date.parse(String(text).length === 10 ? `${text}T00:00:00Z` : text);
    return Number.isNaN(ms) ? undefined : ms;
}

/// Days covered by a range name: day|week|month|year, their one-letter forms, and hour.
export function rangeDays(range) {
    switch (range) {
    case 'hour': return 1 / 24;
    case 'day': case 'd': return 1;
    case 'week': case 'w': return 7;
    case 'month': case 'm': return 31;
    case 'year': case 'y': return 366;
    default: return undefined;
    }
}

/// Whether `doc` was published within `days` days before the corpus's now (undated: no).
export function withinDays(corpus, doc, days) {
    const published = dateMs(doc.published_date);
    return published !== undefined && published >= corpus.now - days * DAY_MS && published <= corpus.now + DAY_MS;
}

/// The answer the corpus gives for `query`: its own, or one composed from the best results.
export function answerFor(corpus, query, results) {
    if (typeof corpus.answers[query] === 'string')
        return corpus.answers[query];
    if (results.length === 0)
        return `No results were found for "${query}".`;
    return results.slice(0, 2).map((r, i) => `${r.doc.title}: ${r.doc.content} [${i + 1}]`).join(' ');
}

/// Markdown reduced to plain text (Tavily's include_raw_content "text").
export function plainText(markdown) {
    return String(markdown ?? '')
        .replace(/```[a-z]*\n?/g, '')
        .replace(/^#{1,6}\s+/gm, '')
        .replace(/\*\*|__|\*|`/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}
