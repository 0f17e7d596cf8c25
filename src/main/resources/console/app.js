// The custom-apiserver console: plain ES module, no framework. Every API call carries the signed-in
// user's own credentials (a bearer token kept in this tab's sessionStorage, or the browser's client
// certificate), so the server's RBAC decides what the user sees. Object data only ever reaches the
// page through textContent and attribute setters: it never becomes HTML.
import { load as parseYaml, dump as toYaml } from './vendor/js-yaml.mjs';

const BASE = document.querySelector('meta[name="console-base"]').content; // e.g. /console/
const API = BASE.replace(/console\/$/, '');                                  // e.g. /
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io, application/json';
const FIELD_MANAGER = 'console';
const main = document.getElementById('main');
const nav = document.getElementById('nav');
let stopLive = () => {};
let discovery = null;
let routeId = 0; // the page being shown; a slower answer for an older page is dropped

// ---- small DOM helpers: text only ----
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}
const link = (path, text) => el('a', { href: BASE + path.replace(/^\//, ''), 'data-path': path, text });
function alertBox(message) { return el('div', { class: 'alert', role: 'alert', text: message }); }
function show(...nodes) { main.replaceChildren(...nodes.filter((n) => n !== null && n !== undefined)); }

// ---- credentials ----
const credentials = {
  get mode() { return sessionStorage.getItem('mode'); },
  get token() { return sessionStorage.getItem('token'); },
  set(mode, token) { sessionStorage.setItem('mode', mode); if (token) sessionStorage.setItem('token', token); },
  clear() { sessionStorage.clear(); },
};

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `the server answered ${status}`);
    this.status = status; this.body = body;
  }
}

async function api(path, { method = 'GET', accept = 'application/json', body, contentType, signal } = {}) {
  const headers = { Accept: accept };
  if (credentials.mode === 'token') headers.Authorization = 'Bearer ' + credentials.token;
  if (contentType) headers['Content-Type'] = contentType;
  const resp = await fetch(API + path.replace(/^\//, ''), { method, headers, body, signal, credentials: 'same-origin', cache: 'no-store' });
  if (resp.status === 401) { credentials.clear(); signIn('Your credentials were refused (401 Unauthorized). Sign in again.'); throw new ApiError(401, null); }
  const text = await resp.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { message: text }; }
  if (!resp.ok) throw new ApiError(resp.status, json);
  return json;
}

// ---- sign-in ----
function signIn(message) {
  stopLive();
  nav.replaceChildren();
  document.getElementById('user').textContent = '';
  document.getElementById('signout').hidden = true;
  const token = el('input', { type: 'password', id: 'token', name: 'token', autocomplete: 'off', required: true });
  const form = el('form', { class: 'signin', id: 'signin' },
    el('h1', { text: 'Sign in' }),
    message ? alertBox(message) : null,
    el('label', { for: 'token', text: 'Bearer token' }), token,
    el('button', { type: 'submit', id: 'signin-token', text: 'Sign in' }),
    el('button', { type: 'button', id: 'signin-cert', text: 'Use my client certificate', on: { click: () => start('cert') } }));
  form.addEventListener('submit', (e) => { e.preventDefault(); start('token', token.value.trim()); });
  show(form);
  token.focus();
}

async function start(mode, token) {
  credentials.set(mode, token);
  try {
    const review = await api('/apis/authentication.k8s.io/v1/selfsubjectreviews', {
      method: 'POST', contentType: 'application/json',
      body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }) });
    const name = review.status && review.status.userInfo ? review.status.userInfo.username : '';
    if (name === 'system:anonymous') { credentials.clear(); signIn('No credentials were presented: enter a token.'); return; }
    document.getElementById('user').textContent = name;
  } catch (e) {
    if (e.status === 401) return;
    document.getElementById('user').textContent = '';
  }
  document.getElementById('signout').hidden = false;
  await loadNav();
  route();
}

document.getElementById('signout').addEventListener('click', () => { credentials.clear(); signIn(); });

