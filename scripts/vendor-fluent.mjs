// Writes web/vendor/fluent-bundle/index.js: the `esm/` build of @fluent/bundle (installed by
// `npm install`, the version of package.json) joined into one module, so that every page
// fetches one file for it instead of eight (on a phone each request costs a round trip).
// The modules are put in an order where each comes after what it imports; their imports of
// one another are dropped (the names are then in the one scope) and index.js's re-exports
// too (the classes and functions keep their own `export`). The types stay in the package's
// `.d.ts` files beside it. Run: node scripts/vendor-fluent.mjs
import { readFileSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = dirname(createRequire(join(root, 'package.json')).resolve('@fluent/bundle/package.json'));
const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
const order = ['types.js', 'builtins.js', 'memoizer.js', 'scope.js', 'resolver.js', 'resource.js', 'bundle.js'];
const esm = join(pkg, 'esm');
const known = readdirSync(esm).filter((f) => f.endsWith('.js'));
const left = known.filter((f) => !order.includes(f) && f !== 'index.js' && f !== 'ast.js');
if (left.length) throw new Error(`@fluent/bundle ${version} has modules this script does not place: ${left.join(', ')}`);

const internal = /^(import\s[^;]*?from\s+"\.\/[a-z]+\.js";|export\s*\{\s*\};)\s*$/gms;
const parts = order.map((f) => {
  const src = readFileSync(join(esm, f), 'utf8').replace(internal, '');
  if (/from\s+["']\./.test(src)) throw new Error(`${f}: an import this script cannot drop`);
  return `// ---- ${f}\n${src.trim()}\n`;
});
const out = join(root, 'web/vendor/fluent-bundle');
writeFileSync(join(out, 'index.js'),
  `// @fluent/bundle ${version} by Mozilla (Apache License 2.0): its esm/ build joined into one\n`
  + '// module by scripts/vendor-fluent.mjs. Do not edit; run that script.\n\n' + parts.join('\n'));
for (const f of readdirSync(out)) if (f.endsWith('.js') && f !== 'index.js') rmSync(join(out, f));
console.log(`web/vendor/fluent-bundle/index.js: @fluent/bundle ${version}, ${order.length} modules joined`);
