// The player's actions as the store changes the data folder for them (scorekeeper/store:
// storage.atomic_write, the index's journal, drafts, settings), on Pyodide's file system:
// a temporary file renamed over the old one, the last copies rotated to .bak1-3, lines
// appended in place to journal.jsonl and its count rewritten, a draft written and removed,
// folders made on first use, lock files. Each action reads what it changes from the folder,
// so an action made again on a folder put back gives the same folder.

let FS = null;
export function use(fs) {
  FS = fs;
}

const read = (path) => JSON.parse(new TextDecoder().decode(FS.readFile(path)));
const exists = (path) => {
  try {
    FS.lstat(path);
    return true;
  } catch (e) {
    return false;
  }
};

function atomic(path, value, backups = 0) {
  const slash = path.lastIndexOf("/");
  const tmp = `${path.slice(0, slash)}/.${path.slice(slash + 1)}.tmp`;
  FS.writeFile(tmp, JSON.stringify(value));
  if (backups && exists(path)) {
    for (let i = backups; i > 1; i--) {
      if (exists(`${path}.bak${i - 1}`)) FS.rename(`${path}.bak${i - 1}`, `${path}.bak${i}`);
    }
    FS.writeFile(`${path}.bak1`, FS.readFile(path));  // link_or_copy: a copy here
  }
  FS.rename(tmp, path);
}

function lock(root, name) {
  FS.mkdirTree(`${root}/locks`);
  FS.close(FS.open(`${root}/locks/${name}.lock`, "a"));
}

function journal(root, record) {
  const count = read(`${root}/journal.count`);
  const stream = FS.open(`${root}/journal.jsonl`, "a");
  const bytes = new TextEncoder().encode(JSON.stringify({ ...record, n: count.n + 1 }) + "\n");
  FS.write(stream, bytes, 0, bytes.length);
  FS.close(stream);
  const fixed = FS.open(`${root}/journal.count`, "r+");  // one fixed-width line, in place
  const line = new TextEncoder().encode(JSON.stringify({ n: count.n + 1 }).padEnd(24) + "\n");
  FS.write(fixed, line, 0, line.length, 0);
  FS.close(fixed);
}

function game(root, id, change) {
  const path = `${root}/games/${id}.json`;
  lock(root, id);
  const value = change(read(path));
  atomic(path, value, 3);
  journal(root, { begin: id });
  journal(root, { put: id, hands: value.hands.length, deleted: value.deleted });
}

function newGame(root, id, players, kind = "hearts") {
  lock(root, id);
  FS.mkdirTree(`${root}/games`);
  atomic(`${root}/games/${id}.json`, { kind, players, hands: [], deleted: false });
  journal(root, { begin: id });
  journal(root, { put: id, hands: 0 });
}

function setting(root, key, value) {
  const path = `${root}/settings.json`;
  atomic(path, { ...read(path), [key]: value });
}