// ---- discovery and navigation ----
async function loadNav() {
  const groups = [];
  const core = await api('/api/v1').catch(() => null);
  if (core) groups.push({ name: 'core', gv: '/api/v1', resources: core.resources });
  const list = await api('/apis').catch(() => ({ groups: [] }));
  const found = await Promise.all(list.groups.map(async (g) => {
    const gv = '/apis/' + g.preferredVersion.groupVersion;
    const r = await api(gv).catch(() => null);
    return r ? { name: g.name, gv, resources: r.resources } : null;
  }));
  groups.push(...found.filter(Boolean));
  discovery = groups;
  const namespaces = await api('/api/v1/namespaces').then((l) => l.items.map((n) => n.metadata.name)).catch(() => null);
  const current = namespaceOf(pathNow()) || sessionStorage.getItem('namespace') || 'default';
  const nsField = namespaces
    ? el('select', { id: 'namespace' }, ...namespaces.concat('').map((n) => el('option', { value: n, text: n || '(all namespaces)', selected: n === current })))
    : el('input', { id: 'namespace', value: current });
  nsField.addEventListener('change', () => { sessionStorage.setItem('namespace', nsField.value); renderNav(); });
  sessionStorage.setItem('namespace', current);
  nav.replaceChildren(el('label', { for: 'namespace', text: 'Namespace' }), nsField, el('div', { id: 'groups' }));
  renderNav();
}

