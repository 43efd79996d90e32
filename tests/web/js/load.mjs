// The package's scripts (scorekeeper/web/js/) run in a context of their own, with only
// the globals a test gives them (fakes of what the browser has): as the site runs them.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const JS = new URL("../../../scorekeeper/web/js/", import.meta.url);

// The script's text with each /*KEY*/null given its value (JavaScript source), as the
// build's scripts.fill does.
export function source(name, values = {}) {
  let text = readFileSync(new URL(name, JS), "utf-8");
  for (const [key, value] of Object.entries(values)) {
    const place = `/*${key}*/null`;
    if (!text.includes(place)) {
      throw new Error(`${name} has no ${place}`);
    }
    text = text.replace(place, value);
  }
  return text;
}

// Run js/<name> in a new context whose globals are `globals`; the context (its globals).
export function run(name, globals = {}, values = {}) {
  const context = vm.createContext(globals);
  vm.runInContext(source(name, values), context, { filename: name });
  return context;
}

// A value made in another context, as plain data (deepStrictEqual compares prototypes).
export const plain = (value) => JSON.parse(JSON.stringify(value));