// name -> [what it needs done first, the action]
export const ACTIONS = {
  "first start": [[], (root) => {
    for (const dir of ["games", "locks", "tmp"]) FS.mkdirTree(`${root}/${dir}`);
    atomic(`${root}/store.json`, { format: 3 });
    atomic(`${root}/settings.json`, { language: "en" });
    atomic(`${root}/index.json`, { games: [] });
    FS.writeFile(`${root}/journal.jsonl`, JSON.stringify({ gen: 1 }) + "\n");
    FS.writeFile(`${root}/journal.count`, JSON.stringify({ n: 0 }).padEnd(24) + "\n");
  }],
  "new game": [["first start"], (root) => newGame(root, "g1", ["Ala", "Bartek", "Celina"])],
  "draft": [["first start", "new game"], (root) => {  // the first draft makes its folder
    FS.mkdirTree(`${root}/drafts`);
    FS.writeFile(`${root}/drafts/g1.json`, JSON.stringify({ typed: [4, 6] }));
  }],
  "hand": [["first start", "new game", "draft"], (root) => {
    game(root, "g1", (g) => ({ ...g, hands: [...g.hands, [4, 6, 16]] }));
    FS.unlink(`${root}/drafts/g1.json`);
  }],
  "edit": [["first start", "new game", "draft", "hand"], (root) => {
    game(root, "g1", (g) => ({ ...g, hands: [...g.hands.slice(0, -1), [13, 0, 13]],
                               changes: [...(g.changes || []), "edit"] }));
  }],
  "delete": [["first start", "new game", "draft", "hand"], (root) => {
    game(root, "g1", (g) => ({ ...g, deleted: true }));
  }],
  "undo": [["first start", "new game", "draft", "hand", "delete"], (root) => {
    game(root, "g1", (g) => ({ ...g, deleted: false, changes: [...(g.changes || []), "undo"] }));
  }],
  "seat change": [["first start", "new game", "draft", "hand"], (root) => {
    game(root, "g1", (g) => ({ ...g, seats: [[g.hands.length, 1, "Darek"]] }));
    setting(root, "recent", ["Darek", "Ala", "Bartek", "Celina"]);
  }],
  "settings": [["first start"], (root) => setting(root, "theme", "dark")],
  "import": [["first start", "new game"], (root) => {
    for (const id of ["i1", "i2", "i3"]) newGame(root, id, ["Ewa", "Fryderyk", "Gosia"]);
    atomic(`${root}/index.json`, { games: ["g1", "i1", "i2", "i3"] });  // the snapshot
    FS.writeFile(`${root}/journal.jsonl`, JSON.stringify({ gen: 2 }) + "\n");  // a new one
    FS.writeFile(`${root}/journal.count`, JSON.stringify({ n: 0 }).padEnd(24) + "\n");
  }],
  "backup": [["first start", "new game"], (root) => setting(root, "last_backup", "2026-12-07")],
  "rematch": [["first start", "new game", "draft", "hand"], (root) => {
    newGame(root, "g2", read(`${root}/games/g1.json`).players);
    setting(root, "recent", ["Ala", "Bartek", "Celina"]);
  }],
  "Kierki deal": [["first start"], (root) => {
    if (!exists(`${root}/games/k1.json`)) {
      newGame(root, "k1", ["Ala", "Bartek", "Celina", "Darek"], "kierki");
    }
    FS.mkdirTree(`${root}/drafts`);
    FS.writeFile(`${root}/drafts/k1.json`, JSON.stringify({ deal: 1, typed: [2, 3] }));
    game(root, "k1", (g) => ({ ...g, hands: [...g.hands, [-20, -40, -60, 0]] }));
    FS.unlink(`${root}/drafts/k1.json`);
  }],
};

// The folder under `root` as plain data: its path under root -> "dir", the file's text, or
// "-> target".
export function folder(root) {
  const found = {};
  const todo = [root];
  while (todo.length) {
    const at = todo.pop();
    for (const name of FS.readdir(at)) {
      if (name === "." || name === "..") continue;
      const path = `${at}/${name}`;
      const stat = FS.lstat(path);
      if (FS.isDir(stat.mode)) {
        found[path.slice(root.length)] = "dir";
        todo.push(path);
      } else if (FS.isLink(stat.mode)) {
        found[path.slice(root.length)] = "-> " + FS.readlink(path);
      } else {
        found[path.slice(root.length)] = new TextDecoder().decode(FS.readFile(path));
      }
    }
  }
  return sorted(found);
}

// What the storage holds (path -> record), the same way.
export function stored(root, records) {
  const found = {};
  for (const [key, r] of records) {
    const path = key.slice(root.length);
    if (FS.isDir(r.mode)) found[path] = "dir";
    else if (FS.isLink(r.mode)) found[path] = "-> " + r.link;
    else found[path] = new TextDecoder().decode(r.contents);
  }
  return sorted(found);
}

const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

// The paths whose mode or time in the folder differ from the storage's record.
export function unlike(root, records) {
  const differ = [];
  for (const [path, r] of records) {
    let stat = null;
    try { stat = FS.lstat(path); } catch (e) { /* compared below */ }
    if (!stat || stat.mode !== r.mode ||  // a folder's time moves with its files: not kept
        (!FS.isDir(r.mode) && stat.mtime.getTime() !== new Date(r.timestamp).getTime())) {
      differ.push(path.slice(root.length));
    }
  }
  return differ;
}
