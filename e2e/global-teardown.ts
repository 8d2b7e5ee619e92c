import { rmSync } from 'node:fs';

/** Removes the run's temporary database folder. */
export default function teardown() {
  const dir = process.env.YUPANA_E2E_DATA_DIR;
  if (dir && dir.includes('yupana-e2e-')) rmSync(dir, { recursive: true, force: true });
}
