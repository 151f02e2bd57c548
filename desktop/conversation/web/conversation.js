// The conversation page. Everything it shows comes from the ConversationBridge (C++) as JSON;
// text from the record is either set as textContent or rendered from Markdown with raw HTML off
// and then sanitised by DOMPurify, so model output can never add markup of its own that runs,
// loads or navigates. Links go back to the app, which asks the user before opening them.
'use strict';

(function () {
  const RenderInterval = 50; // ms between re-renders of a streaming answer

  let bridge = null;
  let text = {}; // the app's translated strings
  let asked = false; // a page of earlier or later messages is on its way
  let ownScrollUntil = 0; // scroll events before this time are the page's own
  let lastScrollY = 0;
  const messagesElement = document.getElementById('messages');
  const earlierElement = document.getElementById('earlier');
  const laterElement = document.getElementById('later');
  const placeholderElement = document.getElementById('placeholder');

  // --- Markdown, highlighting, sanitising --------------------------------------------------

  const markdown = window.markdownit({
    html: false,
    linkify: true,
    typographer: false,
    highlight: function (code, language) {
      if (language && !window.hljs) {
        loadHighlighter(); // this block stays plain until it arrives (highlightShown)
        return '';
      }
      if (language && window.hljs.getLanguage(language)) {
        try {
          return window.hljs.highlight(code, { language: language, ignoreIllegals: true }).value;
        } catch (error) { /* fall back to plain, escaped text */ }
      }
      return '';
    },
  });
  // Images are never loaded: a Markdown image becomes its description and address as text.
  markdown.renderer.rules.image = function (tokens, index) {
    const token = tokens[index];
    const description = markdown.utils.escapeHtml(token.content || '');
    const source = markdown.utils.escapeHtml(token.attrGet('src') || '');
    return '<span class="image-ref">[' + (text.image || 'image') + (description ? ': ' + description : '') +
      ' \u2014 ' + source + ']</span>';
  };

  const purifyConfig = {
    ALLOWED_TAGS: ['a', 'b', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr',
      'i', 'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead',
      'tr', 'ul'],
    ALLOWED_ATTR: ['href', 'title', 'class', 'start', 'colspan', 'rowspan'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  };

  // highlight.js (129 kB, the page's largest script) is read only when a message first has a
  // fence that names a language: most pages never need it, and the first screen of a session
  // should not wait for it to be parsed. CSP's script-src 'self' admits it as it admitted the
  // <script> tag it replaces.
  let highlighterRequested = false;
  function loadHighlighter() {
    if (highlighterRequested) return;
    highlighterRequested = true;
    const script = document.createElement('script');
    script.src = 'vendor/highlight.js';
    script.addEventListener('load', highlightShown);
    document.head.appendChild(script);
  }

  // Highlights the fences rendered plain while highlight.js was on its way. Its output is
  // escaped text in spans; it is sanitised all the same, as every rendered block is.
  function highlightShown() {
    for (const code of document.querySelectorAll('#messages pre > code[class*="language-"]')) {
      const match = /(?:^|\s)language-(\S+)/.exec(code.className);
      if (!match || !window.hljs.getLanguage(match[1])) continue;
      let highlighted;
      try {
        highlighted = window.hljs.highlight(code.textContent, { language: match[1], ignoreIllegals: true }).value;
      } catch (error) { continue; }
      code.replaceChildren(window.DOMPurify.sanitize(highlighted, purifyConfig));
    }
  }

  function renderMarkdown(source) {
    const fragment = window.DOMPurify.sanitize(markdown.render(source), purifyConfig);
    for (const pre of fragment.querySelectorAll('pre')) addCopyButton(pre);
    return fragment;
  }

  function element(tag, className, content) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function button(label, onClick) {
    const node = element('button', '', label);
    node.type = 'button';
    node.addEventListener('click', function (event) { event.stopPropagation(); onClick(); });
    return node;
  }

  function addCopyButton(pre) {
    const code = pre.querySelector('code') || pre;
    const copy = button(text.copy || 'Copy', function () {
      if (bridge) bridge.copyText(code.textContent);
      copy.textContent = text.copied || 'Copied';
      setTimeout(function () { copy.textContent = text.copy || 'Copy'; }, 1200);
    });
    copy.className = 'copy';
    pre.appendChild(copy);
  }

  function plainBlock(content) {
    const pre = element('pre');
    pre.appendChild(element('code', '', content));
    addCopyButton(pre);
    return pre;
  }

  // --- Messages ----------------------------------------------------------------------------

  const cards = new Map(); // tool call id -> its card, to attach the result that follows

  function callCard(block) {
    const card = element('div', 'tool-card running');
    card.dataset.call = block.callId;
    const head = element('div', 'head');
    head.appendChild(element('span', 'name', block.name));
    if (block.title && block.title !== block.name) head.appendChild(element('span', 'title', block.title));
    // Where an MCP tool comes from; the name is the server's, so it is text like all the rest.
    if (block.server) {
      head.appendChild(element('span', 'server',
        (text.mcpServer || 'MCP server %1').replace('%1', function () { return block.server; })));
    }
    head.appendChild(element('span', 'status', text.running || 'running'));
    card.appendChild(head);
    const args = element('details', 'arguments');
    args.appendChild(element('summary', '', text.arguments || 'Arguments'));
    args.appendChild(plainBlock(block.arguments));
    card.appendChild(args);
    cards.set(block.callId, card);
    return card;
  }

  // The calls a call made (run_script's children): name, short arguments, status.
  function childList(block) {
    const details = element('details', 'children');
    details.open = true;
    details.appendChild(element('summary', '', block.childrenTitle || ''));
    const list = element('ul');
    for (const child of block.children) {
      const entry = element('li', 'child ' + (child.isError ? 'error' : 'done'));
      entry.dataset.call = String(child.callId || '');
      entry.appendChild(element('span', 'name', child.name));
      entry.appendChild(element('span', 'arguments', child.arguments));
      entry.appendChild(element('span', 'status', child.status));
      list.appendChild(entry);
    }
    details.appendChild(list);
    return details;
  }

  function attachResult(card, block, messageId) {
    if (block.children && block.children.length) card.appendChild(childList(block));
    card.classList.remove('running');
    card.classList.add(block.isError ? 'error' : 'done');
    card.querySelector('.status').textContent = block.status || (block.isError ? (text.failed || 'failed') : (text.done || 'done'));
    const result = element('details', 'result');
    result.open = !!block.isError;
    result.appendChild(element('summary', '', block.summary || (text.result || 'Result')));
    result.appendChild(plainBlock(block.text));
    if (block.cut) {
      const cut = element('div', 'cut', block.cut);
      cut.appendChild(document.createTextNode(' '));
      cut.appendChild(button(text.openFull || 'Open full', function () {
        if (bridge) bridge.openFull(messageId, block.callId);
      }));
      result.appendChild(cut);
    }
    if (block.memoryRef) {
      const memory = element('div', 'cut');
      memory.appendChild(button(text.openMemory || 'Open in the memory browser', function () {
        if (bridge) bridge.openMemory(block.memoryRef);
      }));
      result.appendChild(memory);
    }
    card.appendChild(result);
  }

  function compactionBlock(block) {
    const box = element('div', 'compaction');
    box.appendChild(element('div', 'title', block.title));
    if (block.lines && block.lines.length) {
      const list = element('ul');
      for (const line of block.lines) list.appendChild(element('li', '', line));
      box.appendChild(list);
    }
    if (block.transcript) {
      box.appendChild(button(text.openTranscript || 'Open transcript', function () {
        if (bridge) bridge.openTranscript(block.transcript);
      }));
    }
    return box;
  }

  // What the recall step reminded the model of, collapsed: each item with why it was chosen.
  // Item text comes from memory and transcripts, so it takes the sanitised Markdown path.
  function recalledBlock(block) {
    const details = element('details', 'recalled');
    details.appendChild(element('summary', '', block.title));
    const list = element('ul');
    for (const item of block.items || []) {
      const entry = element('li', 'recall-item ' + String(item.kind || ''));
      entry.appendChild(element('span', 'kind', item.label));
      entry.appendChild(renderMarkdown(item.text || ''));
      entry.appendChild(element('div', 'why', item.why));
      if (item.memoryRef) {
        entry.appendChild(button(text.openMemory || 'Open in the memory browser', function () {
          if (bridge) bridge.openMemory(item.memoryRef);
        }));
      }
      list.appendChild(entry);
    }
    details.appendChild(list);
    return details;
  }

  function renderBlock(body, block, message) {
    switch (block.type) {
    case 'text':
      body.appendChild(renderMarkdown(block.text));
      break;
    case 'thinking': {
      const details = element('details', 'thinking');
      details.appendChild(element('summary', '', text.thinking || 'Thinking'));
      details.appendChild(renderMarkdown(block.text));
      body.appendChild(details);
      break;
    }
    case 'call':
      body.appendChild(callCard(block));
      break;
    case 'result': {
      const card = cards.get(block.callId);
      if (card) {
        attachResult(card, block, message.id);
      } else {
        const lone = callCard({ callId: block.callId, name: block.name || '', arguments: '' });
        lone.querySelector('.arguments').remove();
        attachResult(lone, block, message.id);
        body.appendChild(lone);
      }
      break;
    }
    case 'image':
      body.appendChild(element('span', 'image-ref', block.label));
      break;
    case 'compaction':
      body.appendChild(compactionBlock(block));
      break;
    case 'recalled':
      body.appendChild(recalledBlock(block));
      break;
    default:
      body.appendChild(element('p', 'image-ref', String(block.type)));
    }
  }

  function renderMessage(message) {
    const article = element('article', 'msg ' + message.role);
    article.dataset.id = message.id;
    const header = element('header');
    header.appendChild(element('span', 'role', message.roleLabel || message.role));
    header.appendChild(element('span', 'meta', message.meta || ''));
    if (message.branch) header.appendChild(branchSwitch(message.branch));
    if (message.editable) {
      const edit = element('button', 'edit', text.edit || 'Edit');
      edit.title = text.editTitle || '';
      edit.addEventListener('click', function () { if (bridge) bridge.editMessage(message.id); });
      header.appendChild(edit);
    }
    if (message.forkable) {
      const fork = element('button', 'fork', text.fork || 'Fork from here');
      fork.title = text.forkTitle || '';
      fork.addEventListener('click', function () { if (bridge) bridge.forkFrom(message.id); });
      header.appendChild(fork);
    }
    if (message.inspectable) {
      const inspect = element('button', 'inspect', text.inspect || 'What did the model see?');
      inspect.title = text.inspectTitle || '';
      inspect.addEventListener('click', function () { if (bridge) bridge.inspectRequest(message.id); });
      header.appendChild(inspect);
    }
    article.appendChild(header);
    const body = element('div', 'body');
    for (const block of message.blocks || []) renderBlock(body, block, message);
    article.appendChild(body);
    if (message.regenerate) {
      const again = element('button', 'regenerate', text.regenerate || 'Regenerate');
      again.title = text.regenerateTitle || '';
      again.addEventListener('click', function () { if (bridge) bridge.regenerate(); });
      article.appendChild(again);
    }
    // A message that only carried tool results shows nothing of its own: they joined their cards.
    if (!body.childNodes.length) article.hidden = true;
    return article;
  }

  // "‹ 2 / 3 ›" on a user message where the conversation forked.
  function branchSwitch(branch) {
    const box = element('span', 'branch');
    const step = function (label, title, target) {
      const button = element('button', 'branch-step', label);
      button.title = title;
      button.disabled = !target;
      button.addEventListener('click', function () { if (bridge && target) bridge.switchBranch(target); });
      return button;
    };
    box.appendChild(step('\u2039', text.previousBranch || '', branch.previous));
    box.appendChild(element('span', 'branch-index', branch.index + ' / ' + branch.count));
    box.appendChild(step('\u203a', text.nextBranch || '', branch.next));
    return box;
  }

  // Scroll events for the next moments come from the page's own scrolling.
  function ownScroll() {
    ownScrollUntil = performance.now() + 150;
  }

  function findArticle(id) {
    for (const article of messagesElement.querySelectorAll('article.msg')) {
      if (article.dataset.id === id) return article;
    }
    return null;
  }

  function atBottom() {
    return window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
  }

  // Again on the next frames: heights of messages not yet laid out (content-visibility) are
  // estimates until they are.
  function scrollToBottom() {
    ownScroll();
    window.scrollTo(0, document.body.scrollHeight);
    requestAnimationFrame(function () {
      window.scrollTo(0, document.body.scrollHeight);
      requestAnimationFrame(function () { window.scrollTo(0, document.body.scrollHeight); });
    });
  }

  function setEarlier(count) {
    earlierElement.hidden = !(count > 0);
    document.getElementById('load-earlier').textContent = (text.loadEarlier || 'Load %1 earlier messages').replace('%1', count);
  }

  function setLater(count) {
    laterElement.hidden = !(count > 0);
    document.getElementById('load-later').textContent = (text.loadLater || 'Load %1 newer messages').replace('%1', count);
  }

  // Takes `count` messages off one end of the page (the app keeps them and sends them again
  // when the reader comes back), and the cards they held.
  function dropMessages(count, fromStart) {
    if (!(count > 0)) return;
    const articles = messagesElement.querySelectorAll('article.msg');
    const doomed = fromStart ? Array.prototype.slice.call(articles, 0, count)
      : Array.prototype.slice.call(articles, Math.max(0, articles.length - count));
    for (const article of doomed) {
      for (const card of article.querySelectorAll('.tool-card')) cards.delete(card.dataset.call);
      article.remove();
    }
  }

  function reset(json) {
    const page = JSON.parse(json);
    stopStreaming();
    cards.clear();
    messagesElement.replaceChildren();
    placeholderElement.hidden = true;
    const fragment = document.createDocumentFragment();
    for (const message of page.messages) fragment.appendChild(renderMessage(message));
    messagesElement.appendChild(fragment);
    setEarlier(page.earlier);
    setLater(page.later);
    document.title = page.title || '';
    let focus = page.focus ? findArticle(page.focus) : null;
    // A tool's results live in the cards of the message that called it.
    while (focus && focus.hidden) focus = focus.previousElementSibling;
    if (focus) {
      // A search hit: that message, in the middle of the screen, marked.
      focus.classList.add('focus');
      ownScroll();
      focus.scrollIntoView({ block: 'center' });
      requestAnimationFrame(function () { ownScroll(); focus.scrollIntoView({ block: 'center' }); });
    } else {
      scrollToBottom();
    }
    notifyRendered();
  }

  function prependEarlier(json) {
    const page = JSON.parse(json);
    // Cards of the earlier messages are new; results already shown stay where they are.
    const height = document.body.scrollHeight;
    const fragment = document.createDocumentFragment();
    for (const message of page.messages) fragment.appendChild(renderMessage(message));
    messagesElement.insertBefore(fragment, messagesElement.firstChild);
    dropMessages(page.dropLater, false);
    setEarlier(page.earlier);
    setLater(page.later);
    ownScroll();
    window.scrollBy(0, document.body.scrollHeight - height);
    notifyRendered();
  }

  function appendLater(json) {
    const page = JSON.parse(json);
    const fragment = document.createDocumentFragment();
    for (const message of page.messages) fragment.appendChild(renderMessage(message));
    messagesElement.appendChild(fragment);
    // What goes from the top must not move what the reader is looking at.
    const height = document.body.scrollHeight;
    dropMessages(page.dropEarlier, true);
    ownScroll();
    window.scrollBy(0, document.body.scrollHeight - height);
    setEarlier(page.earlier);
    setLater(page.later);
    notifyRendered();
  }

  function append(json) {
    const follow = atBottom();
    placeholderElement.hidden = true;
    stopStreaming();
    for (const message of JSON.parse(json)) messagesElement.appendChild(renderMessage(message));
    if (follow) scrollToBottom();
    notifyRendered();
  }

  function showPlaceholder(message) {
    stopStreaming();
    cards.clear();
    messagesElement.replaceChildren();
    setEarlier(0);
    setLater(0);
    placeholderElement.textContent = message;
    placeholderElement.hidden = false;
    notifyRendered();
  }

  // --- Streaming: the text grows in the last message only, rendered at most every 50 ms ---

  let stream = null; // { element, text, timer }

  function streamText(delta) {
    placeholderElement.hidden = true;
    if (!stream) {
      const article = element('article', 'msg assistant live');
      const header = element('header');
      header.appendChild(element('span', 'role', text.assistant || 'Assistant'));
      article.appendChild(header);
      const body = element('div', 'body streaming');
      article.appendChild(body);
      messagesElement.appendChild(article);
      stream = { element: body, text: '', timer: 0 };
    }
    stream.text += delta;
    if (!stream.timer) stream.timer = setTimeout(renderStream, RenderInterval);
  }

  function renderStream() {
    if (!stream) return;
    const follow = atBottom();
    stream.timer = 0;
    stream.element.replaceChildren(renderMarkdown(stream.text));
    if (follow) scrollToBottom();
    notifyRendered();
  }

  function stopStreaming() {
    if (!stream) return;
    if (stream.timer) clearTimeout(stream.timer);
    renderStream();
    stream.element.classList.remove('streaming');
    stream = null;
  }

  function activity(line) {
    placeholderElement.hidden = true;
    const follow = atBottom();
    if (stream) {
      stopStreaming();
    }
    messagesElement.appendChild(element('div', 'activity', line));
    if (follow) scrollToBottom();
  }

  // --- Approvals ----------------------------------------------------------------------------

  function requestApproval(json) {
    const request = JSON.parse(json);
    placeholderElement.hidden = true;
    stopStreaming();
    const box = element('div', 'approval');
    box.dataset.approval = request.id;
    box.appendChild(element('div', 'question', request.question));
    box.appendChild(plainBlock(request.arguments));
    const actions = element('div', 'actions');
    for (const choice of request.choices) {
      actions.appendChild(button(choice.label, function () {
        if (bridge) bridge.decide(request.id, choice.id);
      }));
    }
    box.appendChild(actions);
    box.appendChild(element('div', 'decision', ''));
    messagesElement.appendChild(box);
    scrollToBottom();
    notifyRendered();
  }

  function settleApproval(id, outcome) {
    for (const box of messagesElement.querySelectorAll('.approval')) {
      if (box.dataset.approval === id) {
        box.classList.add('decided');
        box.querySelector('.decision').textContent = outcome;
      }
    }
  }

  // --- Live tool cards: a call running now, its progress, its end --------------------------

  function startToolCard(json) {
    const block = JSON.parse(json);
    placeholderElement.hidden = true;
    const follow = atBottom();
    stopStreaming();
    const card = callCard(block);
    card.classList.add('live');
    // A child call (run_script's) goes under its parent's card when there is one.
    const parent = block.parent ? cards.get(block.parent) : null;
    if (block.parent) card.classList.add('nested');
    (parent || messagesElement).appendChild(card);
    if (follow) scrollToBottom();
    notifyRendered();
  }

  function toolProgress(json) {
    const update = JSON.parse(json);
    const card = cards.get(update.callId);
    if (!card) {
      if (update.message) activity(update.message);
      return;
    }
    let box = card.querySelector('.progress');
    if (!box) {
      box = element('div', 'progress');
      const bar = document.createElement('progress');
      bar.setAttribute('aria-label', text.progress || 'Progress');
      box.appendChild(bar);
      box.appendChild(element('span', 'progress-message', ''));
      card.insertBefore(box, card.querySelector('.arguments'));
    }
    const bar = box.querySelector('progress');
    if (typeof update.total === 'number' && update.total > 0) {
      bar.max = update.total;
      bar.value = Math.max(0, Math.min(Number(update.progress) || 0, update.total));
    } else {
      bar.removeAttribute('value'); // how far is unknown: an indeterminate bar
    }
    box.querySelector('.progress-message').textContent = update.message || '';
    notifyRendered();
  }

  function finishToolCard(json) {
    const update = JSON.parse(json);
    const card = cards.get(update.callId);
    if (!card) return;
    card.classList.remove('running');
    card.classList.add(update.isError ? 'error' : 'done');
    card.querySelector('.status').textContent = update.status || '';
    notifyRendered();
  }

  // --- Links: the app decides ---------------------------------------------------------------

  document.addEventListener('click', function (event) {
    const link = event.target.closest ? event.target.closest('a') : null;
    if (!link) return;
    event.preventDefault();
    const href = link.getAttribute('href') || '';
    if (href.startsWith('#')) return;
    if (bridge) bridge.openLink(href);
  }, true);
  // Nothing is dropped into the page, and no form is ever submitted.
  document.addEventListener('dragover', function (event) { event.preventDefault(); });
  document.addEventListener('drop', function (event) { event.preventDefault(); });
  document.addEventListener('submit', function (event) { event.preventDefault(); }, true);

  document.getElementById('load-earlier').addEventListener('click', function () {
    if (bridge) bridge.loadEarlier();
  });
  document.getElementById('load-later').addEventListener('click', function () {
    if (bridge) bridge.loadLater();
  });
  // Near either end with more to show, scrolling that way: ask for it (once per page that
  // arrives). Scrolling the page does itself (keeping the reader's place) does not count.
  window.addEventListener('scroll', function () {
    const y = window.scrollY;
    const down = y > lastScrollY;
    lastScrollY = y;
    if (asked || !bridge || performance.now() < ownScrollUntil) return;
    if (!down && y < 50 && !earlierElement.hidden) {
      asked = true;
      bridge.loadEarlier();
    } else if (down && window.innerHeight + y > document.body.scrollHeight - 50 && !laterElement.hidden) {
      asked = true;
      bridge.loadLater();
    }
  }, { passive: true });

  // Tells the app (and tests) that what it sent is on screen.
  let renderedCount = 0;
  function notifyRendered() {
    asked = false;
    renderedCount += 1;
    if (bridge) bridge.rendered(renderedCount);
  }

  new QWebChannel(qt.webChannelTransport, function (channel) {
    bridge = channel.objects.valis;
    text = bridge.strings || {};
    if (window.valisAccessibility) window.valisAccessibility(text);
    const applyTheme = function (theme) {
      const dark = theme === 'dark';
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
      document.getElementById('highlight-light').disabled = dark;
      document.getElementById('highlight-dark').disabled = !dark;
    };
    applyTheme(bridge.theme);
    bridge.themeChanged.connect(applyTheme);
    bridge.pageReset.connect(reset);
    bridge.earlierLoaded.connect(prependEarlier);
    bridge.laterLoaded.connect(appendLater);
    bridge.messagesAppended.connect(append);
    bridge.streamTextAppended.connect(streamText);
    bridge.activityAppended.connect(activity);
    bridge.placeholderShown.connect(showPlaceholder);
    bridge.approvalRequested.connect(requestApproval);
    bridge.approvalSettled.connect(settleApproval);
    bridge.toolCardStarted.connect(startToolCard);
    bridge.toolProgressed.connect(toolProgress);
    bridge.toolCardFinished.connect(finishToolCard);
    bridge.ready();
  });
})();

// --- Accessibility: the structure a screen reader reads (issue 23) ---------------------------
// Kept apart from the rendering above: it only adds roles, labels and announcements to what the
// page shows, watching the feed as it changes.
(function () {
  const SentenceEnd = /[.!?\u2026\u3002\uff01\uff1f](?=\s|$)|\n\n/g;
  const AnnounceInterval = 1500; // ms: at most one spoken update this often while streaming
  const feed = document.getElementById('messages');
  const announcer = document.getElementById('announcer');
  const alerts = document.getElementById('alerts');
  let strings = {};
  let live = null; // { body, spoken: characters already announced, last: time of the last one }
  let pending = 0;
  let serial = 0;

  function label(format, value) {
    return (format || '%1').replace('%1', function () { return value; });
  }

  // A live region speaks what is put in it; it is emptied again soon after (and when the feed
  // shows other messages), so stale words are neither read twice nor left in the page's text.
  const Linger = 4000; // ms
  function say(region, words) {
    words = words.trim();
    if (!words) return;
    region.dataset.count = String(Number(region.dataset.count || 0) + 1);
    region.dataset.last = words;
    region.textContent = words;
    clearTimeout(region.clearTimer);
    region.clearTimer = setTimeout(function () { region.textContent = ''; }, Linger);
  }

  function silence() {
    for (const region of [announcer, alerts]) {
      clearTimeout(region.clearTimer);
      region.textContent = '';
    }
  }

  function describeArticle(article) {
    const role = article.querySelector(':scope > header .role');
    if (!role) return;
    const name = role.textContent.trim();
    if (name) article.setAttribute('aria-label', name);
    // Each message starts with a heading, so a reader can jump from message to message; a
    // person's message opens a turn and is one level up.
    role.setAttribute('role', 'heading');
    role.setAttribute('aria-level', article.classList.contains('user') ? '2' : '3');
  }

  function describeCard(card) {
    const name = card.querySelector(':scope > .head .name');
    card.setAttribute('role', 'article');
    if (name) card.setAttribute('aria-label', label(strings.a11yTool, name.textContent.trim()));
  }

  function describeApproval(box) {
    if (box.getAttribute('role') === 'alertdialog') return;
    serial += 1;
    const question = box.querySelector('.question');
    const details = box.querySelector('pre');
    box.setAttribute('role', 'alertdialog');
    if (question) {
      question.id = question.id || 'approval-question-' + serial;
      box.setAttribute('aria-labelledby', question.id);
      say(alerts, label(strings.a11yApproval, question.textContent));
    }
    if (details) {
      details.id = details.id || 'approval-details-' + serial;
      box.setAttribute('aria-describedby', details.id);
    }
  }

  function describeOne(node) {
    if (node.matches('article.msg')) describeArticle(node);
    if (node.matches('.tool-card')) describeCard(node);
    if (node.matches('.approval')) describeApproval(node);
  }

  function describe(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    describeOne(node);
    for (const inner of node.querySelectorAll('article.msg, .tool-card, .approval')) describeOne(inner);
  }

  // What is new in the streamed answer, up to its last sentence end (all of it once `done`).
  function speakStream(done) {
    pending = 0;
    if (!live) return;
    const words = live.body.textContent;
    let end = words.length;
    if (!done) {
      end = 0;
      for (const match of words.matchAll(SentenceEnd)) end = match.index + match[0].length;
    }
    if (end > live.spoken) {
      say(announcer, words.slice(live.spoken, end));
      live.spoken = end;
      live.last = performance.now();
    }
    if (done) {
      live = null;
      feed.setAttribute('aria-busy', 'false');
    }
  }

  function watchStream() {
    const body = feed.querySelector('.body.streaming');
    if (body && (!live || live.body !== body)) {
      live = { body: body, spoken: 0, last: performance.now() };
      feed.setAttribute('aria-busy', 'true');
    }
    if (live && !live.body.classList.contains('streaming')) {
      if (pending) clearTimeout(pending);
      speakStream(true);
      return;
    }
    if (live && !pending) {
      pending = setTimeout(function () { speakStream(false); },
                           Math.max(0, AnnounceInterval - (performance.now() - live.last)));
    }
  }

  new MutationObserver(function (records) {
    let replaced = false;
    for (const record of records) {
      for (const node of record.addedNodes) describe(node);
      if (record.target === feed && record.removedNodes.length) replaced = true;
    }
    if (replaced && !live) silence();
    watchStream();
  }).observe(feed, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });

  window.valisAccessibility = function (translated) {
    strings = translated || {};
    document.getElementById('conversation-heading').textContent = strings.a11yConversation || 'Conversation';
    feed.setAttribute('aria-label', strings.a11yMessages || 'Messages');
    describe(feed);
  };
})();