function renderNav() {
  const ns = sessionStorage.getItem('namespace') || '';
  const blocks = discovery.map((g) => {
    const items = g.resources.filter((r) => !r.name.includes('/') && (r.verbs || []).includes('list'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => el('li', {}, link(collectionPath(g.gv, r, ns), r.name)));
    return items.length ? el('section', {}, el('h2', { text: g.name }), el('ul', {}, ...items)) : null;
  });
  document.getElementById('groups').replaceChildren(...blocks.filter(Boolean));
}

function collectionPath(gv, resource, ns) {
  return resource.namespaced && ns ? `${gv}/namespaces/${encodeURIComponent(ns)}/${resource.name}` : `${gv}/${resource.name}`;
}

// ---- routing: /console/<API path> ----
function pathNow() { return '/' + decodeURI(location.pathname).slice(BASE.length); }

function parse(path) {
  const s = path.split('/').filter(Boolean);
  let gv;
  if (s[0] === 'api' && s.length >= 2) gv = s.splice(0, 2);
  else if (s[0] === 'apis' && s.length >= 3) gv = s.splice(0, 3);
  else return null;
  let ns = null;
  if (s[0] === 'namespaces' && s.length >= 3) { ns = s[1]; s.splice(0, 2); }
  if (s.length < 1 || s.length > 2) return null;
  return { gv: '/' + gv.join('/'), ns, resource: s[0], name: s[1] || null };
}
function namespaceOf(path) { const p = parse(path); return p && p.ns; }

function resourceInfo(p) {
  const g = (discovery || []).find((d) => d.gv === p.gv);
  const fromList = g && g.resources.find((r) => r.name === p.resource);
  return fromList || null;
}

function go(path) { history.pushState(null, '', BASE + path.replace(/^\//, '')); route(); }
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-path]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault(); go(a.dataset.path);
});
window.addEventListener('popstate', () => route());

function route() {
  stopLive();
  routeId++;
  const path = pathNow();
  const p = parse(path);
  if (path === '/' || !p) { home(path === '/' ? null : path); return; }
  if (p.name) objectPage(p, path); else collectionPage(p, path);
  main.focus();
}

function home(unknown) {
  show(el('h1', { text: 'Resources' }),
    unknown ? alertBox(`${unknown} is not an API collection or object path.`) : null,
    el('p', { text: 'Choose a resource on the left. Every page is an API path under /console/, so its address can be bookmarked and shared.' }));
}

// ---- a collection: the server's Table, kept current by a watch ----
async function collectionPage(p, path) {
  const mine = routeId;
  const info = resourceInfo(p);
  const heading = el('h1', { text: p.resource + (p.ns ? ` in ${p.ns}` : '') });
  const status = el('p', { class: 'live', id: 'live', text: '' });
  const body = el('div', { id: 'collection' });
  const canCreate = !info || (info.verbs || []).includes('create');
  const createButton = canCreate ? el('button', { type: 'button', id: 'create', text: 'Create…', on: { click: () => createForm(p, path, info) } }) : null;
  show(heading, createButton, status, body);
  let rv = null;
  const render = async () => {
    try {
      const table = await api(path, { accept: TABLE });
      rv = rv || (table.metadata && table.metadata.resourceVersion);
      body.replaceChildren(tableOf(table, p));
      return true;
    } catch (e) {
      if (e.status !== 401) body.replaceChildren(alertBox(e.message));
      return false;
    }
  };
  if (!(await render()) || mine !== routeId) return;
  let timer = null;
  stopLive = watch(path, () => rv, (v) => { rv = v; }, () => {
    clearTimeout(timer); timer = setTimeout(render, 100);
  }, (state) => { status.textContent = state; }, async () => { rv = null; await render(); });
}

function tableOf(table, p) {
  const cols = (table.columnDefinitions || []).map((c, i) => ({ ...c, i })).filter((c) => !c.priority);
  const head = el('tr', {}, ...cols.map((c) => el('th', { scope: 'col', text: c.name })));
  const rows = (table.rows || []).map((r) => {
    const meta = (r.object && r.object.metadata) || {};
    return el('tr', {}, ...cols.map((c) => {
      const value = r.cells[c.i];
      const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
      if (c.name === 'Name' && meta.name) {
        const gvPath = meta.namespace ? `${p.gv}/namespaces/${encodeURIComponent(meta.namespace)}/${p.resource}` : `${p.gv}/${p.resource}`;
        return el('td', {}, link(`${gvPath}/${encodeURIComponent(meta.name)}`, text));
      }
      return el('td', { text });
    }));
  });
  if (!rows.length) return el('p', { id: 'empty', text: 'No resources found.' });
  return el('table', { id: 'objects' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

// A watch over fetch (so the token goes in a header, never in a URL), resumed after a dropped
// connection from the last resourceVersion seen; 410 Gone lists again.
function watch(path, getRv, setRv, onEvent, onState, onExpired) {
  let stopped = false;
  let controller = null;
  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      const sep = path.includes('?') ? '&' : '?';
      const rv = getRv();
      const url = API + path.replace(/^\//, '') + sep + 'watch=1&allowWatchBookmarks=true' + (rv ? '&resourceVersion=' + encodeURIComponent(rv) : '');
      const headers = { Accept: 'application/json' };
      if (credentials.mode === 'token') headers.Authorization = 'Bearer ' + credentials.token;
      try {
        const resp = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
        if (resp.status === 410) { await onExpired(); continue; }
        if (!resp.ok) { onState(`Live updates stopped: the server answered ${resp.status}.`); return; }
        onState('Live: changes appear as they happen.');
        const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let nl;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).trim();
            buffer = buffer.slice(nl + 1);
            if (!line) continue;
            const ev = JSON.parse(line);
            if (ev.type === 'ERROR') {
              if (ev.object && ev.object.code === 410) { await onExpired(); }
              break;
            }
            if (ev.object && ev.object.metadata && ev.object.metadata.resourceVersion) setRv(ev.object.metadata.resourceVersion);
            if (ev.type !== 'BOOKMARK') onEvent(ev);
          }
        }
      } catch (e) {
        if (stopped) return;
      }
      if (!stopped) { onState('Reconnecting…'); await new Promise((r) => setTimeout(r, 1000)); }
    }
  };
  run();
  return () => { stopped = true; if (controller) controller.abort(); };
}

