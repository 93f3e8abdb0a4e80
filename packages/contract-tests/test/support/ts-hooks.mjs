// Node module hooks that let the jest global teardown (loaded by Node, not by jest's transformer)
// import the suite's TypeScript modules: `.js` specifiers of a `.ts` parent resolve to `.ts`, and
// `.ts` files are transpiled (types are checked by `tsc`, not here).
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

export async function resolve(specifier, context, next) {
  if (
    specifier.startsWith('.') &&
    specifier.endsWith('.js') &&
    context.parentURL?.endsWith('.ts')
  ) {
    try {
      return await next(specifier.replace(/\.js$/, '.ts'), context);
    } catch {
      // not a TypeScript module: resolve as written
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
