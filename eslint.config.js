import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

// Features of the web app and modules of the API must not import each other (DESIGN.md §4, §1):
// shared code moves down to components/ or lib/. This small rule enforces it from the import path.
const boundaries = {
  rules: {
    'no-cross-import': {
      meta: { type: 'problem', messages: { cross: '{{kind}} "{{from}}" no debe importar de {{kind}} "{{to}}": mueva el código compartido a lib/ o components/.' } },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const m = file.match(/\/(apps\/web\/src\/features|apps\/api\/src\/modules)\/([^/]+)\//);
        if (!m) return {};
        const [, area, own] = m;
        const kind = area.endsWith('features') ? 'la funcionalidad' : 'el módulo';
        const check = (node) => {
          const src = node.source && node.source.value;
          if (typeof src !== 'string' || !src.startsWith('.')) return;
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), src));
          const t = target.match(/\/(apps\/web\/src\/features|apps\/api\/src\/modules)\/([^/]+)(\/|$)/);
          // Table definitions are the one shared database, not another module's use cases: importing them is allowed.
          if (/\.schema(\.ts)?$/.test(target)) return;
          if (t && t[1] === area && t[2] !== own) context.report({ node, messageId: 'cross', data: { kind, from: own, to: t[2] } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/drizzle/**', '**/*.generated.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { yupana: boundaries },
    rules: {
      'yupana/no-cross-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Request contracts parse integers with the shared strict blocks (packages/contracts/src/validacion.ts):
    // z.coerce.number() takes "0x1", "1e0", " 1 " and [[1]] for a number.
    files: ['packages/contracts/src/**/*.ts', 'apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'z', property: 'coerce', message: 'Use ZId, ZEntero o ZEnteroConsulta de @yupana/contracts (validacion.ts).' }],
    },
  },
);
