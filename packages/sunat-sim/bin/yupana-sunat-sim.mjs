#!/usr/bin/env node
// Launcher: registers tsx (the package runs from TypeScript, no build step) and runs src/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