// ---- create from YAML ----
function createForm(p, path, info) {
  const template = {
    apiVersion: p.gv.replace(/^\/apis?\//, ''), kind: info ? info.kind : '',
    metadata: p.ns ? { name: '', namespace: p.ns } : { name: '' },
  };
  const text = el('textarea', { id: 'create-yaml', 'aria-label': 'New object as YAML', spellcheck: 'false' });
  text.value = toYaml(template);
  const result = el('div', {});
  const submit = el('button', { type: 'button', id: 'create-submit', text: 'Create', on: { click: async () => {
    try {
      const obj = parseYaml(text.value);
      const created = await api(path + '?fieldManager=' + FIELD_MANAGER, { method: 'POST', contentType: 'application/json', body: JSON.stringify(obj) });
      go(`${path}/${encodeURIComponent(created.metadata.name)}`);
    } catch (e) { result.replaceChildren(alertBox(e.message)); }
  } } });
  show(el('h1', { text: `Create in ${p.resource}` }), text, submit, el('button', { type: 'button', text: 'Cancel', on: { click: () => go(path) } }), result);
  text.focus();
}

// ---- an object: YAML, conditions, events; apply, delete ----
function editable(obj) {
  const copy = JSON.parse(JSON.stringify(obj));
  if (copy.metadata) for (const k of ['managedFields', 'resourceVersion', 'uid', 'creationTimestamp', 'generation']) delete copy.metadata[k];
  delete copy.status;
  return copy;
}

async function objectPage(p, path) {
  let obj;
  try { obj = await api(path); } catch (e) { if (e.status !== 401) show(el('h1', { text: p.name }), alertBox(e.message)); return; }
  const collection = path.slice(0, path.lastIndexOf('/'));
  const result = el('div', { id: 'result' });
  const text = el('textarea', { id: 'yaml', 'aria-label': 'The object as YAML', spellcheck: 'false' });
  text.value = toYaml(editable(obj));
  const apply = async (force) => {
    try {
      await api(`${path}?fieldManager=${FIELD_MANAGER}&fieldValidation=Strict${force ? '&force=true' : ''}`,
        { method: 'PATCH', contentType: 'application/apply-patch+yaml', body: text.value });
      result.replaceChildren(el('div', { class: 'note', role: 'status', text: 'Applied.' }));
    } catch (e) {
      if (e.status === 401) return;
      const nodes = [alertBox(e.message)];
      if (e.status === 409) nodes.push(el('button', { type: 'button', id: 'force', text: 'Apply with force (take the fields over)', on: { click: () => apply(true) } }));
      result.replaceChildren(...nodes);
    }
  };
  const del = async () => {
    if (!window.confirm(`Delete ${p.resource} "${p.name}"?`)) return;
    try { await api(path, { method: 'DELETE' }); go(collection); } catch (e) { if (e.status !== 401) result.replaceChildren(alertBox(e.message)); }
  };
  const conditions = (obj.status && Array.isArray(obj.status.conditions)) ? obj.status.conditions : [];
  const events = el('div', { id: 'events' });
  show(
    el('p', {}, link(collection, '← ' + p.resource)),
    el('h1', { text: `${obj.kind || p.resource} ${p.name}` }),
    conditions.length ? el('section', {}, el('h2', { text: 'Conditions' }), el('table', { id: 'conditions' },
      el('thead', {}, el('tr', {}, ...['Type', 'Status', 'Reason', 'Message'].map((h) => el('th', { text: h })))),
      el('tbody', {}, ...conditions.map((c) => el('tr', {}, ...[c.type, c.status, c.reason, c.message].map((v) => el('td', { text: v === undefined ? '' : String(v) }))))))) : null,
    el('h2', { text: 'YAML' }), text,
    el('div', {}, el('button', { type: 'button', id: 'apply', text: 'Apply (server-side apply)', on: { click: () => apply(false) } }),
      el('button', { type: 'button', id: 'delete', class: 'danger', text: 'Delete…', on: { click: del } })),
    result,
    el('h2', { text: 'Events' }), events);
  loadEvents(obj, events);
}

async function loadEvents(obj, target) {
  const m = obj.metadata || {};
  const selector = encodeURIComponent(`involvedObject.name=${m.name}` + (m.uid ? `,involvedObject.uid=${m.uid}` : ''));
  const where = m.namespace ? `/api/v1/namespaces/${encodeURIComponent(m.namespace)}/events` : '/api/v1/events';
  try {
    const list = await api(`${where}?fieldSelector=${selector}`);
    if (!list.items.length) { target.replaceChildren(el('p', { text: 'No events.' })); return; }
    target.replaceChildren(el('table', {}, el('thead', {}, el('tr', {}, ...['Type', 'Reason', 'Message', 'Last seen'].map((h) => el('th', { text: h })))),
      el('tbody', {}, ...list.items.map((e) => el('tr', {}, ...[e.type, e.reason, e.message, e.lastTimestamp || e.eventTime || ''].map((v) => el('td', { text: v === undefined || v === null ? '' : String(v) })))))));
  } catch (e) {
    if (e.status !== 401) target.replaceChildren(el('p', { class: 'live', text: e.message }));
  }
}

// ---- start ----
if (credentials.mode) start(credentials.mode, credentials.token); else signIn();
