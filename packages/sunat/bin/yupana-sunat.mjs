#!/usr/bin/env node
// Lanzador del CLI: registra tsx (el paquete se ejecuta desde TypeScript, sin paso de compilación) y corre src/cli/main.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const codigo = await main(process.argv.slice(2));
process.exitCode = codigo;
